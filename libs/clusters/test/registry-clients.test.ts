import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KafkaClients } from "@kcp/kafka";
import { InProcessQueue } from "@kcp/queue";
import { ConnectionProfileSchema, SecretBox, secretKeyFromBytes } from "@kcp/shared";
import { EmbeddedStore } from "@kcp/store";
import { expect } from "chai";
import { ClusterRegistry, newClusterRecord, withClusterClient } from "../src/index.js";

/** No broker is asked here: a pooled client opens its connections on its first request, and none is made. */
describe("cluster registry and the pooled Kafka clients", () => {
  let store: EmbeddedStore;
  let queue: InProcessQueue;
  let clients: KafkaClients;
  const box = new SecretBox(secretKeyFromBytes(randomBytes(32)));

  beforeEach(() => {
    store = new EmbeddedStore(mkdtempSync(join(tmpdir(), "kcp-registry-clients-")));
    queue = new InProcessQueue();
    clients = new KafkaClients();
  });

  afterEach(async () => {
    await clients.stop();
    await queue.stop();
    await store.stop();
  });

  it("a forgotten cluster's client (and the secrets it holds) is closed at once, another cluster's kept", async () => {
    const registry = new ClusterRegistry({ store, queue, box, collectWaitMs: 1_000, kafkaClients: clients });
    const profile = (name: string) =>
      ConnectionProfileSchema.parse({
        name,
        bootstrapServers: ["127.0.0.1:1"],
        security: { protocol: "SASL_PLAINTEXT", saslMechanism: "PLAIN", username: "u" },
        secrets: { password: "p" },
      });
    const gone = await store.clusters.create(newClusterRecord(profile("gone"), box, "id-1"));
    const kept = await store.clusters.create(newClusterRecord(profile("kept"), box, "id-2"));
    for (const record of [gone, kept]) await withClusterClient(clients, record, box, async () => undefined);
    expect(clients.size).to.equal(2);
    await registry.remove(gone);
    expect(clients.size).to.equal(1);
  });
});
