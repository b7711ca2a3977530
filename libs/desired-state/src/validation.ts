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

/**
 * A plan request checked, with the digest of its files; or why it does not match the schema (`refused`: 400
 * validation_failed), or why it is not JSON at all (`malformed`: 400 bad_request).
 */
export type CheckedPlanRequest =
  | { body: DesiredStatePlanRequest; digest: string; refused?: undefined; malformed?: undefined }
  | { refused: string; start?: unknown; malformed?: undefined }
  | { malformed: string; refused?: undefined };

/**
 * A checked plan request as the request thread holds it: everything but the files' documents, which stay on the
 * desired-state thread under the digest (each file by its path and how many documents it has).
 */
export type PlanRequestSummary = Omit<DesiredStatePlanRequest, "files"> & {
  digest: string;
  files: { path: string; documents: number }[];
};

/** Pure: the summary of a checked request (what crosses back to the request thread). */
export function summaryOf(body: DesiredStatePlanRequest, digest: string): PlanRequestSummary {
  return { ...body, digest, files: body.files.map((f) => ({ path: f.path, documents: f.documents.length })) };
}

/** A check as answered to the request thread: the summary, or why the body is refused. */
export type CheckedPlanSummary =
  | { summary: PlanRequestSummary; refused?: undefined; malformed?: undefined }
  /** `start`: the beginning of what was parsed (bodyStart), what the audit keeps an excerpt of. */
  | { refused: string; start?: unknown; malformed?: undefined; summary?: undefined }
  | { malformed: string; refused?: undefined; summary?: undefined };

/**
 * Pure: the beginning of a parsed body, in the same order, cut after about `budget` characters of JSON (strings
 * shortened, later keys and items left out): what the audit makes its short excerpt of, its secrets redacted there,
 * without the whole body ever reaching the request thread.
 */
export function bodyStart(value: unknown, budget = 1024): unknown {
  const left = { chars: budget };
  const cut = (item: unknown): unknown => {
    if (typeof item === "string") {
      const kept = item.slice(0, Math.max(0, left.chars));
      left.chars -= kept.length + 2;
      return kept;
    }
    if (item === null || typeof item !== "object") {
      left.chars -= String(item).length;
      return item;
    }
    if (Array.isArray(item)) {
      const out: unknown[] = [];
      for (const element of item) {
        if (left.chars <= 0) break;
        out.push(cut(element));
        left.chars -= 1;
      }
      return out;
    }
    const out: Record<string, unknown> = {};
    for (const [key, element] of Object.entries(item)) {
      if (left.chars <= 0) break;
      left.chars -= key.length + 4;
      out[key] = cut(element);
    }
    return out;
  };
  return cut(value);
}

/** The deepest nesting of objects and arrays a body may have, as for every other body (the gateway's MAX_JSON_DEPTH). */
const MAX_JSON_DEPTH = 32;

/** Whether a parsed JSON value nests objects and arrays deeper than MAX_JSON_DEPTH (walked without recursion). */
function tooDeep(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, depth] = next;
    if (typeof item !== "object" || item === null) continue;
    if (depth > MAX_JSON_DEPTH) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Pure: a plan request's body as the bytes received, parsed here (JSON in UTF-8, an object or an array at the top, at
 * most MAX_JSON_DEPTH deep, as every body) and checked (checkPlanRequest).
 */
export function checkPlanRequestBytes(bytes: Uint8Array): CheckedPlanRequest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8").decode(bytes));
  } catch {
    return { malformed: "The request body is not valid JSON" };
  }
  if (typeof parsed !== "object" || parsed === null) return { malformed: "The request body is not valid JSON" };
  if (tooDeep(parsed))
    return { malformed: `The request body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels` };
  return checkPlanRequest(parsed);
}

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
  return { refused: `Invalid body:\n${lines.slice(0, PROBLEMS_SHOWN).join("\n")}${more}`, start: bodyStart(raw) };
}
