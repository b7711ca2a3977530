import { SECRET_FIELDS, SENSITIVE_CONFIG_NAME } from "@kcp/shared";

const SECRET_KEYS = new Set(SECRET_FIELDS.map((field) => field.toLowerCase()));

/** Deeper than any body the parser lets through (MAX_JSON_DEPTH): what lies below is dropped, never walked. */
export const SANITIZE_MAX_DEPTH = 40;

const isSecretKey = (key: string) => SECRET_KEYS.has(key.toLowerCase()) || SENSITIVE_CONFIG_NAME.test(key);

/**
 * A copy of a request body without any secret: secret fields, and configs whose names mark them as secrets, become
 * "[redacted]", at any depth — unless the value is a boolean, which holds no secret (`keepSecrets: true` stays). The walk is bounded: a value nested deeper than `SANITIZE_MAX_DEPTH` becomes
 * "[too deep]", so no input can exhaust the stack.
 */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth >= SANITIZE_MAX_DEPTH) return "[too deep]";
  if (Array.isArray(value)) return value.map((inner) => withoutSecrets(inner, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key,
      isSecretKey(key) && typeof inner !== "boolean" ? "[redacted]" : withoutSecrets(inner, depth + 1),
    ]),
  );
}
