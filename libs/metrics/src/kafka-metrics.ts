import { HEALTH_STATUSES, type Health } from "@kcp/shared";

/** One registered cluster as the metrics see it: its latest view and what its last collection measured. */
export interface ClusterFacts {
  id: string;
  name: string;
  /** The latest view's health (absent: never collected). */
  health?: Health;
  /** When the last collection that reached Kafka was made (the snapshot's collectedAt). */
  lastSuccessAt?: Date;
  /** Each quorum voter's lag behind the leader (records), from the last collection. */
  voterLag: ReadonlyMap<number, number>;
  /** Each consumer group's total lag (records), from the last collection. */
  groupLag: ReadonlyMap<string, number>;
  /** Seconds since the cluster's view was last written by a collection (reached or not; never collected: since it was registered). */
  viewAgeSeconds?: number;
}

/** An operation pending, running or paused, with the progress its worker reported. */
export interface ActiveOperationFacts {
  id: string;
  clusterId: string;
  type: string;
  status: string;
  bytesRemaining?: number;
  etaSeconds?: number;
}

/** A pause of the autopilot in force: for a cluster (its id) or every cluster (`*`), since when. */
export interface AutopilotPauseFacts {
  scope: string;
  since: Date;
}

export interface KafkaFacts {
  clusters: ClusterFacts[];
  operations: ActiveOperationFacts[];
  /** The autopilot's pauses in force (none: no series). */
  autopilotPauses?: AutopilotPauseFacts[];
  /** How many clusters' views are stale (older than twice their interval plus the collection timeout); absent: no series. */
  staleClusters?: number;
  now: Date;
  /** The most consumer groups given a lag series per cluster (the largest lags): bounds the label cardinality. */
  groupLagLimit: number;
}

export type Labels = Record<string, string>;

export interface Sample {
  labels: Labels;
  value: number;
}

export interface GaugeFamily {
  name: string;
  help: string;
  samples: Sample[];
}

/** Pure: the gauges of every registered cluster and active operation, as Prometheus reads them at a scrape. */
export function kafkaGauges(facts: KafkaFacts): GaugeFamily[] {
  const families = new Map<string, GaugeFamily>();
  const set = (name: string, help: string, labels: Labels, value: number) => {
    const family = families.get(name) ?? { name, help, samples: [] };
    family.samples.push({ labels, value });
    families.set(name, family);
  };
  for (const cluster of facts.clusters) clusterGauges(cluster, facts, set);
  operationGauges(facts, set);
  if (facts.staleClusters !== undefined)
    set(
      "kcp_clusters_stale",
      "Clusters whose view is stale: older than twice their collection interval plus the collection timeout",
      {},
      facts.staleClusters,
    );
  for (const pause of facts.autopilotPauses ?? [])
    set(
      "kcp_autopilot_paused_seconds",
      "How long the autopilot has been paused, by cluster id (* = every cluster); no series while it runs",
      { cluster_id: pause.scope },
      Math.max(0, (facts.now.getTime() - pause.since.getTime()) / 1000),
    );
  return [...families.values()];
}

type Setter = (name: string, help: string, labels: Labels, value: number) => void;

function clusterGauges(cluster: ClusterFacts, facts: KafkaFacts, set: Setter): void {
  const base = { cluster_id: cluster.id, cluster: cluster.name };
  set("kcp_kafka_cluster_info", "A registered Kafka cluster (always 1), by id and name", base, 1);
  if (cluster.viewAgeSeconds !== undefined)
    set(
      "kcp_cluster_view_age_seconds",
      "Seconds since the cluster's view was last written by a collection (never collected: since it was registered)",
      base,
      cluster.viewAgeSeconds,
    );
  const health = cluster.health;
  const status = health?.status ?? "unknown";
  for (const each of HEALTH_STATUSES)
    set(
      "kcp_kafka_cluster_health_status",
      "The cluster's health status: 1 for the current one (ok, warning, critical, unreachable, unknown), 0 for the others",
      { ...base, status: each },
      each === status ? 1 : 0,
    );
  const issues = new Map<string, { severity: string; count: number }>();
  for (const issue of health?.issues ?? []) {
    const seen = issues.get(issue.code) ?? { severity: issue.severity, count: 0 };
    issues.set(issue.code, { ...seen, count: seen.count + 1 });
  }
  for (const [code, { severity, count }] of issues)
    set(
      "kcp_kafka_cluster_health_issues",
      "Health issues of the cluster, by code and severity",
      {
        ...base,
        code,
        severity,
      },
      count,
    );
  if (cluster.lastSuccessAt) {
    const at = cluster.lastSuccessAt.getTime();
    set(
      "kcp_kafka_last_successful_collection_timestamp_seconds",
      "When the cluster was last collected successfully (Unix time)",
      base,
      at / 1000,
    );
    set(
      "kcp_kafka_seconds_since_last_successful_collection",
      "Seconds since the cluster was last collected successfully",
      base,
      Math.max(0, (facts.now.getTime() - at) / 1000),
    );
  }
  if (!health || health.status === "unreachable" || health.status === "unknown") return;
  if (health.desiredStateDrift !== undefined)
    set(
      "kcp_kafka_desired_state_drift",
      "Differences between the cluster and its last applied desired state (no series while none is applied)",
      base,
      health.desiredStateDrift,
    );
  brokerAndPartitionGauges(health, base, set);
  quorumGauges(cluster, health, base, set);
  groupGauges(cluster, facts.groupLagLimit, base, set);
}

function brokerAndPartitionGauges(health: Health, base: Labels, set: Setter): void {
  const brokers: [string, number | undefined][] = [
    ["registered", health.brokers],
    ["alive", health.brokersAlive],
    ["fenced", health.brokersFenced],
    ["cordoned", health.brokersCordoned],
  ];
  for (const [state, value] of brokers)
    if (value !== undefined)
      set(
        "kcp_kafka_brokers",
        "Brokers by state: registered, alive (unfenced), fenced, cordoned",
        { ...base, state },
        value,
      );
  if (health.topics !== undefined)
    set("kcp_kafka_topics", "Topics of the cluster, Kafka's internal ones included", base, health.topics);
  const partitions: [string, number | undefined][] = [
    ["all", health.partitions],
    ["offline", health.offlinePartitions],
    ["under_replicated", health.underReplicated],
    ["under_min_isr", health.underMinIsr],
    ["at_min_isr", health.atMinIsr],
    ["reassigning", health.reassigning],
  ];
  for (const [state, value] of partitions)
    if (value !== undefined)
      set(
        "kcp_kafka_partitions",
        "Partitions by state: all, offline (no leader), under_replicated, under_min_isr, at_min_isr, reassigning",
        { ...base, state },
        value,
      );
  if (health.diskUsedPercentMax !== undefined)
    set(
      "kcp_kafka_log_dir_used_ratio_max",
      "The fullest log dir's used share of its volume (0 to 1)",
      base,
      health.diskUsedPercentMax / 100,
    );
}

function quorumGauges(cluster: ClusterFacts, health: Health, base: Labels, set: Setter): void {
  if (health.quorumLeader !== undefined)
    set("kcp_kafka_quorum_leader_id", "The KRaft quorum leader's node id (-1: no leader)", base, health.quorumLeader);
  if (health.voters !== undefined) set("kcp_kafka_quorum_voters", "Voters of the KRaft quorum", base, health.voters);
  if (health.votersLagging !== undefined)
    set("kcp_kafka_quorum_voters_lagging", "Voters not caught up with the leader", base, health.votersLagging);
  for (const [nodeId, lag] of cluster.voterLag)
    set(
      "kcp_kafka_quorum_voter_lag_records",
      "Each voter's lag behind the quorum leader's log end (records)",
      { ...base, node_id: String(nodeId) },
      lag,
    );
}

function groupGauges(cluster: ClusterFacts, limit: number, base: Labels, set: Setter): void {
  set("kcp_kafka_consumer_groups", "Consumer groups of the cluster (all four types)", base, cluster.groupLag.size);
  const largest = [...cluster.groupLag].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit);
  for (const [group, lag] of largest)
    set(
      "kcp_kafka_consumer_group_lag_records",
      "A consumer group's total lag (records behind the log ends), for the groups with the largest lags (METRICS_GROUP_LAG_LIMIT per cluster)",
      { ...base, group },
      lag,
    );
  set(
    "kcp_kafka_consumer_groups_lag_omitted",
    "Consumer groups without a lag series because of METRICS_GROUP_LAG_LIMIT",
    base,
    cluster.groupLag.size - largest.length,
  );
}

function operationGauges(facts: KafkaFacts, set: Setter): void {
  const counts = new Map<string, { type: string; status: string; count: number }>();
  for (const operation of facts.operations) {
    const key = `${operation.type}\u0000${operation.status}`;
    const seen = counts.get(key) ?? { type: operation.type, status: operation.status, count: 0 };
    counts.set(key, { ...seen, count: seen.count + 1 });
    const labels = { operation_id: operation.id, cluster_id: operation.clusterId, type: operation.type };
    if (operation.bytesRemaining !== undefined)
      set(
        "kcp_operation_data_remaining_bytes",
        "Bytes an active operation's data movement still has to copy",
        labels,
        operation.bytesRemaining,
      );
    if (operation.etaSeconds !== undefined)
      set(
        "kcp_operation_eta_seconds",
        "The active data movement's expected seconds to go",
        labels,
        operation.etaSeconds,
      );
  }
  for (const { type, status, count } of counts.values())
    set("kcp_operations_active", "Operations pending, running or paused, by type and status", { type, status }, count);
}
