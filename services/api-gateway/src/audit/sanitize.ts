import { SECRET_FIELDS, SENSITIVE_CONFIG_NAME } from "@kcp/shared";

const SECRET_KEYS = new Set(SECRET_FIELDS.map((field) => field.toLowerCase()));

const isSecretKey = (key: string) => SECRET_KEYS.has(key.toLowerCase()) || SENSITIVE_CONFIG_NAME.test(key);

/**
 * A copy of a request body without any secret: secret fields, and configs whose names mark them as secrets, become
 * "[redacted]", at any depth.
 */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key,
      isSecretKey(key) ? "[redacted]" : withoutSecrets(inner),
    ]),
  );
}
