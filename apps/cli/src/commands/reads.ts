import { writeFile } from "node:fs/promises";
import { unwrap } from "@kcp/api-client";
import { growthText, sparkline } from "../charts.js";
import { type Context, clusterId, print } from "../context.js";
import { formatBytes, table } from "../output.js";

/** kcp clusters: every cluster with its health status, brokers and issues. */
export async function clusters(context: Context): Promise<void> {
  const overview = unwrap(await context.client.GET("/api/v1/clusters"));
  print(context, overview.clusters, () =>
    table(
      ["NAME", "ID", "STATUS", "BROKERS", "OFFLINE", "UNDER-REPLICATED", "ISSUES"],
      overview.clusters.map(({ cluster, health }) => [
        cluster.name,
        cluster.id,
        health.status,
        `${health.brokersAlive ?? "-"}/${health.brokers ?? "-"}`,
        String(health.offlinePartitions ?? "-"),
        String(health.underReplicated ?? "-"),
        health.issues.map((issue) => issue.code).join(",") || "-",
      ]),
    ),
  );
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
