import { AppError, reservedKeyPath } from "@kcp/shared";
import type { z } from "zod";

/**
 * A body naming a kind the API does not have (an unknown operation `type`) is well-formed but impossible: 422
 * invalid_request. A missing or non-text discriminator stays a schema mismatch.
 */
function unknownKind(issues: readonly z.core.$ZodIssue[], value: unknown): AppError | undefined {
  const [issue] = issues;
  if (issues.length !== 1 || issue?.code !== "invalid_union" || !("discriminator" in issue)) return undefined;
  const key = String(issue.discriminator);
  const given = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  if (typeof given !== "string") return undefined;
  const options = (issue as { options?: unknown }).options;
  const known = Array.isArray(options) ? options.join(", ") : "";
  return new AppError("invalid_request", `Unknown ${key} ${JSON.stringify(given)}: the known ones are ${known}`);
}

/** Parses a part of the request; a mismatch is 400 validation_failed naming each field. */
export function validate<T>(schema: z.ZodType<T> | undefined, value: unknown, part: "body" | "query" | "path"): T {
  if (!schema) return value as T;
  // zod would drop a `__proto__` key of a map without a word: the key is refused by name instead.
  const reserved = reservedKeyPath(value);
  if (reserved) throw new AppError("validation_failed", `Invalid ${part}: ${reserved.join(".")}: is a reserved name`);
  const result = schema.safeParse(value ?? (part === "body" ? undefined : {}));
  if (result.success) return result.data;
  const refused = part === "body" ? unknownKind(result.error.issues, value) : undefined;
  if (refused) throw refused;
  const problems = result.error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join(".") : part;
    return `${field}: ${issue.message}`;
  });
  throw new AppError("validation_failed", `Invalid ${part}: ${problems.join("; ")}`);
}
