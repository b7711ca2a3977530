import { createHash, timingSafeEqual } from "node:crypto";
import { AppError } from "@kcp/shared";

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/**
 * Whether a request may read /metrics: always without a configured token; with one, only with `Authorization: Bearer
 * <token>` (the scheme in any case). The comparison takes the same time whatever the presented value (both sides are
 * hashed to one length first), so the token cannot be guessed a character at a time.
 */
export function metricsAuthorized(authorization: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const match = /^bearer +(\S+) *$/i.exec(authorization ?? "");
  return timingSafeEqual(digest(match?.[1] ?? ""), digest(token)) && match !== null;
}

/** The answer to a /metrics request without the right token: 401, naming what is needed (never the token). */
export function metricsUnauthorized(): { error: AppError; headers: Record<string, string> } {
  return {
    error: new AppError("unauthenticated", "/metrics needs Authorization: Bearer with the METRICS_TOKEN"),
    headers: { "WWW-Authenticate": 'Bearer realm="metrics"' },
  };
}
