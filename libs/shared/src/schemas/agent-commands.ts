import { z } from "zod";

/**
 * What binds a node agent's command token to the one request it was signed for (docs/node-agent.md,
 * "Authentication"): the signer computes these claims from the request it is about to send, the agent from the request
 * it received, and the agent accepts the token only when every one is equal.
 */

/** The largest node id (Kafka's node ids are int32). */
const MAX_NODE_ID = 2_147_483_647;

/**
 * A node id as the agent's paths write it: decimal digits only, within int32. Anything else (`1e3`, `0x5`, ` 5`, `-1`,
 * `5.0`) is undefined: the agent answers 400 rather than read it as a number.
 */
export function parseNodeIdSegment(text: string): number | undefined {
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_NODE_ID ? id : undefined;
}

/** The raw segment after `/v1/nodes/` when a path names a node (`/v1/nodes/{id}` and below); undefined otherwise. */
export function nodeSegmentOf(path: string): string | undefined {
  const match = /^\/v1\/nodes\/([^/]*)(?:\/|$)/.exec(path);
  return match ? match[1] : undefined;
}

/** "read" for GET: a read token never authorises anything else; "write" for every other method. */
export const CommandScopeSchema = z.enum(["read", "write"]);
export type CommandScope = z.infer<typeof CommandScopeSchema>;

export const scopeOf = (method: string): CommandScope => (method === "GET" ? "read" : "write");

/** The claims of a command token that name its request (beside `iss`, `aud`, `iat`, `exp` and `jti`). */
export const CommandBindingSchema = z.object({
  method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]).describe("The request's HTTP method"),
  path: z
    .string()
    .regex(/^\/[^?#\s]*$/, "a path without a query")
    .max(2048)
    .describe("The request's path, with /v1 and without a query"),
  nodeId: z
    .number()
    .int()
    .min(0)
    .max(MAX_NODE_ID)
    .optional()
    .describe("The node id the path names (/v1/nodes/{id}…); absent when it names none"),
  bodySha256: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "base64url of a SHA-256 digest")
    .describe("base64url SHA-256 of the exact body bytes (of the empty body when there is none)"),
  scope: CommandScopeSchema.describe('"read" for GET, "write" otherwise'),
});
export type CommandBinding = z.infer<typeof CommandBindingSchema>;
