import { readFile } from "node:fs/promises";
import { type ApiClient, createApiClient, unwrap } from "@kcp/api-client";
import type { StoredConfig, StoredLogin } from "./config-store.js";
import { UsageError } from "./exit-codes.js";
import type { Terminal } from "./terminal.js";
import { parseYamlDocuments } from "./yaml-files.js";

/** What every command runs with: the client, where to write, and the choices of the command line. */
export interface Context {
  /** The client of the service, with the token; a command that needs it without a service named is a usage error. */
  readonly client: ApiClient;
  /** The service's URL (from --url, $KCP_URL or the context); "" when none is named. */
  url: string;
  /** --insecure-http or $KCP_INSECURE_HTTP=1: plain http:// to another machine is allowed (credentials.ts). */
  insecureHttp: boolean;
  configPath: string;
  config: StoredConfig;
  /** The context this command uses: --context, else $KCP_CONTEXT, else the config's current context. */
  contextName: string;
  /** The login of that context, when it is one for `url`. */
  login: StoredLogin | undefined;
  json: boolean;
  out: (text: string) => void;
  /** Standard error: what a person must do while a command waits (an address to open), out of --json's way. */
  err: (text: string) => void;
  /** The terminal standard output is (kcp top redraws on it); undefined when it is not one, or `out` is replaced. */
  terminal: Terminal | undefined;
  /** Waits between polls (`watch`); replaced in tests. */
  sleep: (ms: number) => Promise<void>;
  /** The whole of standard input. */
  stdin: () => Promise<string>;
  /** One answer typed at the terminal, or undefined when standard input is not a terminal (scripts name it instead). */
  ask: (question: string) => Promise<string | undefined>;
  env: NodeJS.ProcessEnv;
}

export function contextClient(url: string, token: string | undefined): ApiClient {
  return createApiClient({ baseUrl: url, ...(token ? { token } : {}) });
}

/** A cluster named on the command line by its name or its id. */
export async function clusterId(context: Context, nameOrId: string | undefined): Promise<string> {
  return (await clusterNamed(context, nameOrId)).id;
}

/** A cluster named on the command line by its name or its id: its id and name. */
export async function clusterNamed(
  context: Context,
  nameOrId: string | undefined,
): Promise<{ id: string; name: string }> {
  if (!nameOrId) throw new UsageError("Name the cluster (its name or id)");
  const { clusters } = unwrap(await context.client.GET("/api/v1/clusters"));
  const found = clusters.find((view) => view.cluster.id === nameOrId || view.cluster.name === nameOrId);
  if (!found) throw new UsageError(`No cluster named ${nameOrId} (kcp clusters lists them)`);
  return { id: found.cluster.id, name: found.cluster.name };
}

/** Writes `value` as JSON (--json) or the text made for people. */
export function print(context: Context, value: unknown, forPeople: () => string): void {
  context.out(context.json ? JSON.stringify(value, null, 2) : forPeople());
}

/**
 * A secret, never from an argument (it would stay in the shell's history and the process list): the file named (`-`
 * is standard input), else the environment variable, else standard input. One trailing newline is dropped.
 */
export async function readSecret(
  context: Context,
  what: string,
  from: { file?: string | undefined; env?: string | undefined },
): Promise<string> {
  let text: string | undefined;
  if (from.file && from.file !== "-")
    text = await readFile(from.file, "utf8").catch(() => {
      throw new UsageError(`The file ${from.file} cannot be read`);
    });
  else if (!from.file && from.env && context.env[from.env]) text = context.env[from.env];
  else text = await context.stdin();
  const secret = (text ?? "").replace(/\r?\n$/, "");
  if (!secret)
    throw new UsageError(
      `No ${what}: pipe it to standard input${from.env ? `, set ${from.env}` : ""}, or name a file (never an argument)`,
    );
  return secret;
}

/**
 * The name typed back for something that cannot be undone: --name, else asked at a terminal. Anything else is
 * refused before a request is sent.
 */
export async function typedBack(context: Context, what: string, expected: string, given: string | undefined) {
  const typed = given ?? (await context.ask(`Type the ${what}'s name (${expected}) to go on: `));
  if (typed === undefined) throw new UsageError(`Type the ${what}'s name back: --name ${expected}`);
  if (typed !== expected) throw new UsageError(`The name typed back (${typed}) is not the ${what}'s (${expected})`);
}

/**
 * A YAML or JSON mapping read from a file, or standard input for `-`; a usage error naming `what` when the file cannot
 * be read or holds something else.
 */
export async function readMapping(context: Context, file: string, what: string): Promise<Record<string, unknown>> {
  const content =
    file === "-"
      ? await context.stdin()
      : await readFile(file, "utf8").catch(() => {
          throw new UsageError(`The file ${file} cannot be read`);
        });
  const documents = parseYamlDocuments(content, file === "-" ? "standard input" : file);
  if (documents.length > 1)
    throw new UsageError(
      `${file === "-" ? "Standard input" : file} holds ${documents.length} documents: ${what} is one`,
    );
  const value = documents[0];
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new UsageError(`${file === "-" ? "Standard input" : file} is not ${what} (a YAML mapping)`);
  return value as Record<string, unknown>;
}
