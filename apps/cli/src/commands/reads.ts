import { writeFile } from "node:fs/promises";
import { type paths, unwrap } from "@kcp/api-client";
import { viewAgeSeconds } from "@kcp/shared";
import { CLUSTER_SORTS, HEALTH_STATUSES, PROVIDERS } from "@kcp/shared/lists";
import { text } from "../args.js";
import { formatDuration, growthText, sparkline } from "../charts.js";
import { type Context, clusterId, print } from "../context.js";
import { formatBytes, table } from "../output.js";
import type { Args, OptionSpec } from "../spec.js";

type ClusterListQuery = NonNullable<paths["/api/v1/clusters"]["get"]["parameters"]["query"]>;

/** The options of kcp clusters that are the list's query parameters, passed as given (the service checks them). */
export const CLUSTER_LIST_OPTIONS: Record<string, OptionSpec> = {
  labels: {
    type: "string",
    value: "SELECTOR",
    help: "a label selector: key=value, key!=value, key, !key, comma-separated (all met), e.g. env=prod,team!=payments",
  },
  health: {
    type: "string",
    value: "S,..",
    values: [...HEALTH_STATUSES],
    help: "health statuses, comma-separated: clusters in any of them",
  },
  provider: {
    type: "string",
    value: "P",
    values: [...PROVIDERS],
    help: "how its nodes are run (comma-separated: any of them)",
  },
  name: { type: "string", value: "NAME", help: "part of the name (case-insensitive)" },
  stale: {
    type: "string",
    value: "true|false",
    values: ["true", "false"],
    help: "true: only clusters whose view is stale (collectors not keeping up); false: only fresh ones",
  },
  sort: {
    type: "string",
    value: "ORDER",
    values: [...CLUSTER_SORTS],
    help: "name (default), worst (health), stalest (oldest view), newest (registered last)",
  },
  limit: { type: "string", value: "N", help: "at most N clusters (default: all)" },
  offset: { type: "string", value: "N", help: "skip the first N matching clusters" },
};

/** Pure: the list's query from the options given; numbers that are not numbers are left for the service to refuse. */
export function clusterListQuery(args: Args | undefined): ClusterListQuery {
  const query: Record<string, string | number> = {};
  for (const name of Object.keys(CLUSTER_LIST_OPTIONS)) {
    const value = args ? text(args, name) : undefined;
    if (value === undefined) continue;
    const number = Number(value);
    query[name] =
      (name === "limit" || name === "offset") && value.trim() !== "" && Number.isFinite(number) ? number : value;
  }
  return query as ClusterListQuery;
}

/** Pure: a view's age at `now` for people (12s, 3m, 1h05m), marked when stale; - when the service did not say. */
export function viewAge(freshness: { since: string; stale: boolean } | undefined, now = Date.now()): string {
  if (!freshness) return "-";
  return `${formatDuration(viewAgeSeconds(freshness, now))}${freshness.stale ? " (stale)" : ""}`;
}

/**
 * kcp clusters [--labels ..] [--health ..] [--provider ..] [--name ..] [--stale ..] [--sort ..] [--limit N] [--offset N]:
 * the matching clusters with health, brokers, issues and how old each view is; then how many match, by health.
 */
export async function clusters(context: Context, args?: Args): Promise<void> {
  const query = clusterListQuery(args);
  const answer = unwrap(await context.client.GET("/api/v1/clusters", { params: { query } }));
  print(context, answer, () => {
    const total = answer.total ?? answer.clusters.length;
    const counts = answer.counts
      ? Object.entries(answer.counts)
          .filter(([, count]) => count > 0)
          .map(([status, count]) => `${count} ${status}`)
          .join(", ")
      : "";
    const shown = answer.clusters.length === total ? `${total}` : `${answer.clusters.length} of ${total}`;
    return [
      table(
        ["NAME", "ID", "STATUS", "BROKERS", "OFFLINE", "UNDER-REPLICATED", "ISSUES", "AGE"],
        answer.clusters.map(({ cluster, health, freshness }) => [
          cluster.name,
          cluster.id,
          health.status,
          `${health.brokersAlive ?? "-"}/${health.brokers ?? "-"}`,
          String(health.offlinePartitions ?? "-"),
          String(health.underReplicated ?? "-"),
          health.issues.map((issue) => issue.code).join(",") || "-",
          viewAge(freshness),
        ]),
      ),
      `${shown} cluster${total === 1 ? "" : "s"}${counts ? `; by health (every filter but --health): ${counts}` : ""}` +
        `${answer.stale ? `; ${answer.stale} stale` : ""}`,
    ].join("\n");
  });
}

/** The first page of a list, of --limit rows (100 by default), matching --search when given. */
function firstPage(options: { search?: string; limit?: string }) {
  return { limit: Number(options.limit ?? 100), offset: 0, ...(options.search ? { search: options.search } : {}) };
}

/** kcp topics CLUSTER [--search TEXT] [--limit N]: topics with partitions, replication, size and health. */
export async function topics(
  context: Context,
  cluster: string | undefined,
  options: { search?: string; limit?: string },
) {
  const id = await clusterId(context, cluster);
  const query = firstPage(options);
  const list = unwrap(await context.client.GET("/api/v1/clusters/{id}/topics", { params: { path: { id }, query } }));
  print(context, list, () =>
    [
      table(
        ["TOPIC", "PARTITIONS", "RF", "SIZE", "UNDER-REPLICATED", "OFFLINE"],
        list.topics.map((t) => [
          t.name,
          String(t.partitions),
          String(t.replicationFactor),
          formatBytes(t.sizeBytes),
          String(t.underReplicatedPartitions),
          String(t.offlinePartitions),
        ]),
      ),
      `${list.topics.length} of ${list.total} topics`,
    ].join("\n"),
  );
}

/**
 * kcp groups CLUSTER [--search TEXT]: consumer groups of every type with state and total lag, the lag's last hour as a
 * sparkline and, while it grows, for how long and how fast (from the service's history).
 */
export async function groups(
  context: Context,
  cluster: string | undefined,
  options: { search?: string; limit?: string },
) {
  const id = await clusterId(context, cluster);
  const query = firstPage(options);
  const list = unwrap(await context.client.GET("/api/v1/clusters/{id}/groups", { params: { path: { id }, query } }));
  print(context, list, () =>
    [
      table(
        ["GROUP", "TYPE", "STATE", "LAG", "LAST HOUR", "TREND"],
        list.groups.map((g) => [
          g.id,
          g.type,
          g.state,
          g.lag === undefined ? "-" : String(g.lag),
          sparkline(g.lagRecent ?? [], 30) || "-",
          growthText(g.lagGrowth),
        ]),
      ),
      `${list.groups.length} of ${list.total} groups`,
    ].join("\n"),
  );
}

/** kcp audit [--limit N] [--action A] [--actor U]: the newest audit entries. */
export async function audit(context: Context, options: { limit?: string; action?: string; actor?: string }) {
  const query = {
    limit: Number(options.limit ?? 20),
    ...(options.action ? { action: options.action } : {}),
    ...(options.actor ? { actor: options.actor } : {}),
  };
  const page = unwrap(await context.client.GET("/api/v1/audit", { params: { query } }));
  print(context, page, () =>
    table(
      ["AT", "ACTOR", "ACTION", "TARGET", "RESULT"],
      page.entries.map((e) => [e.at, e.actor, e.action, e.target ?? "-", e.result]),
    ),
  );
}

/**
 * kcp audit export [filters] [-o FILE]: every matching entry as NDJSON (admin; the export is itself audited), for
 * archives and SIEMs.
 */
export async function exportAudit(
  context: Context,
  options: { action?: string; actor?: string; result?: string; from?: string; to?: string; output?: string },
) {
  const query = {
    ...(options.action ? { action: options.action } : {}),
    ...(options.actor ? { actor: options.actor } : {}),
    ...(options.result ? { result: options.result } : {}),
    ...(options.from ? { from: options.from } : {}),
    ...(options.to ? { to: options.to } : {}),
  } as never;
  const answer = await context.client.GET("/api/v1/audit/export", { params: { query }, parseAs: "text" });
  const ndjson = unwrap(answer as { data?: string; error?: unknown; response: Response });
  if (options.output) {
    await writeFile(options.output, ndjson);
    context.out(`Wrote ${ndjson.split("\n").filter(Boolean).length} entries to ${options.output}`);
  } else context.out(ndjson.replace(/\n$/, ""));
}
