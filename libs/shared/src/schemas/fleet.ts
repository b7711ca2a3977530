import { z } from "zod";
import { DateTimeSchema, offsetQuery } from "./common.js";
import { CLUSTER_SORTS, HEALTH_STATUSES, PROVIDERS } from "./lists.js";

/**
 * One requirement of a label selector, as Kubernetes writes them: `key=value` (or `key==value`), `key!=value`, `key`
 * (the label is set) and `!key` (it is not).
 */
export type LabelRequirement =
  | { key: string; op: "equals" | "differs"; value: string }
  | { key: string; op: "exists" | "absent" };

/** A label's key or value in a selector: letters, digits and `-_./:` (no comma, no `=`, no `!`). */
const SELECTOR_TOKEN = /^[A-Za-z0-9_./:-]+$/;
const SELECTOR_VALUE = /^[A-Za-z0-9_./:-]*$/;

/** The requirements of a selector (`env=prod,team!=payments,tier`), or `{ error }` naming the first bad one. */
export function parseLabelSelector(text: string): LabelRequirement[] | { error: string } {
  const requirements: LabelRequirement[] = [];
  for (const raw of text.split(",")) {
    const part = raw.trim();
    const bad = { error: `"${part}" is not key, !key, key=value or key!=value` };
    const match = /^([^=!]+)(!=|==|=)(.*)$/.exec(part);
    if (match) {
      const [, key = "", op, value = ""] = match;
      if (!SELECTOR_TOKEN.test(key.trim()) || !SELECTOR_VALUE.test(value.trim())) return bad;
      requirements.push({ key: key.trim(), op: op === "!=" ? "differs" : "equals", value: value.trim() });
    } else if (part.startsWith("!")) {
      if (!SELECTOR_TOKEN.test(part.slice(1))) return bad;
      requirements.push({ key: part.slice(1), op: "absent" });
    } else {
      if (!SELECTOR_TOKEN.test(part)) return bad;
      requirements.push({ key: part, op: "exists" });
    }
  }
  return requirements;
}

/** Whether labels meet every requirement (a `!=` is met by a label that is not set, as in Kubernetes). */
export function labelsMatch(labels: Readonly<Record<string, string>> | undefined, selector: LabelRequirement[]) {
  const own = labels ?? {};
  return selector.every((r) => {
    const value = Object.hasOwn(own, r.key) ? own[r.key] : undefined;
    if (r.op === "equals") return value === r.value;
    if (r.op === "differs") return value !== r.value;
    return r.op === "exists" ? value !== undefined : value === undefined;
  });
}

/** Comma-separated values of a query parameter, each one of `allowed`. */
const listOf = <T extends string>(allowed: readonly T[], what: string) =>
  z
    .string()
    .min(1)
    .max(200)
    .transform((text, ctx) => {
      const values = text.split(",").map((v) => v.trim());
      const unknown = values.filter((v) => !(allowed as readonly string[]).includes(v));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `unknown ${what}: ${unknown.join(", ")} (one of ${allowed.join(", ")})`,
        });
        return z.NEVER;
      }
      return [...new Set(values)] as T[];
    });

/** Most clusters one page of the cluster list holds. */
export const CLUSTER_PAGE_MAX = 5000;

/**
 * GET /clusters and GET /overview: which registered clusters, in what order, which page. With no parameter the answer
 * is every cluster by name, as before.
 */
export const ClusterListQuerySchema = z.strictObject({
  labels: z
    .string()
    .min(1)
    .max(1000)
    .transform((text, ctx) => {
      const parsed = parseLabelSelector(text);
      if ("error" in parsed) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    })
    .optional()
    .describe(
      "Label selector, Kubernetes style: comma-separated requirements, all met — key=value, key!=value, key (set), " +
        "!key (not set); e.g. env=prod,team!=payments",
    ),
  health: listOf(HEALTH_STATUSES, "health status")
    .optional()
    .describe(`Health statuses, comma-separated (${HEALTH_STATUSES.join(", ")}): clusters in any of them`),
  provider: listOf(PROVIDERS, "provider")
    .optional()
    .describe(`Providers, comma-separated (${PROVIDERS.join(", ")}): clusters of any of them`),
  name: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe("Part of the cluster's name, case-insensitive: clusters whose name contains it"),
  stale: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional()
    .describe("true: only clusters whose view is stale (see freshness); false: only fresh ones"),
  sort: z
    .enum(CLUSTER_SORTS)
    .default("name")
    .describe(
      "name (default), worst (critical, unreachable, warning, unknown, ok; then by issue count), stalest (oldest " +
        "view first), newest (most recently registered first)",
    ),
  limit: z.coerce
    .number<unknown>()
    .int()
    .min(1)
    .max(CLUSTER_PAGE_MAX)
    .optional()
    .describe(`How many clusters to return (1-${CLUSTER_PAGE_MAX}; default: all that match)`),
  offset: offsetQuery("How many matching clusters to skip (default 0)"),
});
export type ClusterListQuery = z.infer<typeof ClusterListQuerySchema>;

/**
 * How fresh a cluster's view is: when it was last written by a collection and when it turns stale (older than twice
 * the interval plus the collection timeout: its collector replicas are not keeping up, or none runs). Instants, not an
 * age, so that an unchanged fleet gives an unchanged answer (its ETag holds); the age is now − `since`.
 */
export const FreshnessSchema = z.object({
  since: DateTimeSchema.describe("When a collection last wrote the view (a cluster never collected: when registered)"),
  intervalSeconds: z.number().int().min(1).describe("How often the cluster should be collected"),
  staleAfter: DateTimeSchema.describe("When the view turns stale unless collected again"),
  stale: z.boolean().describe("Stale when answered: older than twice the interval plus the collection timeout"),
});
export type Freshness = z.infer<typeof FreshnessSchema>;

/** A view's age in seconds at `now` (ms): 0 when written after it (clocks apart). */
export function viewAgeSeconds(freshness: Pick<Freshness, "since">, now: number): number {
  const since = Date.parse(freshness.since);
  return Number.isFinite(since) ? Math.max(0, now - since) / 1000 : 0;
}

/** Counts of the clusters matching every filter but `health`, by health status (the console's filter chips). */
export const HealthCountsSchema = z.object(
  Object.fromEntries(HEALTH_STATUSES.map((s) => [s, z.number().int().min(0)])) as Record<
    (typeof HEALTH_STATUSES)[number],
    z.ZodNumber
  >,
);
export type HealthCounts = z.infer<typeof HealthCountsSchema>;
