import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger, loadConfig } from "@kcp/shared";
import {
  type Api,
  apiClient,
  createTopic,
  getSharedCluster,
  type KafkaCluster,
  kafkaToolOn,
  makeRunDir,
  produceMessages,
  resolveKafka,
  runKafkaTool,
  uniqueTopicName,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import { standaloneConfigSchema } from "../src/config.js";
import { type Standalone, startStandalone } from "../src/standalone.js";

const ADMIN = { username: "admin", password: "groups-admin-password" };
const CONSOLE_CONSUMER = "org.apache.kafka.tools.consumer.ConsoleConsumer";

interface PartitionRow {
  topic: string;
  partition: number;
  committed: number;
  end: number;
  lag: number;
  member: string;
  clientId: string;
  host: string;
}
type Detail = Record<string, unknown> & { partitions: PartitionRow[]; error: { code: string; message: string } };

/** Kafka's console consumer in a group, running until stopped (or until it has read `maxMessages`). */
async function consoleConsumer(cluster: KafkaCluster, topic: string, group: string, extra: string[] = []) {
  const stop = new AbortController();
  const running = runKafkaTool(
    await resolveKafka(cluster.version),
    CONSOLE_CONSUMER,
    ["--bootstrap-server", cluster.bootstrapServers.join(","), "--topic", topic, "--group", group, ...extra],
    await makeRunDir("console-consumer"),
    { signal: stop.signal },
  ).catch(() => "");
  return {
    finished: running,
    async stop() {
      stop.abort();
      await running;
    },
  };
}

describe("consumer group detail (endpoint 15, standalone service, real Kafka)", function () {
  this.timeout(240_000);
  let dataDir: string;
  let service: Standalone;
  let api: Api;
  let token: string;
  let single: KafkaCluster;
  let clusterId: string;

  const detail = (group: string) => api<Detail>("GET", `/api/v1/clusters/${clusterId}/groups/${group}`, { token });

  before(async () => {
    single = await getSharedCluster("single");
    dataDir = await mkdtemp(join(tmpdir(), "kcp-groups-"));
    const config = loadConfig(standaloneConfigSchema, {
      PORT: "0",
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      COLLECT_TIMEOUT_MS: "15000",
    });
    service = await startStandalone(config, createLogger({ name: "groups-test", level: "silent" }));
    api = apiClient(service.gateway.url);
    token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: ADMIN })).body.token;
    const registered = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      token,
      body: { name: "groups-single", bootstrapServers: single.bootstrapServers },
    });
    clusterId = registered.body.cluster.id;
  });

  after(async () => {
    for (const component of service?.components ?? []) await component.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  for (const protocol of ["classic", "consumer"] as const) {
    it(`${protocol} group: per-partition committed, end, lag and the owning member, as kafka-consumer-groups sees them`, async () => {
      const topic = await createTopic(single, { name: uniqueTopicName(`detail-${protocol}`), partitions: 2 });
      await produceMessages(single, topic, 5, { partition: 0 });
      await produceMessages(single, topic, 5, { partition: 1 });
      const group = `${topic}-group`;
      // Reads 6 of the 10 messages, commits them on exit: the group is then empty with 4 of lag.
      const reader = await consoleConsumer(single, topic, group, [
        ...["--from-beginning", "--max-messages", "6", "--consumer-property", `group.protocol=${protocol}`],
      ]);
      await reader.finished;
      const empty = await waitFor("the committed offsets", async () => {
        const response = await detail(group);
        return response.status === 200 && response.body.totalLag === 4 ? response.body : undefined;
      });
      expect(empty).to.deep.include({ group, type: protocol, members: 0, totalLag: 4 });
      const tool = await kafkaToolOn(single, "org.apache.kafka.tools.consumer.group.ConsumerGroupCommand", [
        ...["--describe", "--group", group],
      ]);
      for (const row of empty.partitions) {
        const line = tool.split("\n").find((l) => new RegExp(`\\s${topic}\\s+${row.partition}\\s`).test(l)) ?? "";
        const [current, end, lag] = line.trim().split(/\s+/).slice(3, 6).map(Number);
        expect([row.committed, row.end, row.lag], `partition ${row.partition}: ${line}`).to.deep.equal([
          current,
          end,
          lag,
        ]);
      }

      // A running member owns both partitions.
      const member = await consoleConsumer(single, topic, group, [
        ...["--consumer-property", `group.protocol=${protocol}`, "--consumer-property", "client.id=detail-reader"],
      ]);
      try {
        const owned = await waitFor(
          "the member owning both partitions",
          async () => {
            const response = await detail(group);
            return response.body.members === 1 && response.body.partitions.every((p) => p.member !== "")
              ? response.body
              : undefined;
          },
          { timeoutMs: 60_000, intervalMs: 500 },
        );
        expect(owned.partitions.map((p) => [p.partition, p.clientId, p.host])).to.deep.equal([
          [0, "detail-reader", "/127.0.0.1"],
          [1, "detail-reader", "/127.0.0.1"],
        ]);
      } finally {
        await member.stop();
      }
    });
  }

  it("answers 404 for a group the cluster does not know", async () => {
    const response = await detail(uniqueTopicName("no-group"));
    expect(response.status).to.equal(404);
    expect(response.body.error.code).to.equal("not_found");
  });
});
