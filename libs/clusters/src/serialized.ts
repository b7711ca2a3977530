import { createHash } from "node:crypto";

/** A response body serialized once and served many times, with its entity tag (clients that poll get 304s). */
export interface SerializedResponse {
  json: Buffer;
  etag: string;
}

export function serialized(body: unknown): SerializedResponse {
  const json = Buffer.from(JSON.stringify(body), "utf8");
  const hash = createHash("sha1").update(json).digest("base64url");
  return { json, etag: `"${json.length.toString(16)}-${hash}"` };
}
