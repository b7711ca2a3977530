import { readFileSync } from "node:fs";
import { z } from "zod";
import { type RoleBindingSpec, RoleBindingSpecSchema } from "../schemas/access.js";

/** Role bindings as code: a file loaded at start whose bindings replace those of the previous file (docs/identity.md). */
export const accessSection = z.object({
  /**
   * A JSON file with a list of role bindings, loaded at each start; they win over edits (read-only through the API).
   * Unset (the default): no binding comes from a file, and those a previous file loaded are removed.
   */
  ACCESS_BINDINGS_FILE: z.string().min(1).optional(),
});
export type AccessConfig = z.infer<typeof accessSection>;

const subjectName = (entry: unknown): string => {
  const subject = (entry as { subject?: { kind?: unknown; username?: unknown; source?: unknown; group?: unknown } })
    ?.subject;
  if (subject?.kind === "user" && typeof subject.username === "string") return ` (user ${subject.username})`;
  if (subject?.kind === "group" && typeof subject.group === "string")
    return ` (group ${String(subject.source)}:${subject.group})`;
  return "";
};

/**
 * The bindings of a bindings file: a JSON list of role bindings. A file that cannot be read, is not JSON, is not a
 * list, or has an entry that is not a binding (or repeats an earlier one) throws an error naming the file, the entry
 * (1-based, with its subject) and the problem, with the problem's path inside the entry.
 */
export function parseBindingsFile(path: string, text: string): RoleBindingSpec[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`ACCESS_BINDINGS_FILE ${path} is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(json)) throw new Error(`ACCESS_BINDINGS_FILE ${path}: must be a JSON list of role bindings`);
  const bindings: RoleBindingSpec[] = [];
  const seen = new Map<string, number>();
  json.forEach((entry: unknown, index) => {
    const where = `ACCESS_BINDINGS_FILE ${path}: entry ${index + 1}${subjectName(entry)}`;
    const parsed = RoleBindingSpecSchema.safeParse(entry);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) =>
        issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
      );
      throw new Error(`${where}: ${problems.join("; ")}`);
    }
    const key = JSON.stringify(sortKeys(parsed.data));
    const earlier = seen.get(key);
    if (earlier !== undefined) throw new Error(`${where}: repeats entry ${earlier + 1}`);
    seen.set(key, index);
    bindings.push(parsed.data);
  });
  return bindings;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => [k, sortKeys(v)]),
  );
}

/** The bindings of ACCESS_BINDINGS_FILE, read once at start; undefined when it is unset. */
export function loadBindingsFile(config: Partial<AccessConfig>): RoleBindingSpec[] | undefined {
  const path = config.ACCESS_BINDINGS_FILE;
  if (path === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new Error(`ACCESS_BINDINGS_FILE ${path} cannot be read: ${(error as NodeJS.ErrnoException).code ?? "error"}`);
  }
  return parseBindingsFile(path, text);
}
