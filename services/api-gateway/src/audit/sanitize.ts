import { SECRET_FIELDS } from "@kcp/shared";

const SECRET_KEYS = new Set(SECRET_FIELDS.map((field) => field.toLowerCase()));

/** A copy of a request body without any secret: secret fields become "[redacted]", at any depth. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key,
      SECRET_KEYS.has(key.toLowerCase()) ? "[redacted]" : withoutSecrets(inner),
    ]),
  );
}
