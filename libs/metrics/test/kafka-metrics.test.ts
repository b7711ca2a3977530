import type { Health } from "@kcp/shared";
import { expect } from "chai";
import { type ClusterFacts, type GaugeFamily, kafkaGauges } from "../src/index.js";

const healthy: Health = {
  status: "warning",
  issues: [
    { severity: "warning", code: "under_replicated", message: "2 partitions of orders under-replicated" },
    { severity: "warning", code: "broker_fenced", message: "broker 2 fenced" },
    { severity: "warning", code: "under_replicated", message: "1 partition of payments under-replicated" },
  ],
  brokers: 3,
  brokersAlive: 2,
  brokersFenced: 1,
  brokersCordoned: 0,
  topics: 4,
  partitions: 20,
  offlinePartitions: 0,
  underReplicated: 3,
  underMinIsr: 0,
  atMinIsr: 1,
  reassigning: 0,
  quorumLeader: 1,
  voters: 3,
  votersLagging: 0,
  diskUsedPercentMax: 41,
};

const cluster = (overrides: Partial<ClusterFacts> = {}): ClusterFacts => ({
  id: "c1",
  name: "prod",
  health: healthy,
  lastSuccessAt: new Date("2026-11-27T10:00:00Z"),
  voterLag: new Map([
    [1, 0],
    [2, 5],
  ]),
  groupLag: new Map([
    ["billing", 10],
    ["audit", 0],
    ["search", 250],
  ]),
  ...overrides,
});

const now = new Date("2026-11-27T10:00:30Z");

/** `name{label="value",...}` → value, for the families asked. */
function series(families: GaugeFamily[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const family of families)
    for (const sample of family.samples) {
      const labels = Object.entries(sample.labels)
        .filter(([key]) => key !== "cluster_id" && key !== "cluster")
        .map(([key, value]) => `${key}="${value}"`)
        .join(",");
      out[`${family.name}{${labels}}`] = sample.value;
    }
  return out;
}

describe("Kafka metrics from the stored views (pure)", () => {
  it("gives health as a state set, issues by code, brokers and partitions by state, the quorum and the last success", () => {
    const seen = series(kafkaGauges({ clusters: [cluster()], operations: [], now, groupLagLimit: 10 }));
    expect(seen).to.deep.include({
      "kcp_kafka_cluster_info{}": 1,
      'kcp_kafka_cluster_health_status{status="warning"}': 1,
      'kcp_kafka_cluster_health_status{status="ok"}': 0,
      'kcp_kafka_cluster_health_status{status="unreachable"}': 0,
      'kcp_kafka_cluster_health_issues{code="under_replicated",severity="warning"}': 2,
      'kcp_kafka_cluster_health_issues{code="broker_fenced",severity="warning"}': 1,
      'kcp_kafka_brokers{state="alive"}': 2,
      'kcp_kafka_brokers{state="fenced"}': 1,
      'kcp_kafka_partitions{state="under_replicated"}': 3,
      'kcp_kafka_partitions{state="offline"}': 0,
      'kcp_kafka_partitions{state="at_min_isr"}': 1,
      "kcp_kafka_quorum_leader_id{}": 1,
      'kcp_kafka_quorum_voter_lag_records{node_id="2"}': 5,
      "kcp_kafka_log_dir_used_ratio_max{}": 0.41,
      "kcp_kafka_seconds_since_last_successful_collection{}": 30,
      "kcp_kafka_last_successful_collection_timestamp_seconds{}": Date.parse("2026-11-27T10:00:00Z") / 1000,
    });
  });

  it("gives lag series to the groups with the largest lags only, and counts the others", () => {
    const seen = series(kafkaGauges({ clusters: [cluster()], operations: [], now, groupLagLimit: 2 }));
    const lags = Object.entries(seen).filter(([key]) => key.startsWith("kcp_kafka_consumer_group_lag_records"));
    expect(lags).to.deep.equal([
      ['kcp_kafka_consumer_group_lag_records{group="search"}', 250],
      ['kcp_kafka_consumer_group_lag_records{group="billing"}', 10],
    ]);
    expect(seen["kcp_kafka_consumer_groups{}"]).to.equal(3);
    expect(seen["kcp_kafka_consumer_groups_lag_omitted{}"]).to.equal(1);
  });

  it("an unreachable cluster keeps its status and the age of its last success, and no figures it cannot know", () => {
    const down = cluster({ health: { status: "unreachable", issues: [] } });
    const seen = series(kafkaGauges({ clusters: [down], operations: [], now, groupLagLimit: 10 }));
    expect(seen['kcp_kafka_cluster_health_status{status="unreachable"}']).to.equal(1);
    expect(seen["kcp_kafka_seconds_since_last_successful_collection{}"]).to.equal(30);
    expect(Object.keys(seen).filter((key) => /brokers|partitions|group_lag/.test(key))).to.deep.equal([]);
  });

  it("counts active operations by type and status, with a data movement's bytes remaining and ETA", () => {
    const seen = series(
      kafkaGauges({
        clusters: [],
        operations: [
          { id: "op1", clusterId: "c1", type: "rebalance", status: "running", bytesRemaining: 1_000, etaSeconds: 40 },
          { id: "op2", clusterId: "c2", type: "rebalance", status: "paused" },
          { id: "op3", clusterId: "c3", type: "rebalance", status: "running" },
        ],
        now,
        groupLagLimit: 10,
      }),
    );
    expect(seen).to.deep.include({
      'kcp_operations_active{type="rebalance",status="running"}': 2,
      'kcp_operations_active{type="rebalance",status="paused"}': 1,
      'kcp_operation_data_remaining_bytes{operation_id="op1",type="rebalance"}': 1_000,
      'kcp_operation_eta_seconds{operation_id="op1",type="rebalance"}': 40,
    });
  });
});
