import {
  generateData,
  getSharedCluster,
  type KafkaCluster,
  lintMetrics,
  uniqueTopicName,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import { startTestService, type TestService } from "./service-fixture.js";

/** The value of the one series of `name` whose labels include all of `labels`, from a text exposition. */
function seriesValue(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.lastIndexOf("}"));
    if (Object.entries(labels).every(([key, value]) => inside.includes(`${key}="${value}"`)))
      return Number(line.slice(line.lastIndexOf("}") + 1));
  }
  return undefined;
}

describe("Kafka metrics on /metrics (standalone service, a real 3c3b)", function () {
  this.timeout(180_000);
  let cluster: KafkaCluster;
  let service: TestService;
  let clusterId: string;
  let group: string;

  before(async () => {
    cluster = await getSharedCluster("3c3b");
    const prefix = uniqueTopicName("metrics");
    const data = await generateData(cluster, {
      topics: 1,
      partitions: 2,
      replicationFactor: 3,
      messagesPerPartition: 5,
      groups: 1,
      lagPerPartition: 3,
      prefix,
      progress: false,
    });
    group = data.groups[0] as string;
    // The shared cluster holds other tests' groups too: every group gets its series here.
    service = await startTestService("kafka-metrics", { METRICS_GROUP_LAG_LIMIT: "100000" });
    clusterId = await service.register({ name: "metrics-3c3b", bootstrapServers: cluster.bootstrapServers });
  });
  after(() => service.stop());

  const scrape = async () => (await fetch(`${service.url}/metrics`)).text();

  it("shows the cluster's health, brokers, partitions, quorum and a group's lag as its collection found them", async () => {
    const refreshed = await service.api("POST", `/api/v1/clusters/${clusterId}/refresh`, { token: service.token });
    expect(refreshed.status, refreshed.text).to.equal(200);
    const text = await scrape();
    const own = { cluster_id: clusterId, cluster: "metrics-3c3b" };
    expect(seriesValue(text, "kcp_kafka_cluster_info", own)).to.equal(1);
    const status = (refreshed.body as { health: { status: string } }).health.status;
    expect(seriesValue(text, "kcp_kafka_cluster_health_status", { ...own, status })).to.equal(1);
    expect(seriesValue(text, "kcp_kafka_brokers", { ...own, state: "alive" })).to.equal(3);
    expect(seriesValue(text, "kcp_kafka_partitions", { ...own, state: "offline" })).to.equal(0);
    expect(seriesValue(text, "kcp_kafka_quorum_voters", own)).to.equal(3);
    expect(seriesValue(text, "kcp_kafka_quorum_leader_id", own)).to.be.oneOf(cluster.describe().nodes.map((n) => n.id));
    expect(seriesValue(text, "kcp_kafka_consumer_group_lag_records", { ...own, group }), group).to.equal(6);
    expect(seriesValue(text, "kcp_kafka_seconds_since_last_successful_collection", own)).to.be.within(0, 60);
  });

  it("is clean for promlint, the check of `promtool check metrics`: names, units, help, types", async () => {
    expect(await lintMetrics(await scrape())).to.deep.equal([]);
  });

  it("a forgotten cluster leaves no series behind", async () => {
    const removed = await service.api("DELETE", `/api/v1/clusters/${clusterId}`, { token: service.token });
    expect(removed.status, removed.text).to.equal(200);
    await waitFor("the cluster's series gone", async () =>
      (await scrape()).includes(`cluster_id="${clusterId}"`) ? undefined : true,
    );
  });
});
