import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClusterRegistry, newClusterRecord } from "@kcp/clusters";
import { OperationService } from "@kcp/operation-service";
import { auditEmitter } from "@kcp/process";
import { InProcessQueue } from "@kcp/queue";
import {
  ConnectionProfileSchema,
  createLogger,
  PolicySpecSchema,
  parseSecretKey,
  SecretBox,
  type Snapshot,
} from "@kcp/shared";
import { EmbeddedStore } from "@kcp/store";
import { expect } from "chai";
import { broker, snapshotWith } from "../../../libs/kafka/test/rules/snapshot-fixture.js";
import { Autopilot } from "../src/autopilot.js";

/**
 * The autopilot's caller over a real embedded store and in-process queue (no Kafka: the stored views are written by the
 * test as a collector would): which views it judges, and what it records of them.
 */
describe("autopilot runner: what it judges of the stored views", () => {
  const T0 = new Date("2026-11-28T03:00:00Z");
  let now = T0;
  let store: EmbeddedStore;
  let queue: InProcessQueue;
  let clusterId: string;
  const logger = createLogger({ name: "autopilot-runner-test", level: "silent" });
  const autopilot = (enabled = true) =>
    new Autopilot({
      store,
      operations: new OperationService({
        store,
        queue,
        clusters: new ClusterRegistry({ store, queue, box, collectWaitMs: 1_000 }),
      }),
      audit: auditEmitter(queue, store, logger),
      logger,
      enabled,
      diskHighPercent: 80,
      now: () => now,
    });
  const box = new SecretBox(parseSecretKey(randomBytes(32).toString("hex")));
  const down: Snapshot = snapshotWith((s) => {
    s.brokers = [broker(4), broker(5, { alive: false }), broker(6)];
  });
  const view = (status: string) =>
    store.clusterViews.put({
      clusterId,
      snapshot: down,
      health: { status, issues: [] },
      capabilities: {},
      updatedAt: now,
    });

  before(async () => {
    store = new EmbeddedStore(mkdtempSync(join(tmpdir(), "kcp-autopilot-runner-")));
    queue = new InProcessQueue();
    const profile = ConnectionProfileSchema.parse({ name: "runner", bootstrapServers: ["k1:9092"] });
    clusterId = (await store.clusters.create(newClusterRecord(profile, box, "id"))).id;
  });

  after(async () => {
    await queue.stop();
    await store.stop();
  });

  it("judges nothing of a cluster no enabled policy covers, nor of the stale snapshot of one that did not answer", async () => {
    await view("critical");
    await autopilot().evaluate(clusterId);
    expect(await store.anomalies.listOpen(clusterId), "no policy covers it").to.deep.equal([]);
    await store.policies.create(
      PolicySpecSchema.parse({
        name: "watch-brokers",
        scope: { clusterId },
        trigger: { code: "broker_down", for: "2m" },
        action: { type: "restartNodes" },
        mode: "observe",
      }),
    );
    await view("unreachable");
    await autopilot().evaluate(clusterId);
    expect(await store.anomalies.listOpen(clusterId), "the view kept the last snapshot: stale").to.deep.equal([]);
    await view("critical");
    await autopilot(false).evaluate(clusterId);
    expect(await store.anomalies.listOpen(clusterId), "AUTOPILOT_ENABLED=false").to.deep.equal([]);
  });

  it("records an anomaly when first seen, the policy's event once it lasted `for`, and clears it from a complete view", async () => {
    now = T0;
    await view("critical");
    await autopilot().evaluate(clusterId);
    const [opened] = await store.anomalies.listOpen(clusterId);
    expect(opened).to.deep.include({
      code: "broker_down",
      subject: "broker:5",
      firstSeenAt: T0.toISOString(),
      events: [],
    });
    now = new Date(T0.getTime() + 3 * 60_000);
    await view("critical");
    await autopilot().evaluate(clusterId);
    const [observed] = await store.anomalies.listOpen(clusterId);
    expect(observed?.events.map((e) => [e.policy, e.kind, e.reason?.code])).to.deep.equal([
      ["watch-brokers", "observed", "observe_only"],
    ]);
    now = new Date(T0.getTime() + 4 * 60_000);
    await store.clusterViews.put({
      clusterId,
      snapshot: snapshotWith(() => {}),
      health: { status: "ok", issues: [] },
      capabilities: {},
      updatedAt: now,
    });
    await autopilot().evaluate(clusterId);
    expect(await store.anomalies.listOpen(clusterId)).to.deep.equal([]);
    expect((await store.anomalies.get(opened?.id as string))?.clearedAt).to.equal(now.toISOString());
  });
});
