import type { KafkaAdmin } from "@kcp/kafka";
import {
  type Broker,
  type Capabilities,
  type Cluster,
  createLogger,
  type NodeStatus,
  type QuorumNode,
  type Snapshot,
} from "@kcp/shared";
import { expect } from "chai";
import {
  type ProcessMark,
  planRestartNodes,
  STEP_KINDS,
  type StepContext,
  type StepDetail,
  StepInterrupted,
  type StepNodes,
  StepPaused,
  startDecision,
  stopDecision,
} from "../src/index.js";
import { cluster3c3b } from "./snapshot-fixture.js";

const NOW = Date.now();

/** 3c3b: voters 1–3 with 2 the quorum leader, brokers 4–6; topic t (RF 3, min ISR 2) (snapshot-fixture.ts). */
const cluster = (change?: (s: Snapshot) => void): Snapshot => cluster3c3b(NOW, change);

const plan = (snapshot: Snapshot, params: { nodes?: number[]; waitHealthy: boolean }) =>
  planRestartNodes({
    cluster: {} as Cluster,
    capabilities: {} as Capabilities,
    snapshot,
    params,
  });

const mark = (state: ProcessMark["state"], pid: number | null, startedAt: string | null = null): ProcessMark => ({
  state,
  pid,
  startedAt,
});

const status = (nodeId: number, m: ProcessMark): NodeStatus => ({
  nodeId,
  roles: ["broker"],
  version: "4.3.1",
  state: m.state,
  pid: m.pid,
  startedAt: m.startedAt,
  uptimeSeconds: null,
  lastExit: null,
  configuredVersion: "4.3.1",
});

/** A node provider double: one node whose process the calls change; records the calls. */
function fakeNodes(initial: ProcessMark) {
  let now = initial;
  let nextPid = (initial.pid ?? 100) + 1;
  const calls: string[] = [];
  const nodes: StepNodes = {
    status: async (id) => status(id, now),
    stop: async (id) => {
      calls.push(`stop ${id}`);
      now = mark("stopped", null);
      return status(id, now);
    },
    start: async (id) => {
      calls.push(`start ${id}`);
      if (now.state !== "running") now = mark("running", nextPid++, new Date(NOW - 1000).toISOString());
      return status(id, now);
    },
    install: async () => expect.fail("a restart installs nothing"),
    switchVersion: async () => expect.fail("a restart switches no version"),
    provision: async () => expect.fail("a restart provisions nothing"),
    setConfig: async () => expect.fail("a restart changes no configuration"),
    config: async () => expect.fail("a restart reads no configuration"),
    newNodeSpec: async () => expect.fail("a restart provisions nothing"),
  };
  return {
    nodes,
    calls,
    set: (m: ProcessMark) => {
      now = m;
    },
  };
}

function context(overrides: Partial<StepContext> & { snapshots?: () => Snapshot }): StepContext & {
  checkpoints: StepDetail[];
  reports: Record<string, unknown>[];
} {
  const checkpoints: StepDetail[] = [];
  const reports: Record<string, unknown>[] = [];
  const snapshots = overrides.snapshots ?? (() => cluster());
  return {
    admin: { snapshot: async () => snapshots() } as unknown as KafkaAdmin,
    logger: createLogger({ name: "restart-test", level: "silent" }),
    report: async (d) => {
      reports.push(d);
    },
    interrupted: async () => null,
    checkpoint: async (d) => {
      checkpoints.push(d);
    },
    nodeWaits: { safeToStopMs: 50, healthyMs: 50 },
    ...overrides,
    checkpoints,
    reports,
  };
}

const rejection = async (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail("expected a rejection"),
    (e: unknown) => e,
  );

describe("restartNodes: plan, step decisions and step kinds (pure, no servers)", () => {
  describe("planRestartNodes", () => {
    it("rolls every node one at a time: followers, the active controller last of the controllers, then brokers", () => {
      const built = plan(cluster(), { waitHealthy: true });
      const byNode = built.steps.map((s) => `${s.kind} ${(s.args as { nodeId: number }).nodeId}`);
      const order = [1, 3, 2, 4, 5, 6];
      expect(byNode).to.deep.equal(
        order.flatMap((id) => [`rollSafetyCheck ${id}`, `stopNode ${id}`, `startNode ${id}`, `waitNodeHealthy ${id}`]),
      );
      expect(built.steps.find((s) => s.kind === "waitNodeHealthy")?.args).to.deep.equal({
        nodeId: 1,
        roles: { broker: false, controller: true },
      });
      expect(built.steps.every((s) => !s.alwaysRun)).to.equal(true);
      expect(built.plan.summary).to.equal(
        "Rolling restart of 6 nodes, one at a time: 1 (controller), 3 (controller), 2 (controller, the active controller), 4 (broker), 5 (broker), 6 (broker)",
      );
      expect(built.plan.irreversible).to.equal(false);
    });

    it("a subset keeps the safe order; without waitHealthy there is no wait step; the same snapshot gives the same steps", () => {
      const built = plan(cluster(), { nodes: [5, 2, 1], waitHealthy: false });
      expect(built.steps.map((s) => `${s.kind} ${(s.args as { nodeId: number }).nodeId}`)).to.deep.equal([
        "rollSafetyCheck 1",
        "stopNode 1",
        "startNode 1",
        "rollSafetyCheck 2",
        "stopNode 2",
        "startNode 2",
        "rollSafetyCheck 5",
        "stopNode 5",
        "startNode 5",
      ]);
      expect(built.plan.warnings.join(" ")).to.match(/waitHealthy is false/);
      expect(plan(cluster(), { nodes: [1, 2, 5], waitHealthy: false }).steps).to.deep.equal(built.steps);
    });

    it("refuses unknown nodes (invalid_request), and plans a cluster with a broker down (its gate pauses, not the plan)", () => {
      expect(() => plan(cluster(), { nodes: [4, 42, 43], waitHealthy: true }))
        .to.throw("Nodes 42, 43 are neither a broker nor a controller of the cluster")
        .with.property("code", "invalid_request");
      const down = cluster((s) => {
        Object.assign(s.brokers[2] as Broker, { alive: false, fenced: true });
      });
      expect(plan(down, { waitHealthy: true }).steps).to.have.length(24);
    });
  });

  describe("stopDecision / startDecision", () => {
    const first = mark("running", 10, "2026-11-23T12:00:00.000Z");
    it("stops a running node on a first run, and on a rerun while it still runs the process the first run saw", () => {
      expect(stopDecision(first, undefined).stop).to.equal(true);
      expect(stopDecision(first, first).stop).to.equal(true);
      expect(stopDecision(mark("stopping", 10, first.startedAt), first).stop).to.equal(true);
    });
    it("never stops a node already stopped, nor one restarted since the step first ran (another pid or start time)", () => {
      expect(stopDecision(mark("stopped", null), first)).to.deep.equal({ stop: false, reason: "already stopped" });
      expect(stopDecision(mark("stopped", null), undefined).stop).to.equal(false);
      const again = stopDecision(mark("running", 11, "2026-11-23T12:01:00.000Z"), first);
      expect(again).to.deep.equal({
        stop: false,
        reason: "restarted since this step first ran (pid 10 → 11): not stopped again",
      });
      expect(stopDecision(mark("running", 10, "2026-11-23T12:01:00.000Z"), first).stop).to.equal(false);
      // Stopped at the first run (by someone), running at the rerun: started since, so not stopped again either.
      expect(stopDecision(mark("running", 12, "x"), mark("stopped", null)).stop).to.equal(false);
    });
    it("starts only a node that is not running or starting", () => {
      expect(startDecision(mark("stopped", null))).to.deep.equal({ start: true, reason: "started" });
      expect(startDecision(first)).to.deep.equal({ start: false, reason: "already running" });
      expect(startDecision(mark("starting", 3))).to.deep.equal({ start: false, reason: "already starting" });
    });
  });

  describe("stopNode / startNode step kinds, run twice", () => {
    const running = mark("running", 10, "2026-11-23T12:00:00.000Z");

    it("stopNode: the first run checkpoints the process before it stops it; a rerun does nothing more", async () => {
      const fake = fakeNodes(running);
      const one = context({ nodes: fake.nodes });
      const detail = await STEP_KINDS.stopNode(one, { nodeId: 4 });
      expect(one.checkpoints).to.deep.equal([{ before: running }]);
      expect(detail).to.deep.include({ before: running, outcome: "stopped" });
      expect(fake.calls).to.deep.equal(["stop 4"]);
      const again = await STEP_KINDS.stopNode(context({ nodes: fake.nodes, previous: { before: running } }), {
        nodeId: 4,
      });
      expect(again).to.deep.include({ outcome: "already stopped" });
      expect(fake.calls).to.deep.equal(["stop 4"]);
    });

    it("stopNode after a crash: a node restarted since the first run (another pid) is not stopped again", async () => {
      const fake = fakeNodes(mark("running", 11, "2026-11-23T12:05:00.000Z"));
      const rerun = context({ nodes: fake.nodes, previous: { before: running } });
      const detail = await STEP_KINDS.stopNode(rerun, { nodeId: 4 });
      expect(detail).to.deep.include({ before: running });
      expect(String(detail.outcome)).to.match(/^restarted since this step first ran \(pid 10 → 11\)/);
      expect(fake.calls).to.deep.equal([]);
      expect(rerun.checkpoints).to.deep.equal([]);
    });

    it("startNode: starts a stopped node once; a rerun finds it running and leaves it", async () => {
      const fake = fakeNodes(mark("stopped", null));
      const detail = await STEP_KINDS.startNode(context({ nodes: fake.nodes }), { nodeId: 5 });
      expect(detail).to.deep.include({ outcome: "started" });
      const again = await STEP_KINDS.startNode(
        context({ nodes: fake.nodes, previous: { before: mark("stopped", null) } }),
        { nodeId: 5 },
      );
      expect(again).to.deep.include({ outcome: "already running", before: mark("stopped", null) });
      expect(fake.calls).to.deep.equal(["start 5"]);
    });

    it("fails with the reason when the worker cannot act on the cluster's nodes", async () => {
      const error = await rejection(
        STEP_KINDS.stopNode(context({ nodes: { unavailable: "the external provider cannot act" } }), { nodeId: 4 }),
      );
      expect(error).to.have.property("code", "capability_unavailable");
      expect(error).to.have.property("message", "the external provider cannot act");
    });
  });

  describe("rollSafetyCheck / waitNodeHealthy step kinds", () => {
    const oneDown = () =>
      cluster((s) => {
        Object.assign(s.brokers[2] as Broker, { alive: false, fenced: true });
        for (const p of s.topics[0]?.partitions ?? []) p.isr = p.isr.filter((r) => r !== 6);
      });

    it("rollSafetyCheck passes at once when safe", async () => {
      const detail = await STEP_KINDS.rollSafetyCheck(context({}), { nodeId: 4 });
      expect(detail).to.include({ checks: 1 });
    });

    it("rollSafetyCheck re-checks while unsafe and goes on once safe", async () => {
      let reads = 0;
      const ctx = context({
        nodeWaits: { safeToStopMs: 10_000, healthyMs: 10_000 },
        snapshots: () => (++reads < 2 ? oneDown() : cluster()),
      });
      const detail = await STEP_KINDS.rollSafetyCheck(ctx, { nodeId: 4 });
      expect(detail).to.include({ checks: 2 });
      expect(ctx.reports[0]).to.have.nested.property("waitingFor.what", "node 4 safe to stop");
      expect(ctx.reports.at(-1)).to.deep.equal({ waitingFor: null });
    });

    it("rollSafetyCheck pauses past the wait, naming the partitions at risk; it never lets the stop go on", async () => {
      const error = await rejection(STEP_KINDS.rollSafetyCheck(context({ snapshots: oneDown }), { nodeId: 4 }));
      expect(error).to.be.instanceOf(StepPaused);
      const paused = error as StepPaused;
      expect(paused.reason).to.match(
        /^node 4 safe to stop: not so after \d+ s: stopping broker 4 would leave 3 partitions below min.insync.replicas: t-0 \(1 in-sync replica left, min.insync.replicas=2\), t-1 .*, t-2 /,
      );
      expect(paused.detail.partitionsAtRisk).to.deep.equal(["t-0", "t-1", "t-2"]);
    });

    it("rollSafetyCheck: a node its provider reports stopped already (killed, crashed) passes at once, whatever the cluster says", async () => {
      const fake = fakeNodes(mark("stopped", null));
      const detail = await STEP_KINDS.rollSafetyCheck(context({ nodes: fake.nodes, snapshots: oneDown }), {
        nodeId: 6,
      });
      expect(detail).to.deep.equal({
        outcome: "node 6 is stopped already: starting it takes nothing away",
      });
      expect(fake.calls).to.deep.equal([]);
    });

    it("rollSafetyCheck: a pause or cancel requested while waiting ends the wait (the step runs again later)", async () => {
      const error = await rejection(
        STEP_KINDS.rollSafetyCheck(
          context({
            nodeWaits: { safeToStopMs: 10_000, healthyMs: 10_000 },
            snapshots: oneDown,
            interrupted: async () => "pause",
          }),
          { nodeId: 4 },
        ),
      );
      expect(error).to.be.instanceOf(StepInterrupted);
    });

    it("waitNodeHealthy: healthy once running and a read after its start shows it back in every ISR", async () => {
      const fake = fakeNodes(mark("running", 20, new Date(NOW - 1000).toISOString()));
      const detail = await STEP_KINDS.waitNodeHealthy(context({ nodes: fake.nodes }), {
        nodeId: 6,
        roles: { broker: true, controller: false },
      });
      expect(detail).to.deep.include({ checks: 1, process: mark("running", 20, new Date(NOW - 1000).toISOString()) });
    });

    it("waitNodeHealthy: a controller restarted within the catch-up window is not healthy on its old process's last fetch", async () => {
      const startedAt = new Date(NOW - 1000).toISOString();
      const fake = fakeNodes(mark("running", 30, startedAt));
      const oldFetch = () =>
        cluster((s) => {
          Object.assign(s.quorum?.voters[0] as QuorumNode, { lastFetchTimestamp: NOW - 1500 });
        });
      const error = await rejection(
        STEP_KINDS.waitNodeHealthy(context({ nodes: fake.nodes, snapshots: oldFetch }), {
          nodeId: 1,
          roles: { broker: false, controller: true },
        }),
      );
      expect((error as StepPaused).reason).to.match(
        /controller 1 has not fetched from the leader since its start \(last fetch .*\)$/,
      );
      const detail = await STEP_KINDS.waitNodeHealthy(context({ nodes: fake.nodes }), {
        nodeId: 1,
        roles: { broker: false, controller: true },
      });
      expect(detail).to.include({ checks: 1 });
    });

    it("waitNodeHealthy pauses with the reason when the node is not back in time", async () => {
      const fake = fakeNodes(mark("running", 20, new Date(NOW - 1000).toISOString()));
      const error = await rejection(
        STEP_KINDS.waitNodeHealthy(context({ nodes: fake.nodes, snapshots: oneDown }), {
          nodeId: 6,
          roles: { broker: true, controller: false },
        }),
      );
      expect(error).to.be.instanceOf(StepPaused);
      expect((error as StepPaused).reason).to.match(
        /^node 6 healthy again: not so after \d+ s: broker 6 does not answer$/,
      );
      const stopped = fakeNodes(mark("stopped", null));
      const notRunning = await rejection(
        STEP_KINDS.waitNodeHealthy(context({ nodes: stopped.nodes }), {
          nodeId: 6,
          roles: { broker: true, controller: false },
        }),
      );
      expect((notRunning as StepPaused).reason).to.match(/node 6 is stopped$/);
    });
  });
});
