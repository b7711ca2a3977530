import { createHash } from "node:crypto";
import {
  type CommandBinding,
  CommandBindingSchema,
  nodeSegmentOf,
  parseNodeIdSegment,
  scopeOf,
} from "../schemas/agent-commands.js";

/** base64url SHA-256 of the bytes. */
export function bodyDigest(body: Uint8Array): string {
  return createHash("sha256").update(body).digest("base64url");
}

/**
 * The binding claims of one request: its method, path (with /v1, no query), the node id the path names, the digest of
 * the exact body bytes and the scope. Throws when the path names a node id that is not plain digits within int32.
 */
export function commandBinding(method: string, path: string, body: Uint8Array = new Uint8Array()): CommandBinding {
  const segment = nodeSegmentOf(path);
  const nodeId = segment === undefined ? undefined : parseNodeIdSegment(segment);
  if (segment !== undefined && nodeId === undefined) throw new Error("the path names a malformed node id");
  return CommandBindingSchema.parse({
    method,
    path,
    ...(nodeId === undefined ? {} : { nodeId }),
    bodySha256: bodyDigest(body),
    scope: scopeOf(method),
  });
}
