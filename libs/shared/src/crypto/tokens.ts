import { createHash, randomBytes } from "node:crypto";

/** A session token: 256 random bits, base64url. Only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** SHA-256 of a token, hex: what the store keeps, so a leaked database holds no usable token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** API tokens start with this, so they are recognisable (secret scanners, logs) and told apart from sessions. */
export const API_TOKEN_PREFIX = "kcp_";

/** An API token's secret: the prefix and 256 random bits, base64url. Only its hash is stored. */
export function newApiTokenSecret(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}
