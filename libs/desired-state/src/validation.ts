import { createHash } from "node:crypto";
import { type DesiredStatePlanRequest, DesiredStatePlanRequestSchema, reservedKeyPath } from "@kcp/shared";

/** A schema problem as zod reports it (the parts read here). */
interface Issue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  discriminator?: unknown;
  options?: unknown;
}

const PROBLEMS_SHOWN = 50;

const at = (value: unknown, key: PropertyKey): unknown =>
  typeof value === "object" && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined;

/**
 * Pure: a schema problem of a plan request as the other refusals of the files name it — the file by its path, the
 * document by its index, then the field (`teams/orders.yaml, document 1 (partitions): …`), never `files.0.documents.1`.
 */
export function describeIssue(issue: Issue, raw: unknown): string {
  const [top, fileIndex, part, documentIndex, ...rest] = issue.path;
  if (top !== "files" || typeof fileIndex !== "number")
    return `${issue.path.length > 0 ? issue.path.map(String).join(".") : "body"}: ${issue.message}`;
  const given = at(at(raw, "files"), fileIndex);
  const path = at(given, "path");
  const file = typeof path === "string" && path.length > 0 ? path : `file ${fileIndex} (no path)`;
  if (part !== "documents" || typeof documentIndex !== "number") {
    const field = issue.path.slice(2).map(String).join(".");
    return `${file}${field ? ` (${field})` : ""}: ${issue.message}`;
  }
  const document = at(at(given, "documents"), documentIndex);
  const kind = typeof issue.discriminator === "string" ? at(document, issue.discriminator) : undefined;
  const message =
    issue.code === "invalid_union" && typeof kind === "string" && rest.length === 1 && rest[0] === issue.discriminator
      ? `unknown ${issue.discriminator} ${JSON.stringify(kind)}${Array.isArray(issue.options) ? `: the known ones are ${issue.options.join(", ")}` : ""}`
      : issue.message;
  return `${file}, document ${documentIndex}${rest.length > 0 ? ` (${rest.map(String).join(".")})` : ""}: ${message}`;
}

/** A plan request checked, with the digest of its files, or why it does not match the schema. */
export type CheckedPlanRequest = { body: DesiredStatePlanRequest; digest: string } | { refused: string };

/** The SHA-256 of the files as validated: what names a plan and its staged files. */
export const filesDigest = (files: DesiredStatePlanRequest["files"]) =>
  createHash("sha256").update(JSON.stringify(files)).digest("hex");

/**
 * Pure: a plan request's body checked against its schema (reserved keys refused by name first, as for every body), its
 * problems each naming the file by path and the document by index (at most 50 shown).
 */
export function checkPlanRequest(raw: unknown): CheckedPlanRequest {
  const reserved = reservedKeyPath(raw);
  if (reserved)
    return { refused: `Invalid body:\n${describeIssue({ path: reserved, message: "is a reserved name" }, raw)}` };
  const result = DesiredStatePlanRequestSchema.safeParse(raw);
  if (result.success) return { body: result.data, digest: filesDigest(result.data.files) };
  const lines = result.error.issues.map((issue) => describeIssue(issue as Issue, raw));
  const more = lines.length > PROBLEMS_SHOWN ? `\n… and ${lines.length - PROBLEMS_SHOWN} more` : "";
  return { refused: `Invalid body:\n${lines.slice(0, PROBLEMS_SHOWN).join("\n")}${more}` };
}
