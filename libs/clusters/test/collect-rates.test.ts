import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { DesiredStateBook } from "@kcp/desired-state";
import { DEFAULT_HEALTH_THRESHOLDS, KafkaClients } from "@kcp/kafka";
import { ConnectionProfileSchema, parseSecretKey, SecretBox, type Snapshot } from "@kcp/shared";
import { EmbeddedStore } from "@kcp/store";
import {
  createTopic,
  getSharedCluster,
  type KafkaCluster,
  produceMessages,
  uniqueTopicName,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import { collectClusterView, newClusterRecord } from "../src/index.js";

const box = new SecretBox(parseSecretKey(randomBytes(32).toString("hex")));
const VALUE_BYTES = 1_000;
const CHUNKS = 10;
const PER_CHUNK = 200;
const CHUNK_MS = 500;

/**
 * Measured load without JMX, on a real 3-broker cluster: two collections of the collector's own path (the second
 * measures against the view the first stored), with a producer at a known pace between them.
 */
describe("collected rates: bytes and messages in per second between two collections", function () {
  this.timeout(180_000);
  let kafka: KafkaCluster;
  let store: EmbeddedStore;
  /** The process's Kafka clients, as the collector has them. */
  const clients = new KafkaClients();

  before(async () => {
    kafka = await getSharedCluster("3c3b");
    store = new EmbeddedStore(mkdtempSync(join(tmpdir(), "kcp-collect-rates-")));
  });
  after(async () => {
    await clients.stop();
    await store.stop();
  });

  it("a topic produced at about 400 messages/s of 1 kB shows that rate per partition, topic and broker", async () => {
    const topic = await createTopic(kafka, { name: uniqueTopicName("rates"), partitions: 3, replicationFactor: 3 });
    const profile = ConnectionProfileSchema.parse({ name: "rates", bootstrapServers: kafka.bootstrapServers });
    const { id } = await store.clusters.create(newClusterRecord(profile, box, ""));
    const deps = {
      store,
      box,
      clients,
      desiredStates: new DesiredStateBook(store.desiredStates),
      settings: { timeoutMs: 30_000, thresholds: DEFAULT_HEALTH_THRESHOLDS },
    };
    const initial = (await collectClusterView(deps, id)).snapshot as unknown as Snapshot;
    expect(initial.topics.find((t) => t.name === topic)?.bytesInPerSec, "first collection: nothing to measure against")
      .to.be.undefined;
    // The collection the rates are measured against sees the new topic whole: every replica in sync and sized
    // (a collection right after the creation may find a replica not yet in its broker's log dirs, which has no size).
    const whole = (snapshot: Snapshot) =>
      snapshot.topics
        .find((t) => t.name === topic)
        ?.partitions.every((p) => p.isr.length === 3 && Object.keys(p.replicaBytes ?? {}).length === 3) === true;
    const first = await waitFor(
      "a collection that sees the new topic whole",
      async () => {
        const snapshot = (await collectClusterView(deps, id)).snapshot as unknown as Snapshot;
        return whole(snapshot) ? snapshot : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 1_100 },
    );
    expect(first.topics.find((t) => t.name === topic)?.messagesInPerSec ?? 0, "nothing appended yet").to.equal(0);

    const started = Date.now();
    for (let chunk = 0; chunk < CHUNKS; chunk++) {
      await produceMessages(kafka, topic, PER_CHUNK, { value: () => "x".repeat(VALUE_BYTES), batchSize: 50 });
      await sleep(Math.max(0, started + (chunk + 1) * CHUNK_MS - Date.now()));
    }
    const second = (await collectClusterView(deps, id)).snapshot as unknown as Snapshot;

    const seconds = (Date.parse(second.collectedAt) - Date.parse(first.collectedAt)) / 1000;
    const produced = CHUNKS * PER_CHUNK;
    const measured = second.topics.find((t) => t.name === topic);
    console.log(
      `      ${produced} messages in ${seconds.toFixed(2)} s between collections: topic ${measured?.messagesInPerSec?.toFixed(1)} msg/s, ${measured?.bytesInPerSec?.toFixed(0)} B/s; brokers ` +
        second.brokers
          .map(
            (b) =>
              `${b.id}: in ${b.bytesInPerSec?.toFixed(0)} B/s, replication in ${b.replicationBytesInPerSec?.toFixed(0)} B/s`,
          )
          .join("; "),
    );
    // Every message was appended between the two collections' offset reads: the rate is exactly produced / interval.
    expect(measured?.messagesInPerSec).to.be.closeTo(produced / seconds, 1e-6);
    expect(measured?.messagesInPerSec).to.be.within(150, 450);
    // Each 1,000-byte value takes a little more on disk (record and batch headers), never less.
    const perMessage = (measured?.bytesInPerSec ?? 0) / (measured?.messagesInPerSec ?? 1);
    expect(perMessage).to.be.within(VALUE_BYTES, VALUE_BYTES * 1.15);
    for (const p of measured?.partitions ?? []) expect(p.bytesInPerSec).to.be.greaterThan(0);
    // Per broker: the leaders take the bytes in once, the two followers of each partition replicate them.
    const sum = (pick: (b: Snapshot["brokers"][number]) => number | undefined) =>
      second.brokers.reduce((n, b) => n + (pick(b) ?? 0), 0);
    expect(sum((b) => b.bytesInPerSec)).to.be.closeTo(measured?.bytesInPerSec ?? -1, 1);
    expect(sum((b) => b.replicationBytesInPerSec)).to.be.closeTo(2 * (measured?.bytesInPerSec ?? -1), 1);
  });
});
