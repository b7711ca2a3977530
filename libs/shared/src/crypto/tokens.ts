import { createHash, randomBytes } from "node:crypto";

/** A session token: 256 random bits, base64url. Only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** SHA-256 of a token, hex: what the store keeps, so a leaked database holds no usable token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
