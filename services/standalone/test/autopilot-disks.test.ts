import { statfs } from "node:fs/promises";
import type { Anomaly, AnomalyEvent, AuditEntry, AutopilotStatus, Operation, Policy, Weekday } from "@kcp/shared";
import {
  createTopic,
  type KafkaCluster,
  kafkaToolOn,
  produceMessages,
  reassignPartition,
  startCluster,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import { type Reply, startTestService, type TestService } from "./service-fixture.js";

const MIB = 1024 * 1024;
/** Each broker's log dir is a tmpfs of its own, so that its disk fills apart from the others'. */
const VOLUME_BYTES = 64 * MIB;
const PARTITIONS = 15;
const TOPIC = "skewed";
const POLICY = "even-disks";
const BROKERS = [4, 5, 6];
const DAYS: Weekday[] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/** Each broker's disk use in %, as statfs reads its volume (an independent reader: what `df` shows). */
async function diskUse(cluster: KafkaCluster): Promise<number[]> {
  return Promise.all(
    BROKERS.map(async (id) => {
      const dir = cluster.node(id).spec.properties["log.dirs"] as string;
      const fs = await statfs(dir);
      return ((fs.blocks - fs.bfree) / fs.blocks) * 100;
    }),
  );
}

const spread = (use: number[]) => Math.max(...use) - use.reduce((a, b) => a + b, 0) / use.length;

describe("autopilot: skewed disks rebalanced inside a window, proposed outside it, held by the cap and by a pause (real 3c3b, a volume per broker)", function () {
  this.timeout(600_000);
  let cluster: KafkaCluster;
  let service: TestService;
  let clusterId: string;
  let policyId: string;

  const api = <T = Reply>(method: string, path: string, body?: unknown) =>
    service.api<T>(method, path, { token: service.token, ...(body === undefined ? {} : { body }) });
  const operation = async (id: string) => (await api<Operation>("GET", `/api/v1/operations/${id}`)).body;
  const operations = async () =>
    (await api<{ operations: Operation[] }>("GET", `/api/v1/clusters/${clusterId}/operations`)).body.operations;
  /** The policy's first event of this kind (and reason) on the open disk anomaly. */
  const event = (kind: AnomalyEvent["kind"], reason?: string) =>
    waitFor(
      `the policy's ${kind} event${reason ? ` (${reason})` : ""}`,
      async () => {
        const open = (
          await api<{ anomalies: Anomaly[] }>("GET", `/api/v1/clusters/${clusterId}/anomalies?code=disk_imbalance`)
        ).body.anomalies;
        return open
          .flatMap((a) => a.events)
          .find((e) => e.policy === POLICY && e.kind === kind && (reason === undefined || e.reason?.code === reason));
      },
      { timeoutMs: 120_000, intervalMs: 500 },
    );
  const spec = (guardRails: Record<string, unknown>) => ({
    name: POLICY,
    scope: { clusterId },
    trigger: { code: "disk_imbalance", for: "1s", bandPercent: 10 },
    // Slow on purpose (1 MiB/s, one move at a time), so that a pause lands while moves remain.
    action: { type: "rebalance", throttleBytesPerSec: MIB, maxConcurrentMoves: 1 },
    mode: "auto",
    guardRails: { cooldown: "1s", ...guardRails },
  });
  async function setPolicy(guardRails: Record<string, unknown>): Promise<void> {
    const written = await api("PUT", `/api/v1/policies/${policyId}`, spec(guardRails));
    expect(written.status, written.text).to.equal(200);
  }
  async function cancel(id: string): Promise<void> {
    const cancelled = await api<Operation>("POST", `/api/v1/operations/${id}/cancel`);
    expect(cancelled.status, cancelled.text).to.equal(200);
    expect(cancelled.body.status).to.equal("cancelled");
  }

  before(async () => {
    // A moved replica's old copy is deleted 1 s after the move (Kafka's default waits a minute).
    cluster = await startCluster({
      topology: "3c3b",
      name: "autopilot-disks",
      volumeBytes: VOLUME_BYTES,
      properties: () => ({ "file.delete.delay.ms": "1000" }),
    });
    service = await startTestService("autopilot-disks");
    clusterId = await service.register({
      name: "autopilot-disks",
      bootstrapServers: cluster.bootstrapServers,
      settings: { collectionIntervalSeconds: 5 },
    });
    // Every partition on broker 4, 1.25 MiB each: its disk about 19 MiB fuller than the others'.
    await createTopic(cluster, { name: TOPIC, partitions: PARTITIONS, replicationFactor: 1 });
    for (let p = 0; p < PARTITIONS; p++) await reassignPartition(cluster, TOPIC, p, [4]);
    await waitFor("every partition on broker 4", async () => {
      const out = await kafkaToolOn(cluster, "org.apache.kafka.tools.TopicCommand", ["--describe", "--topic", TOPIC]);
      const lists = [...out.matchAll(/Replicas:\s*([\d,]+)/g)].map((m) => m[1]);
      return lists.length === PARTITIONS && lists.every((l) => l === "4") ? true : undefined;
    });
    for (let p = 0; p < PARTITIONS; p++)
      await produceMessages(cluster, TOPIC, 80, {
        partition: p,
        value: (n) => `${n}`.padEnd(16 * 1024, "x"),
        batchSize: 20,
      });
  });

  after(async () => {
    await service?.stop();
    await cluster?.stop();
  });

  it("outside its windows the policy only proposes, saying when the next window opens", async () => {
    const use = await diskUse(cluster);
    expect(spread(use), `disk use ${use.map((u) => u.toFixed(1)).join(" / ")} %`).to.be.greaterThan(10);
    // A window three days from today's (UTC) weekday: closed now, whenever the test runs.
    const today = DAYS[(new Date().getUTCDay() + 6) % 7] as Weekday;
    const closed = DAYS[(DAYS.indexOf(today) + 3) % 7] as Weekday;
    const created = await api<{ policy: Policy }>(
      "POST",
      "/api/v1/policies",
      spec({ windows: [{ days: [closed], start: "00:00", end: "00:00" }] }),
    );
    expect(created.status, created.text).to.equal(201);
    policyId = created.body.policy.id;
    const proposed = await event("proposed", "outside_window");
    expect(proposed.reason?.message).to.match(/the next window opens at \d{4}-/);
    const planned = await operation(proposed.operationId as string);
    expect(planned).to.deep.include({ status: "planned", type: "rebalance", createdBy: `autopilot:${POLICY}` });
    expect(planned.confirmedBy ?? null).to.equal(null);
    expect(planned.explanation?.proposedBecause?.code).to.equal("outside_window");
    expect(planned.explanation?.anomaly.facts).to.include({ broker: 4 });
    expect(planned.plan.dataToMoveBytes).to.be.greaterThan(5 * MIB);
    // What a person reads before confirming it: the disk goal's figures before and after, and the ETA at the throttle.
    expect(planned.plan.goals?.find((g) => g.goal === "disk")?.after).to.equal(0);
    expect(planned.plan.etaSeconds).to.be.greaterThan(0);
    await setPolicy({ maxBytesPerAction: MIB });
    await cancel(planned.id);
  });

  it("with a cap per action smaller than the plan, nothing runs and the refusal names the cap", async () => {
    const capped = await event("proposed", "over_action_cap");
    expect(capped.reason?.message).to.include(`cap of ${MIB} per action`);
    const planned = await operation(capped.operationId as string);
    expect(planned.status).to.equal("planned");
    expect(planned.plan.dataToMoveBytes).to.be.greaterThan(MIB);
    expect((await operations()).filter((o) => o.confirmedBy !== undefined && o.confirmedBy !== null)).to.deep.equal([]);
    // The whole week is a window from now on, and no cap.
    await setPolicy({ windows: [{ days: DAYS, start: "00:00", end: "00:00" }] });
    await cancel(planned.id);
  });

  it("inside a window it rebalances by itself; paused meanwhile, its moves stop and nothing new starts; resumed, it finishes within the band", async () => {
    const acted = await event("acted");
    const id = acted.operationId as string;
    await waitFor("a move of the autopilot's rebalance in flight", async () => {
      const now = await operation(id);
      if (!["pending", "running"].includes(now.status)) throw new Error(`${now.status}: ${JSON.stringify(now.steps)}`);
      return (now.details as { movesInFlight?: number }).movesInFlight ? true : undefined;
    });
    const paused = await api<AutopilotStatus>("POST", "/api/v1/autopilot/pause", {
      clusterId,
      reason: "disk drill",
    });
    expect(paused.status, paused.text).to.equal(200);
    const held = await waitFor("the autopilot's rebalance paused", async () => {
      const now = await operation(id);
      return now.status === "paused" ? now : undefined;
    });
    const details = held.details as { movesDone: number; movesTotal: number };
    expect(details.movesDone).to.be.lessThan(details.movesTotal);
    const before = (await operations()).length;
    const refused = await event("refused", "paused");
    expect(refused.reason?.message).to.include("disk drill");
    expect((await operations()).length).to.equal(before);
    expect((await operation(id)).status).to.equal("paused");

    const resumed = await api<AutopilotStatus>("POST", "/api/v1/autopilot/resume", { clusterId });
    expect(resumed.status, resumed.text).to.equal(200);
    const done = await waitFor(
      "the autopilot's rebalance to finish",
      async () => {
        const now = await operation(id);
        return ["succeeded", "failed", "cancelled"].includes(now.status) ? now : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 1000 },
    );
    expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
    expect(done).to.deep.include({ createdBy: `autopilot:${POLICY}`, confirmedBy: `autopilot:${POLICY}` });
    expect(done.explanation?.admitted).to.include("inside a window (UTC)");
    // The old copies go once Kafka deletes them (file.delete.delay.ms after each move): then every disk holds a
    // third of the data, within 5 points of each other (the anomaly's band is 10 above the mean).
    const use = await waitFor("every disk within 5 points of the others", async () => {
      const now = await diskUse(cluster);
      return Math.max(...now) - Math.min(...now) <= 5 ? now : undefined;
    });
    expect(spread(use)).to.be.at.most(10);
    process.stderr.write(`autopilot disks: after ${use.map((u) => `${u.toFixed(1)} %`).join(" / ")}\n`);
    await waitFor("the disk anomaly to clear", async () => {
      const cleared = (
        await api<{ anomalies: Anomaly[] }>(
          "GET",
          `/api/v1/clusters/${clusterId}/anomalies?code=disk_imbalance&state=cleared`,
        )
      ).body.anomalies;
      return cleared.some((a) => a.events.some((e) => e.operationId === id)) ? true : undefined;
    });
    const audit = (await api<{ entries: AuditEntry[] }>("GET", "/api/v1/audit?limit=200")).body.entries;
    const pauses = audit.filter((e) => e.action === "autopilot.pause" || e.action === "autopilot.resume");
    expect(pauses.map((e) => `${e.action} ${e.actor}`)).to.include.members([
      "autopilot.pause admin",
      "autopilot.resume admin",
    ]);
    expect(audit.some((e) => e.target === id && e.action === "operation.confirm" && e.actor === `autopilot:${POLICY}`))
      .to.be.true;
  });
});
