import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { enqueueCollection, newClusterRecord, requestCollection } from "@kcp/clusters";
import { KafkaClient } from "@kcp/kafka";
import { Metrics } from "@kcp/metrics";
import { serviceContext } from "@kcp/process";
import { BullMqQueue, InProcessQueue, type JobQueue } from "@kcp/queue";
import {
  type ConnectionProfile,
  ConnectionProfileSchema,
  collectorSection,
  createLogger,
  loadConfig,
  parseSecretKey,
  SecretBox,
  type Snapshot,
} from "@kcp/shared";
import { EmbeddedStore, MongoStore, type Store } from "@kcp/store";
import { getSharedCluster, getSharedMongo, type RedisServer, startRedis, waitFor } from "@kcp/test-infra";
import { ConfigResourceTypes, IncrementalAlterConfigOperationTypes } from "@platformatic/kafka";
import { expect } from "chai";
import { type CollectorService, createCollectorService } from "../src/index.js";
import { Blackhole } from "./blackhole.js";

const TIMEOUT_MS = 6000;
const box = new SecretBox(parseSecretKey(randomBytes(32).toString("hex")));
const logger = createLogger({ name: "collector-test", level: "silent" });
const config = loadConfig(collectorSection, { COLLECT_TIMEOUT_MS: String(TIMEOUT_MS), COLLECT_CONCURRENCY: "4" });

const profile = (name: string, servers: string[]): ConnectionProfile =>
  ConnectionProfileSchema.parse({ name, bootstrapServers: servers, security: { protocol: "PLAINTEXT" } });

async function register(store: Store, name: string, servers: string[]): Promise<string> {
  return (await store.clusters.create(newClusterRecord(profile(name, servers), box, ""))).id;
}

/** A collector over its own process context (real Kafka clients, closed when it stops). */
async function startCollector(store: Store, queue: JobQueue, own = config): Promise<CollectorService> {
  const context = serviceContext({ store, queue, metrics: new Metrics({ service: "collector" }) }, logger, {});
  const collector = createCollectorService({ ...context, box, config: own });
  await collector.start();
  return {
    ...collector,
    async stop() {
      await collector.stop();
      await context.kafkaClients.stop();
    },
  };
}

const healthOf = async (store: Store, clusterId: string) =>
  (await store.clusterViews.get(clusterId))?.health as { status: string; issues: { message: string }[] } | undefined;

interface Backend {
  store: Store;
  queue: () => JobQueue;
  stop: () => Promise<void>;
}

const BACKENDS: Record<string, () => Promise<Backend>> = {
  "embedded store, in-process queue": async () => {
    const store = new EmbeddedStore(mkdtempSync(join(tmpdir(), "kcp-collector-")));
    const queue = new InProcessQueue();
    return {
      store,
      queue: () => queue,
      stop: async () => {
        await queue.stop();
        await store.stop();
      },
    };
  },
  "MongoDB store, BullMQ queue": async () => {
    const mongo = await getSharedMongo();
    const redis: RedisServer = await startRedis();
    const store = await MongoStore.open({ url: mongo.url, dbName: `collector_${randomUUID().replaceAll("-", "")}` });
    const queues: JobQueue[] = [];
    const prefix = `collector-${randomUUID()}`;
    return {
      store,
      queue: () => {
        const queue = new BullMqQueue({ url: redis.url, prefix, logger });
        queues.push(queue);
        return queue;
      },
      stop: async () => {
        for (const queue of queues) await queue.stop();
        await store.stop();
        await redis.stop();
      },
    };
  },
};

for (const [kind, open] of Object.entries(BACKENDS)) {
  describe(`collector (${kind})`, function () {
    this.timeout(120_000);
    let backend: Backend;
    let blackhole: Blackhole;
    const collectors: CollectorService[] = [];

    beforeEach(async () => {
      backend = await open();
      blackhole = new Blackhole();
    });

    afterEach(async () => {
      for (const collector of collectors.splice(0)) await collector.stop();
      await blackhole.close();
      await backend.stop();
    });

    it("a cluster that hangs or is down never delays the others; each ends unreachable after the timeout", async () => {
      const kafka = await getSharedCluster("single");
      const queue = backend.queue();
      collectors.push(await startCollector(backend.store, queue));
      const slow = await register(backend.store, "slow", [await blackhole.listen()]);
      const down = await register(backend.store, "down", ["127.0.0.1:1"]);
      const real = await register(backend.store, "real", kafka.bootstrapServers);

      await enqueueCollection(queue, slow);
      await waitFor("the slow cluster's collection to start", async () => blackhole.open > 0 || undefined);
      await requestCollection(queue, down, 30_000);
      await requestCollection(queue, real, 30_000);
      // Both answered while the slow cluster's collection still hangs on its connection.
      expect(blackhole.open).to.equal(1);
      expect((await healthOf(backend.store, real))?.status).to.be.oneOf(["ok", "warning"]);
      expect((await healthOf(backend.store, down))?.status).to.equal("unreachable");
      expect(await healthOf(backend.store, slow)).to.equal(undefined);

      const slowHealth = await waitFor("the slow cluster's view", () => healthOf(backend.store, slow), {
        timeoutMs: TIMEOUT_MS + 20_000,
      });
      expect(slowHealth.status).to.equal("unreachable");
      expect(slowHealth.issues[0]?.message).to.include(`the collection took longer than ${TIMEOUT_MS} ms`);
      await waitFor("the hung connection to be closed", async () => blackhole.open === 0 || undefined);
    });

    it("two collector instances never collect one cluster at the same moment; requests join the running one", async () => {
      const [first, second] = [backend.queue(), backend.queue()];
      collectors.push(await startCollector(backend.store, first));
      if (second !== first) collectors.push(await startCollector(backend.store, second));
      const slow = await register(backend.store, "slow", [await blackhole.listen()]);

      const requests = [first, second, first, second].map((queue) => requestCollection(queue, slow, 60_000));
      await enqueueCollection(second, slow);
      const results = await Promise.all(requests);
      expect(new Set(results.map((r) => r.updatedAt)).size).to.equal(1);
      expect(blackhole.maxOpenAtOnce).to.equal(1);
      expect(blackhole.opened).to.equal(1);

      await requestCollection(first, slow, 60_000);
      expect(blackhole.opened).to.equal(2);
      expect(blackhole.maxOpenAtOnce).to.equal(1);
    });

    it("a refresh asked while a collection runs waits for one that starts after it (a plan never reads older data)", async () => {
      const [first, second] = [backend.queue(), backend.queue()];
      collectors.push(await startCollector(backend.store, first));
      if (second !== first) collectors.push(await startCollector(backend.store, second));
      const slow = await register(backend.store, "slow-refresh", [await blackhole.listen()]);

      const running = requestCollection(first, slow, 60_000);
      await waitFor("the first collection to read the cluster", async () => blackhole.open === 1 || undefined);
      const askedAt = Date.now();
      const [late, lateToo] = await Promise.all([
        requestCollection(second, slow, 60_000),
        requestCollection(first, slow, 60_000),
      ]);
      expect(Date.parse((await running).startedAt)).to.be.below(askedAt);
      expect(Date.parse(late.startedAt)).to.be.at.least(askedAt);
      expect(lateToo.startedAt).to.equal(late.startedAt);
      expect(blackhole.opened).to.equal(2);
      expect(blackhole.maxOpenAtOnce).to.equal(1);
    });
  });
}

describe("collector: the parts that change rarely, on a schedule of their own", function () {
  this.timeout(120_000);
  const PLAINTEXT = { protocol: "PLAINTEXT", saslMechanism: "" } as const;
  let store: EmbeddedStore;
  let queue: InProcessQueue;
  let collector: CollectorService;

  before(async () => {
    store = new EmbeddedStore(mkdtempSync(join(tmpdir(), "kcp-collector-slow-")));
    queue = new InProcessQueue();
    const slow = loadConfig(collectorSection, { COLLECT_TIMEOUT_MS: "20000", COLLECT_SLOW_PARTS_SECONDS: "300" });
    collector = await startCollector(store, queue, slow);
  });

  after(async () => {
    await collector.stop();
    await queue.stop();
    await store.stop();
  });

  const snapshotOf = async (clusterId: string) =>
    (await store.clusterViews.get(clusterId))?.snapshot as unknown as Snapshot;
  const retentionOf = (snapshot: Snapshot, topic: string) =>
    snapshot.topics.find((t) => t.name === topic)?.configs["retention.ms"];

  it("a scheduled collection keeps the configs read earlier (saying when); a requested one reads every part", async () => {
    const kafka = await getSharedCluster("single");
    const topic = `slow-parts-${randomUUID().slice(0, 8)}`;
    const client = KafkaClient.open({ bootstrapServers: kafka.bootstrapServers, security: PLAINTEXT });
    // Kafka answers a config change once the controller committed it; the broker that answers DescribeConfigs (and
    // the collection) learns it a moment later: the change counts as made once that broker shows it.
    const setRetention = async (value: string) => {
      await client.admin.incrementalAlterConfigs({
        resources: [
          {
            resourceType: ConfigResourceTypes.TOPIC,
            resourceName: topic,
            configs: [{ name: "retention.ms", configOperation: IncrementalAlterConfigOperationTypes.SET, value }],
          },
        ],
      });
      await waitFor(`the broker to show retention.ms ${value} for ${topic}`, async () => {
        const [shown] = await client.admin.describeConfigs({
          resources: [{ resourceType: ConfigResourceTypes.TOPIC, resourceName: topic }],
        });
        return shown?.configs.find((c) => c.name === "retention.ms")?.value === value ? true : undefined;
      });
    };
    try {
      await client.admin.createTopics({ topics: [topic], partitions: 1, replicas: 1 });
      await setRetention("3600000");
      const id = await register(store, `slow-parts-${topic}`, kafka.bootstrapServers);

      const first = await requestCollection(queue, id, 60_000);
      expect(first.kept ?? []).to.deep.equal([]);
      const read = await snapshotOf(id);
      expect(read.partsCollectedAt?.topicConfigs).to.equal(read.collectedAt);
      expect(retentionOf(read, topic)).to.equal("3600000");

      // Changed behind the service's back: a scheduled collection within the slow parts' period does not see it.
      await setRetention("7200000");
      await enqueueCollection(queue, id, { due: true });
      const scheduled = await waitFor("a scheduled collection", async () => {
        const snapshot = await snapshotOf(id);
        return snapshot.collectedAt !== read.collectedAt ? snapshot : undefined;
      });
      expect(scheduled.partsCollectedAt?.topicConfigs).to.equal(read.collectedAt);
      expect(scheduled.partsCollectedAt?.brokerConfigs).to.equal(read.collectedAt);
      expect(Date.parse(scheduled.collectedAt)).to.be.above(Date.parse(read.collectedAt));
      expect(retentionOf(scheduled, topic)).to.equal("3600000");

      // A refresh (as after a write through the service) reads every part at once.
      const refreshed = await requestCollection(queue, id, 60_000);
      expect(refreshed.kept ?? []).to.deep.equal([]);
      const fresh = await snapshotOf(id);
      expect(fresh.partsCollectedAt?.topicConfigs).to.equal(fresh.collectedAt);
      expect(retentionOf(fresh, topic)).to.equal("7200000");
    } finally {
      await client.admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
      await client.close();
    }
  });
});
