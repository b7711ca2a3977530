import type { KafkaAdmin } from "@kcp/kafka";
import {
  AppError,
  type Capabilities,
  type Cluster,
  createLogger,
  type Feature,
  type NodeStatus,
  type Snapshot,
} from "@kcp/shared";
import { expect } from "chai";
import {
  planUpgradeVersion,
  STEP_KINDS,
  type StepContext,
  type StepNodes,
  StepPaused,
  switchDecision,
} from "../src/index.js";
import { cluster3c3b } from "./snapshot-fixture.js";

const NOW = Date.now();

const feature = (name: string, finalized: number, supportedMax = finalized): Feature => ({
  name,
  finalized,
  supportedMin: 0,
  supportedMax,
});

/** Kafka 4.3's levels, finalized (what a 3c3b formatted by 4.3.1 shows). */
const FEATURES_43 = [
  feature("metadata.version", 30),
  feature("kraft.version", 1),
  feature("transaction.version", 2),
  feature("group.version", 1),
  feature("eligible.leader.replicas.version", 1),
  feature("share.version", 1),
  feature("streams.version", 1),
];

/** The 3c3b fixture (voters 1–3, 2 the leader; brokers 4–6) with each node's version as its agent reports it. */
const cluster = (versions: Record<number, string> | undefined, features: Feature[] = FEATURES_43): Snapshot =>
  cluster3c3b(NOW, (s) => {
    s.features = features;
    if (versions)
      s.providerNodes = Object.entries(versions).map(([id, version]) => ({
        nodeId: Number(id),
        version,
        state: "running" as const,
      }));
  });

const all = (version: string) => Object.fromEntries([1, 2, 3, 4, 5, 6].map((id) => [id, version]));

const plan = (snapshot: Snapshot, params: { version: string; finalize?: boolean }) =>
  planUpgradeVersion({
    cluster: {} as Cluster,
    capabilities: {} as Capabilities,
    snapshot,
    params: { finalize: false, ...params },
  });

const refusal = (build: () => unknown): AppError => {
  try {
    build();
  } catch (error) {
    expect(error).to.be.instanceOf(AppError);
    expect((error as AppError).code).to.equal("invalid_request");
    return error as AppError;
  }
  return expect.fail("expected a refusal");
};

const byNode = (steps: { kind: string; args: unknown }[]) =>
  steps.map((s) => {
    const args = s.args as { nodeId?: number; version?: string };
    return args.nodeId === undefined
      ? `${s.kind}${args.version ? ` ${args.version}` : ""}`
      : `${s.kind} ${args.nodeId}`;
  });

describe("upgradeVersion: plan and version steps (pure, no servers)", () => {
  describe("planUpgradeVersion", () => {
    it("installs once, then rolls each node in the safe order with the switch between its stop and start; not irreversible without finalize", () => {
      const built = plan(cluster(all("4.3.1")), { version: "4.4.0" });
      const order = [1, 3, 2, 4, 5, 6];
      expect(byNode(built.steps)).to.deep.equal([
        "installVersion 4.4.0",
        ...order.flatMap((id) => [
          `rollSafetyCheck ${id}`,
          `stopNode ${id}`,
          `switchVersion ${id}`,
          `startNode ${id}`,
          `waitNodeHealthy ${id}`,
        ]),
      ]);
      expect(built.steps.find((s) => s.kind === "switchVersion")?.args).to.deep.equal({ nodeId: 1, version: "4.4.0" });
      expect(built.steps.find((s) => s.kind === "waitNodeHealthy")?.args).to.deep.equal({
        nodeId: 1,
        roles: { broker: false, controller: true },
      });
      expect(built.steps.every((s) => !s.alwaysRun)).to.equal(true);
      expect(built.plan.irreversible).to.equal(false);
      expect(built.plan.summary).to.equal(
        "Rolling upgrade of 6 nodes from Kafka 4.3.1 to 4.4.0, one at a time: 1 (controller), 3 (controller), 2 (controller, the active controller), 4 (broker), 5 (broker), 6 (broker)",
      );
      const warnings = built.plan.warnings.join("\n");
      expect(warnings).to.match(/Features are not finalized: .* each node can go back to the version it ran/);
      expect(warnings).to.match(/storage formatted by a newer kafka-storage/);
      expect(warnings).to.not.match(/finalizing raises/);
      // The same snapshot gives the same steps (what confirm's re-validation compares).
      expect(plan(cluster(all("4.3.1")), { version: "4.4.0" }).steps).to.deep.equal(built.steps);
    });

    it("with finalize: after the last node, finalizeFeatures' steps for the target line's levels (validated first); irreversible", () => {
      const built = plan(cluster(all("4.3.1")), { version: "4.4.0", finalize: true });
      const last = built.steps.slice(-2);
      expect(last.map((s) => s.kind)).to.deep.equal(["updateFeatures", "updateFeatures"]);
      expect(last.map((s) => s.args)).to.deep.equal([
        { levels: { "metadata.version": 33, "share.version": 2 }, validateOnly: true },
        { levels: { "metadata.version": 33, "share.version": 2 }, validateOnly: false },
      ]);
      expect(built.steps.at(-3)?.kind).to.equal("waitNodeHealthy");
      expect(built.plan.irreversible).to.equal(true);
      expect(built.plan.summary).to.match(/; then finalize metadata\.version: 30 → 33, share\.version: 1 → 2$/);
      const warnings = built.plan.warnings.join("\n");
      expect(warnings).to.include(
        "finalize is irreversible: after the last node the features are raised to Kafka 4.4's levels, validated by Kafka first.",
      );
      expect(warnings).to.match(/afterwards no node can go back to a version older than Kafka 4\.4/);
    });

    it("3.9 → 4.4 on KRaft with metadata.version 3.9-IV0: allowed; finalize raises every 4.4 feature, kraft.version never", () => {
      const built = plan(
        cluster(all("3.9.2"), [
          feature("metadata.version", 21),
          feature("kraft.version", 1),
          feature("transaction.version", 0, 2),
        ]),
        { version: "4.4.0", finalize: true },
      );
      expect(built.plan.summary).to.match(/^Rolling upgrade of 6 nodes from Kafka 3\.9\.2 to 4\.4\.0/);
      expect(built.steps.at(-1)?.args).to.deep.equal({
        levels: {
          "metadata.version": 33,
          "eligible.leader.replicas.version": 1,
          "group.version": 1,
          "share.version": 2,
          "streams.version": 1,
          "transaction.version": 2,
        },
        validateOnly: false,
      });
    });

    it("skips nodes already at the target (a roll stopped half-way, planned again)", () => {
      const built = plan(cluster({ ...all("4.3.1"), 1: "4.4.0", 3: "4.4.0" }), { version: "4.4.0" });
      expect(
        built.steps.filter((s) => s.kind === "stopNode").map((s) => (s.args as { nodeId: number }).nodeId),
      ).to.deep.equal([2, 4, 5, 6]);
      expect(built.steps[0]?.kind).to.equal("installVersion");
      expect(built.plan.summary).to.match(
        /^Rolling upgrade of 4 nodes from Kafka 4\.3\.1 to 4\.4\.0, .*; nodes 1, 3 already run 4\.4\.0$/,
      );
    });

    it("every node at the target: nothing to do; with finalize and features below the line's levels, only the finalize steps", () => {
      expect(refusal(() => plan(cluster(all("4.4.0")), { version: "4.4.0" })).message).to.equal(
        "Nothing to do: every node runs Kafka 4.4.0 already",
      );
      const finalizeOnly = plan(cluster(all("4.4.0")), { version: "4.4.0", finalize: true });
      expect(byNode(finalizeOnly.steps)).to.deep.equal(["updateFeatures", "updateFeatures"]);
      expect(finalizeOnly.plan.summary).to.equal(
        "nodes 1, 2, 3, 4, 5, 6 already run 4.4.0; Finalize metadata.version: 30 → 33, share.version: 1 → 2",
      );
      const finalized = [feature("metadata.version", 33), feature("kraft.version", 1), feature("share.version", 2)];
      const done = FEATURES_43.filter((f) => !["metadata.version", "share.version"].includes(f.name)).concat(
        finalized.slice(0, 1),
        finalized.slice(2),
      );
      expect(refusal(() => plan(cluster(all("4.4.0"), done), { version: "4.4.0", finalize: true })).message).to.equal(
        "Nothing to do: every node runs Kafka 4.4.0 already and every feature is at its level",
      );
    });

    it("refuses what the upgrade path refuses, every reason at once", () => {
      // A downgrade below the finalized metadata.version, and a node newer than the target.
      const down = refusal(() => plan(cluster({ ...all("4.3.1"), 4: "4.4.0" }), { version: "4.2.2" })).message;
      expect(down).to.match(/^The cluster cannot be upgraded to Kafka 4\.2\.2: /);
      expect(down).to.include("node 4 runs 4.4.0, newer than 4.2.2: no downgrade");
      expect(down).to.include("metadata.version is finalized at 4.3-IV0 (level 30), above the 4.2-IV1 (level 29)");
      // 3.x → 4.x below metadata.version 3.3-IV3.
      const oldMetadata = refusal(() =>
        plan(cluster(all("3.9.2"), [feature("metadata.version", 6), feature("kraft.version", 0)]), {
          version: "4.4.0",
        }),
      ).message;
      expect(oldMetadata).to.match(/Kafka 4\.x needs metadata\.version 3\.3-IV3 \(level 7\) or newer/);
      // Neither a quorum nor a metadata.version: a ZooKeeper cluster.
      const zk = refusal(() =>
        plan(
          cluster3c3b(NOW, (s) => {
            s.quorum = undefined;
            s.features = []; // a ZooKeeper cluster finalizes no metadata.version
            s.providerNodes = [4, 5, 6].map((nodeId) => ({ nodeId, version: "3.9.2", state: "running" as const }));
          }),
          { version: "4.4.0" },
        ),
      ).message;
      expect(zk).to.include("Kafka 4.x runs only in KRaft mode");
      // KRaft (metadata.version finalized) but the quorum not read: the controllers would be left out of the roll.
      const noQuorum = refusal(() =>
        plan(
          cluster3c3b(NOW, (s) => {
            s.quorum = undefined;
            s.features = FEATURES_43;
            s.providerNodes = [1, 2, 3, 4, 5, 6].map((nodeId) => ({
              nodeId,
              version: "4.3.1",
              state: "running" as const,
            }));
          }),
          { version: "4.4.0" },
        ),
      ).message;
      expect(noQuorum).to.equal(
        "The controllers are not known: the quorum could not be read (DescribeQuorum) in this collection; plan again",
      );
      // A line without a feature table, and a node whose version the agents did not report.
      expect(refusal(() => plan(cluster(all("4.3.1")), { version: "5.0.0" })).message).to.match(
        /Kafka 5\.0 is not known here/,
      );
      const { 5: _, ...without5 } = all("4.3.1");
      expect(refusal(() => plan(cluster(without5), { version: "4.4.0" })).message).to.include(
        "the version of node 5 is not known",
      );
      expect(refusal(() => plan(cluster(undefined), { version: "4.4.0" })).message).to.match(
        /^The nodes' versions are not known: the cluster's provider reported no node/,
      );
    });

    it("warns about nodes the agents run that the cluster does not show (not upgraded)", () => {
      const built = plan(cluster({ ...all("4.3.1"), 7: "4.3.1" }), { version: "4.4.0" });
      expect(built.plan.warnings).to.include(
        "node 7 runs under the cluster's node agents but the cluster does not show it: not upgraded.",
      );
      expect(built.steps.some((s) => (s.args as { nodeId?: number }).nodeId === 7)).to.equal(false);
    });
  });

  describe("switchDecision", () => {
    const node = (state: NodeStatus["state"], version: string, configuredVersion = version) => ({
      nodeId: 4,
      state,
      version,
      configuredVersion,
    });

    it("a stopped node is switched, unless it is set to start with the target already", () => {
      expect(switchDecision(node("stopped", "4.3.1"), "4.4.0")).to.deep.equal({
        switch: true,
        reason: "switched from 4.3.1 to 4.4.0",
      });
      expect(switchDecision(node("stopped", "4.4.0"), "4.4.0")).to.deep.equal({
        switch: false,
        reason: "already set to start with 4.4.0",
      });
    });

    it("a node running the target already (a run after a crash, once started again) is done", () => {
      expect(switchDecision(node("running", "4.4.0"), "4.4.0")).to.deep.equal({
        switch: false,
        reason: "already runs 4.4.0",
      });
      expect(switchDecision(node("starting", "4.4.0"), "4.4.0").switch).to.equal(false);
    });

    it("a node running another version (started again by someone) pauses: starting it would not upgrade it", () => {
      for (const decision of [
        switchDecision(node("running", "4.3.1"), "4.4.0"),
        // Switched behind a running old process: still not upgraded until it restarts.
        switchDecision(node("running", "4.3.1", "4.4.0"), "4.4.0"),
        switchDecision(node("stopping", "4.4.0"), "4.4.0"),
      ]) {
        expect(decision.switch).to.equal(false);
        expect(decision.pause).to.equal(true);
        expect(decision.reason).to.match(
          /^node 4 is (running|stopping) with 4\.[34]\.[01], not stopped: it is switched to 4\.4\.0 only while stopped/,
        );
      }
    });
  });

  describe("installVersion and switchVersion step kinds (a provider double)", () => {
    function doubles(initial: { state: NodeStatus["state"]; version: string; configuredVersion: string }) {
      let now = initial;
      const calls: string[] = [];
      const status = (nodeId: number): NodeStatus => ({
        nodeId,
        roles: ["broker"],
        version: now.version,
        configuredVersion: now.configuredVersion,
        state: now.state,
        pid: now.state === "running" ? 42 : null,
        startedAt: null,
        uptimeSeconds: null,
        lastExit: null,
      });
      // Only what the version steps use: the other node actions are not theirs.
      const nodes: Pick<StepNodes, "status" | "stop" | "start" | "install" | "switchVersion"> = {
        status: async (id) => status(id),
        stop: async () => expect.fail("not stopped here"),
        start: async () => expect.fail("not started here"),
        install: async (version) => {
          calls.push(`install ${version}`);
        },
        switchVersion: async (id, version) => {
          calls.push(`switch ${id} ${version}`);
          now = { ...now, configuredVersion: version, ...(now.state === "stopped" ? { version } : {}) };
          return status(id);
        },
      };
      const context = {
        admin: {} as KafkaAdmin,
        nodes: nodes as StepNodes,
        logger: createLogger({ name: "upgrade-test", level: "silent" }),
        report: async () => {},
        interrupted: async () => null,
      } satisfies StepContext;
      return { context, calls };
    }

    it("installVersion asks the provider to install on every agent; twice is the provider's idempotent install twice", async () => {
      const { context, calls } = doubles({ state: "running", version: "4.3.1", configuredVersion: "4.3.1" });
      const detail = await STEP_KINDS.installVersion(context, { version: "4.4.0" });
      expect(detail).to.include({ version: "4.4.0", installed: true });
      await STEP_KINDS.installVersion(context, { version: "4.4.0" });
      expect(calls).to.deep.equal(["install 4.4.0", "install 4.4.0"]);
    });

    it("switchVersion switches a stopped node once: run again, it finds the node set already", async () => {
      const { context, calls } = doubles({ state: "stopped", version: "4.3.1", configuredVersion: "4.3.1" });
      const first = await STEP_KINDS.switchVersion(context, { nodeId: 4, version: "4.4.0" });
      expect(first).to.deep.include({ configuredVersion: "4.4.0", outcome: "switched from 4.3.1 to 4.4.0" });
      const second = await STEP_KINDS.switchVersion(context, { nodeId: 4, version: "4.4.0" });
      expect(second).to.deep.include({ outcome: "already set to start with 4.4.0" });
      expect(calls).to.deep.equal(["switch 4 4.4.0"]);
    });

    it("switchVersion on a node running the old version pauses the operation and switches nothing", async () => {
      const { context, calls } = doubles({ state: "running", version: "4.3.1", configuredVersion: "4.3.1" });
      const error = await STEP_KINDS.switchVersion(context, { nodeId: 4, version: "4.4.0" }).then(
        () => expect.fail("expected a pause"),
        (e: unknown) => e,
      );
      expect(error).to.be.instanceOf(StepPaused);
      expect((error as StepPaused).reason).to.match(/^node 4 is running with 4\.3\.1, not stopped/);
      expect(calls).to.deep.equal([]);
    });

    it("without a node provider the steps fail with the reason", async () => {
      const { context } = doubles({ state: "stopped", version: "4.3.1", configuredVersion: "4.3.1" });
      const error = await STEP_KINDS.installVersion(
        { ...context, nodes: { unavailable: "the external provider of cluster c cannot act on its nodes here" } },
        { version: "4.4.0" },
      ).then(
        () => expect.fail("expected a failure"),
        (e: unknown) => e as AppError,
      );
      expect(error.code).to.equal("capability_unavailable");
      expect(error.message).to.equal("the external provider of cluster c cannot act on its nodes here");
    });
  });
});
