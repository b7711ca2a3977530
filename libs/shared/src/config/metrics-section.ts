import { readFile } from "node:fs/promises";
import { z } from "zod";

/** What a bearer token may hold (RFC 6750's token68): what Prometheus sends as is. */
const TOKEN = /^[A-Za-z0-9._~+/-]{16,1024}=*$/;
const TOKEN_RULE = "must be 16 to 1024 characters of letters, digits and . _ ~ + / - (then = padding)";

/**
 * Who may read `/metrics`. Its series name clusters, consumer groups (names anyone with a client can choose),
 * operations and the Node version: with a token, every process that serves `/metrics` answers it only to
 * `Authorization: Bearer <token>`; `/healthz` and `/readyz` stay open to the orchestrator.
 */
export const metricsSection = z
  .object({
    METRICS_TOKEN: z.string().regex(TOKEN, TOKEN_RULE).optional(),
    /** A file holding the token instead (a mounted secret); surrounding white space is ignored. */
    METRICS_TOKEN_FILE: z.string().min(1).optional(),
  })
  .refine((c) => c.METRICS_TOKEN === undefined || c.METRICS_TOKEN_FILE === undefined, {
    path: ["METRICS_TOKEN_FILE"],
    message: "set METRICS_TOKEN or METRICS_TOKEN_FILE, not both",
  });
export type MetricsConfig = z.infer<typeof metricsSection>;

/** The warning every process serving `/metrics` logs at start when it has no token (docs/configuration.md). */
export const METRICS_OPEN_WARNING =
  "/metrics is open: METRICS_TOKEN is not set, so whoever reaches this port reads the metrics (cluster, consumer group and operation names); set METRICS_TOKEN or METRICS_TOKEN_FILE, or keep the port unreachable";

/**
 * The token `/metrics` requires: METRICS_TOKEN, else METRICS_TOKEN_FILE's content, else none. Errors never show it.
 * Without a token `/metrics` stays open (every scraper, test and the chart's default work as they are), and the
 * process says so at start, at warn level, on `logger`.
 */
export async function loadMetricsToken(
  config: Partial<MetricsConfig>,
  logger?: { warn(message: string): void },
): Promise<string | undefined> {
  if (config.METRICS_TOKEN !== undefined) return config.METRICS_TOKEN;
  const path = config.METRICS_TOKEN_FILE;
  if (path === undefined) {
    logger?.warn(METRICS_OPEN_WARNING);
    return undefined;
  }
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new Error(`METRICS_TOKEN_FILE ${path} cannot be read: ${error.code ?? "error"}`);
  });
  const token = text.trim();
  if (!TOKEN.test(token)) throw new Error(`METRICS_TOKEN_FILE ${path}: the token ${TOKEN_RULE}`);
  return token;
}
