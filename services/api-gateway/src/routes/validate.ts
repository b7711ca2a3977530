import { AppError } from "@kcp/shared";
import type { z } from "zod";

/** Parses a part of the request; a mismatch is 400 validation_failed naming each field. */
export function validate<T>(schema: z.ZodType<T> | undefined, value: unknown, part: "body" | "query" | "path"): T {
  if (!schema) return value as T;
  const result = schema.safeParse(value ?? (part === "body" ? undefined : {}));
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join(".") : part;
    return `${field}: ${issue.message}`;
  });
  throw new AppError("validation_failed", `Invalid ${part}: ${problems.join("; ")}`);
}
