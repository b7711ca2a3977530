import { readFileSync } from "node:fs";
import { isAbsolute, join, normalize } from "node:path";
import { logSection } from "@kcp/shared";
import { z } from "zod";

const port = z.coerce.number().int().min(0).max(65535);

/** Absolute, normalized folders (not `/`) separated by commas. */
const folderList = z
  .string()
  .transform((text) => text.split(",").map((folder) => folder.trim()))
  .pipe(
    z
      .array(
        z
          .string()
          .refine(
            (folder) => isAbsolute(folder) && normalize(folder) === folder && folder !== "/" && !folder.endsWith("/"),
            "each must be an absolute, normalized folder other than /",
          ),
      )
      .min(1)
      .max(64),
  );

/** The agent's environment (docs/node-agent.md, "What it holds"). */
export const agentSection = z
  .object({
    AGENT_ID: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/, "letters, digits, '.', '_', ':' and '-' (at most 128)"),
    AGENT_HOST: z.string().min(1).default("127.0.0.1"),
    AGENT_PORT: port.default(9700),
    AGENT_STATE_DIR: z.string().min(1),
    /** The control plane's public key (PEM); or AGENT_PUBLIC_KEY_FILE. Not a secret, but never logged anyway. */
    AGENT_PUBLIC_KEY: z.string().min(1).optional(),
    AGENT_PUBLIC_KEY_FILE: z.string().min(1).optional(),
    /** `file:///folder` or an http(s) URL prefix; Apache's archive by default. */
    AGENT_ARTIFACTS: z
      .string()
      .regex(/^(file:\/\/\/|https?:\/\/)/, "must start with file:///, http:// or https://")
      .default("https://archive.apache.org/dist/kafka"),
    AGENT_TLS_CERT_FILE: z.string().min(1).optional(),
    AGENT_TLS_KEY_FILE: z.string().min(1).optional(),
    /** The java command the nodes and the storage tool run with. */
    AGENT_JAVA: z.string().min(1).default("java"),
    /**
     * Whether the agent keeps a class-data archive per installation and Java for the nodes' JVMs (class-data.ts):
     * `true` (default) or `false`.
     */
    AGENT_CLASS_DATA: z
      .enum(["true", "false", "1", "0"])
      .transform((value) => value === "true" || value === "1")
      .default(true),
    /** How long a stop waits for a node after SIGTERM before SIGKILL, unless the request says. */
    AGENT_STOP_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
    /**
     * The folders the nodes' data and log dirs (`log.dirs`, `log.dir`, `metadata.log.dir`) must lie under: absolute
     * paths separated by commas; default `<AGENT_STATE_DIR>/data`.
     */
    AGENT_DATA_ROOTS: folderList.optional(),
    /** The folders the nodes' file-valued properties (`*.location`, `*.keytab`, `*.file`) may name; default none. */
    AGENT_FILE_ROOTS: folderList.optional(),
    /**
     * The exact https URLs the nodes' URL-valued properties (`*.url`, such as `sasl.oauthbearer.jwks.endpoint.url`,
     * which the broker fetches) may name: separated by commas; default none.
     */
    AGENT_FETCH_URLS: z
      .string()
      .transform((text) => text.split(",").map((url) => url.trim()))
      .pipe(z.array(z.url({ protocol: /^https$/, error: "each must be an https:// URL" })).max(64))
      .optional(),
    /** How long a graceful shutdown of the agent waits for in-flight requests. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  })
  .refine((c) => (c.AGENT_PUBLIC_KEY === undefined) !== (c.AGENT_PUBLIC_KEY_FILE === undefined), {
    path: ["AGENT_PUBLIC_KEY"],
    message: "exactly one of AGENT_PUBLIC_KEY and AGENT_PUBLIC_KEY_FILE is required",
  })
  .refine((c) => (c.AGENT_TLS_CERT_FILE === undefined) === (c.AGENT_TLS_KEY_FILE === undefined), {
    path: ["AGENT_TLS_CERT_FILE"],
    message: "AGENT_TLS_CERT_FILE and AGENT_TLS_KEY_FILE go together",
  });

export const agentConfigSchema = logSection.and(agentSection);
export type AgentConfig = z.infer<typeof agentConfigSchema>;

/** The public key's PEM text, from the variable or the file. */
export function publicKeyPem(config: AgentConfig): string {
  if (config.AGENT_PUBLIC_KEY !== undefined) return config.AGENT_PUBLIC_KEY.replace(/\\n/g, "\n");
  return readFileSync(config.AGENT_PUBLIC_KEY_FILE as string, "utf8");
}

/** The folders node data may lie under: AGENT_DATA_ROOTS, or `<AGENT_STATE_DIR>/data`. */
export const dataRootsOf = (config: AgentConfig): string[] =>
  config.AGENT_DATA_ROOTS ?? [join(config.AGENT_STATE_DIR, "data")];
