import type { Broker, Feature, Partition, QuorumNode, Snapshot, Topic } from "@kcp/shared";
import { expect } from "chai";
import {
  DEFAULT_QUORUM_CATCH_UP,
  minInsyncReplicasOf,
  nodeHealthy,
  rollOrder,
  rollSafety,
  type UpgradePathInput,
  upgradePath,
} from "../src/index.js";
import { broker, cluster3c3b, quorumNode as fixtureQuorumNode, partition, topic } from "./snapshot-fixture.js";

const NOW = Date.parse("2026-11-23T12:00:00.000Z");

const quorumNode = (nodeId: number, role: QuorumNode["role"], overrides: Partial<QuorumNode> = {}): QuorumNode =>
  fixtureQuorumNode(nodeId, role, NOW, overrides);

/** 3c3b as the harness starts it, with the observer controller 7 (snapshot-fixture.ts). */
const cluster = (change?: (s: Snapshot) => void): Snapshot => cluster3c3b(NOW, change, { observerController: true });

const brokerById = (s: Snapshot, id: number) => s.brokers.find((b) => b.id === id) as Broker;
const voterById = (s: Snapshot, id: number) => s.quorum?.voters.find((v) => v.nodeId === id) as QuorumNode;

/** Broker `id` stopped and already out of every ISR (what the snapshot shows once the controller fenced it). */
function stopBroker(s: Snapshot, id: number): void {
  Object.assign(brokerById(s, id), { alive: false, fenced: true });
  for (const t of s.topics) for (const p of t.partitions) p.isr = p.isr.filter((r) => r !== id);
}

describe("rolling restarts and upgrades: pure rules", () => {
  describe("rollOrder", () => {
    const order = (s: Snapshot, nodes?: number[]) => rollOrder(s, nodes).map((n) => n.nodeId);

    it("rolls the observer controller, then the follower voters, the active controller last among controllers, then the brokers", () => {
      expect(order(cluster())).to.deep.equal([7, 1, 3, 2, 4, 5, 6]);
      const roles = rollOrder(cluster()).map((n) => [n.nodeId, n.controller, n.broker, n.activeController]);
      expect(roles).to.deep.include.members([
        [2, true, false, true],
        [7, true, false, false],
        [4, false, true, false],
      ]);
    });

    it("counts combined nodes as controllers: a combined leader rolls after the other combined nodes, before any broker-only node", () => {
      const combined = cluster((s) => {
        s.brokers = [broker(1), broker(2), broker(3), broker(4)];
        s.quorum = {
          leaderId: 1,
          leaderEpoch: 1,
          highWatermark: 10,
          voters: [quorumNode(1, "leader"), quorumNode(2, "follower"), quorumNode(3, "follower")],
          observers: [quorumNode(4, "observer")],
        };
      });
      expect(order(combined)).to.deep.equal([2, 3, 1, 4]);
      expect(rollOrder(combined)[0]).to.include({ controller: true, broker: true, voter: true });
    });

    it("keeps the safe order for a subset of nodes, whatever order they were asked in", () => {
      expect(order(cluster(), [6, 2, 4, 1])).to.deep.equal([1, 2, 4, 6]);
      expect(order(cluster(), [5])).to.deep.equal([5]);
    });

    it("refuses node ids the cluster does not have", () => {
      expect(() => rollOrder(cluster(), [4, 42, 43])).to.throw("Nodes 42, 43 are neither a broker nor a controller");
    });

    it("a single combined node is its own active controller", () => {
      const single = cluster((s) => {
        s.brokers = [broker(1)];
        s.quorum = { leaderId: 1, leaderEpoch: 1, highWatermark: 1, voters: [quorumNode(1, "leader")], observers: [] };
      });
      expect(rollOrder(single)).to.deep.equal([
        { nodeId: 1, broker: true, controller: true, voter: true, activeController: true },
      ]);
    });
  });

  describe("rollSafety: brokers", () => {
    it("a healthy cluster with RF 3 and min ISR 2: any one broker is safe to stop", () => {
      for (const id of [4, 5, 6]) expect(rollSafety(cluster(), id)).to.deep.equal({ safe: true });
    });

    it("with broker 5 already down, stopping broker 6 would leave t-0, t-1, t-2 with 1 in-sync replica below min.insync.replicas=2: not safe, names them", () => {
      const result = rollSafety(
        cluster((s) => stopBroker(s, 5)),
        6,
      );
      expect(result).to.deep.include({ safe: false, partitionsAtRisk: ["t-0", "t-1", "t-2"] });
      expect(result.safe === false && result.reason).to.equal(
        "stopping broker 6 would leave 3 partitions below min.insync.replicas: t-0 (1 in-sync replica left, min.insync.replicas=2), t-1 (1 in-sync replica left, min.insync.replicas=2), t-2 (1 in-sync replica left, min.insync.replicas=2)",
      );
    });

    it("a broker just killed but still listed in the ISR (not fenced yet) is not counted as in sync", () => {
      const result = rollSafety(
        cluster((s) => Object.assign(brokerById(s, 5), { alive: false })),
        6,
      );
      expect(result).to.deep.include({ safe: false, partitionsAtRisk: ["t-0", "t-1", "t-2"] });
    });

    it("names only the partitions at risk: those where the broker is in sync and the ISR is already at the minimum", () => {
      const s = cluster((snap) => {
        snap.topics.push(topic("wide", [partition(0, [4, 5, 6]), partition(1, [4, 5, 6], [4, 5])], 1));
        const t = snap.topics[0] as Topic;
        (t.partitions[1] as Partition).isr = [5, 4];
      });
      // t-1 has ISR {5, 4}: stopping 4 leaves 1 < 2. wide has min ISR 1: 1 left is enough.
      expect(rollSafety(s, 4)).to.deep.include({ safe: false, partitionsAtRisk: ["t-1"] });
    });

    it("takes the topic's own min.insync.replicas, else the effective value (broker or cluster default) the snapshot read", () => {
      const strict = topic("strict", [partition(0, [4, 5, 6], [4, 5])], 1, { "min.insync.replicas": "2" });
      const byDefault = topic("by-default", [partition(0, [4, 5, 6], [4, 5])], 2);
      expect(minInsyncReplicasOf(strict)).to.equal(2);
      expect(minInsyncReplicasOf(byDefault)).to.equal(2);
      const s = cluster((snap) => {
        snap.topics = [strict, byDefault];
      });
      expect(rollSafety(s, 5)).to.deep.include({ safe: false, partitionsAtRisk: ["strict-0", "by-default-0"] });
      // Broker 6 is out of both ISRs: it has not caught up, so it is not stopped either (for that reason).
      expect((rollSafety(s, 6) as { reason: string }).reason).to.match(
        /^broker 6 is not back in the ISR of 2 partitions/,
      );
    });

    it("a topic whose configs could not be read counts as at risk (its min ISR is unknown, not 1)", () => {
      const s = cluster((snap) => {
        snap.topics = [{ ...topic("unread", [partition(0, [4, 5, 6])], 1), error: "configs could not be read" }];
      });
      expect(minInsyncReplicasOf(s.topics[0] as Topic)).to.equal(undefined);
      const result = rollSafety(s, 4);
      expect(result).to.deep.include({ safe: false, partitionsAtRisk: ["unread-0"] });
      expect(result.safe === false && result.reason).to.contain("min.insync.replicas of unread unknown");
    });

    it("a partition with replication factor 1 can never keep its min ISR through a restart: at risk, with its RF in the reason", () => {
      const s = cluster((snap) => {
        snap.topics.push(topic("single", [partition(0, [5])], 1));
      });
      const result = rollSafety(s, 5);
      expect(result).to.deep.include({ safe: false, partitionsAtRisk: ["single-0"] });
      expect(result.safe === false && result.reason).to.contain(
        "single-0 (0 in-sync replicas left, min.insync.replicas=1, replication factor 1)",
      );
      expect(rollSafety(s, 4)).to.deep.equal({ safe: true });
    });

    it("a broker not yet back in the ISR of a partition it replicates is still recovering: not stopped", () => {
      const s = cluster((snap) => {
        ((snap.topics[0] as Topic).partitions[2] as Partition).isr = [6, 5];
      });
      const result = rollSafety(s, 4);
      expect(result).to.deep.equal({
        safe: false,
        reason:
          "broker 4 is not back in the ISR of 1 partition it replicates: t-2; it is not stopped until it has caught up",
      });
    });

    it("a replica a reassignment is still adding is not expected in the ISR yet", () => {
      const s = cluster((snap) => {
        snap.topics.push(topic("moving", [partition(0, [5, 6, 4], [5, 6])], 1));
        snap.reassignments = [{ topic: "moving", partition: 0, replicas: [5, 6, 4], adding: [4], removing: [] }];
      });
      expect(rollSafety(s, 4)).to.deep.equal({ safe: true });
    });

    it("a fenced broker (starting, replaying metadata and loading its logs) is not stopped", () => {
      const s = cluster((snap) => Object.assign(brokerById(snap, 4), { fenced: true }));
      expect(rollSafety(s, 4)).to.deep.include({ safe: false });
      expect((rollSafety(s, 4) as { reason: string }).reason).to.match(/^broker 4 is fenced \(still starting/);
    });

    it("a broker with a log directory in error is not stopped", () => {
      const s = cluster((snap) => {
        brokerById(snap, 4).logDirs = [{ path: "/data/4", dataBytes: 0, error: "KafkaStorageException" }];
      });
      expect((rollSafety(s, 4) as { reason: string }).reason).to.contain("/data/4 (KafkaStorageException)");
    });

    it("long lists of partitions are shortened in the reason but all named in partitionsAtRisk", () => {
      const many = Array.from({ length: 15 }, (_, i) => partition(i, [4, 5, 6], [4, 5]));
      const s = cluster((snap) => {
        snap.topics = [topic("big", many)];
        stopBroker(snap, 6);
      });
      const result = rollSafety(s, 5);
      expect(result.safe === false && result.partitionsAtRisk).to.have.length(15);
      expect(result.safe === false && result.reason).to.match(/big-9 \([^)]*\), … and 5 more$/);
    });

    it("an unknown node is not safe to stop", () => {
      expect(rollSafety(cluster(), 42)).to.deep.equal({
        safe: false,
        reason: "node 42 is neither a broker nor a controller of the cluster",
      });
    });
  });

  describe("rollSafety: controllers", () => {
    it("three voters all caught up: a follower and the leader are each safe to stop", () => {
      expect(rollSafety(cluster(), 1)).to.deep.equal({ safe: true });
      expect(rollSafety(cluster(), 2)).to.deep.equal({ safe: true });
    });

    it("with voter 3 lagging, stopping voter 1 would leave 1 caught-up voter of 3: not safe, names the lagging voter", () => {
      const s = cluster((snap) => {
        voterById(snap, 3).lag = 5000;
      });
      expect(rollSafety(s, 1)).to.deep.equal({
        safe: false,
        reason:
          "stopping controller 1 would leave 1 caught-up voter of 3, fewer than the majority of 2; not caught up: 3 (lag 5000)",
      });
      // Stopping the lagging voter itself keeps the leader and voter 1: a majority.
      expect(rollSafety(s, 3)).to.deep.equal({ safe: true });
    });

    it("the lag threshold is a parameter", () => {
      const s = cluster((snap) => {
        voterById(snap, 3).lag = 50;
      });
      expect(rollSafety(s, 1)).to.deep.equal({ safe: true });
      expect(rollSafety(s, 1, { ...DEFAULT_QUORUM_CATCH_UP, maxLag: 10 })).to.deep.include({ safe: false });
    });

    it("a stopped voter with lag 0 on a quiet log does not count: its last fetch is too old", () => {
      const s = cluster((snap) => {
        voterById(snap, 3).lastFetchTimestamp = NOW - 30_000;
      });
      const result = rollSafety(s, 1);
      expect(result.safe === false && result.reason).to.contain("not caught up: 3 (last fetched 30 s ago)");
    });

    it("stopping the leader needs the two followers caught up", () => {
      const s = cluster((snap) => {
        voterById(snap, 1).lastFetchTimestamp = -1;
      });
      const result = rollSafety(s, 2);
      expect(result.safe === false && result.reason).to.equal(
        "stopping controller 2 would leave 1 caught-up voter of 3, fewer than the majority of 2; not caught up: 1 (never fetched)",
      );
    });

    it("with four voters, a majority of all voters (3) must stay caught up, not a majority of the other three", () => {
      const s = cluster((snap) => {
        snap.quorum?.voters.push(quorumNode(8, "follower", { lag: 9999 }));
      });
      expect(rollSafety(s, 1)).to.deep.include({ safe: false });
      expect(rollSafety(s, 8)).to.deep.equal({ safe: true });
    });

    it("the only voter of a single-node cluster is never safe to stop (the quorum would be lost)", () => {
      const single = cluster((s) => {
        s.brokers = [broker(1)];
        s.topics = [topic("t", [partition(0, [1])], 1)];
        s.quorum = { leaderId: 1, leaderEpoch: 1, highWatermark: 1, voters: [quorumNode(1, "leader")], observers: [] };
      });
      expect(rollSafety(single, 1)).to.deep.equal({
        safe: false,
        reason: "stopping controller 1 would leave 0 caught-up voters of 1, fewer than the majority of 1",
      });
    });

    it("an observer controller does not count for the quorum: safe to stop", () => {
      expect(rollSafety(cluster(), 7)).to.deep.equal({ safe: true });
    });

    it("no quorum leader, or no quorum information: not safe", () => {
      expect(
        rollSafety(
          cluster((s) => Object.assign(s.quorum ?? {}, { leaderId: -1 })),
          1,
        ),
      ).to.deep.equal({
        safe: false,
        reason: "the quorum has no leader",
      });
      expect(
        rollSafety(
          cluster((s) => {
            delete s.quorum;
            s.brokers.push(broker(1));
          }),
          1,
        ),
      ).to.deep.equal({ safe: true }); // without a quorum, node 1 is only a broker
    });

    it("a combined node must pass both checks: the quorum first, then its partitions", () => {
      const combined = (change: (s: Snapshot) => void) =>
        cluster((s) => {
          s.brokers = [broker(1), broker(2), broker(3)];
          s.quorum = {
            leaderId: 1,
            leaderEpoch: 1,
            highWatermark: 10,
            voters: [quorumNode(1, "leader"), quorumNode(2, "follower"), quorumNode(3, "follower")],
            observers: [],
          };
          s.topics = [topic("t", [partition(0, [1, 2, 3])])];
          change(s);
        });
      expect(
        rollSafety(
          combined(() => {}),
          2,
        ),
      ).to.deep.equal({ safe: true });
      const lagging = combined((s) => {
        voterById(s, 3).lag = 10_000;
      });
      expect((rollSafety(lagging, 2) as { reason: string }).reason).to.match(/^stopping controller 2/);
      const isrShort = combined((s) => {
        ((s.topics[0] as Topic).partitions[0] as Partition).isr = [1, 2];
      });
      expect(rollSafety(isrShort, 2)).to.deep.include({ safe: false, partitionsAtRisk: ["t-0"] });
    });
  });

  describe("nodeHealthy: after a restart", () => {
    it("a broker registered, unfenced and back in every ISR is healthy", () => {
      expect(nodeHealthy(cluster(), 4)).to.deep.equal({ healthy: true });
    });

    it("a broker still fenced, not registered, or out of an ISR is not healthy yet, with the reason", () => {
      const fenced = cluster((s) => Object.assign(brokerById(s, 4), { fenced: true }));
      expect(nodeHealthy(fenced, 4)).to.deep.equal({
        healthy: false,
        reason: "broker 4 is fenced (still starting or recovering its logs)",
      });
      const gone = cluster((s) => {
        s.brokers = s.brokers.filter((b) => b.id !== 4);
      });
      expect(nodeHealthy(gone, 4, { roles: { broker: true, controller: false } })).to.deep.equal({
        healthy: false,
        reason: "broker 4 is not registered",
      });
      const behind = cluster((s) => {
        ((s.topics[0] as Topic).partitions[0] as Partition).isr = [5, 6];
        ((s.topics[0] as Topic).partitions[1] as Partition).isr = [5, 6];
      });
      expect(nodeHealthy(behind, 4)).to.deep.equal({
        healthy: false,
        reason: "broker 4 is not back in the ISR of 2 partitions it replicates: t-0, t-1",
      });
    });

    it("a node the snapshot no longer shows at all is unknown without its expected roles", () => {
      const gone = cluster((s) => {
        s.brokers = s.brokers.filter((b) => b.id !== 4);
        s.quorum = { ...(s.quorum as NonNullable<Snapshot["quorum"]>), observers: [] };
      });
      expect(nodeHealthy(gone, 4)).to.deep.equal({
        healthy: false,
        reason: "node 4 is neither a registered broker nor in the quorum",
      });
    });

    it("a snapshot collected before the node started says nothing about it", () => {
      expect(nodeHealthy(cluster(), 4, { startedAt: new Date(NOW + 1000) })).to.deep.equal({
        healthy: false,
        reason: "the snapshot predates the start of node 4",
      });
      expect(nodeHealthy(cluster(), 4, { startedAt: new Date(NOW - 1000) })).to.deep.equal({ healthy: true });
    });

    it("a controller's fetch within 500 ms of its start may be its old process's, answered late by the leader: not yet healthy", () => {
      const startedAt = new Date(NOW - 1000);
      const fetchedAt = (ms: number) =>
        cluster((s) => {
          voterById(s, 1).lastFetchTimestamp = startedAt.getTime() + ms;
        });
      // Seen on 3.9.2: stopped and started within 0.5 s, the old process's parked fetch stamped 100 ms after the start.
      expect(nodeHealthy(fetchedAt(100), 1, { startedAt })).to.deep.equal({
        healthy: false,
        reason: `controller 1 has not fetched from the leader since its start (last fetch ${new Date(startedAt.getTime() + 100).toISOString()})`,
      });
      expect(nodeHealthy(fetchedAt(500), 1, { startedAt }).healthy).to.equal(false);
      expect(nodeHealthy(fetchedAt(501), 1, { startedAt })).to.deep.equal({ healthy: true });
    });

    it("a controller caught up with the leader is healthy; one lagging or not back in the quorum is not", () => {
      expect(nodeHealthy(cluster(), 1)).to.deep.equal({ healthy: true });
      expect(nodeHealthy(cluster(), 2)).to.deep.equal({ healthy: true }); // the leader
      const lagging = cluster((s) => {
        voterById(s, 1).lag = 4000;
      });
      expect(nodeHealthy(lagging, 1)).to.deep.equal({
        healthy: false,
        reason:
          "controller 1 is not caught up with the leader (lag 4000, last fetched 200 ms before the snapshot; at most 1000 records and 5000 ms)",
      });
      const notBack = cluster((s) => {
        s.quorum = { ...(s.quorum as NonNullable<Snapshot["quorum"]>), observers: [] };
      });
      expect(nodeHealthy(notBack, 7, { roles: { broker: false, controller: true } })).to.deep.equal({
        healthy: false,
        reason: "controller 7 is not in the quorum yet",
      });
    });

    it("a combined node is healthy only as both a controller and a broker", () => {
      const s = cluster((snap) => {
        snap.brokers.push(broker(1));
        snap.topics.push(topic("c", [partition(0, [1, 4, 5], [4, 5])]));
      });
      expect(nodeHealthy(s, 1)).to.deep.equal({
        healthy: false,
        reason: "broker 1 is not back in the ISR of 1 partition it replicates: c-0",
      });
    });
  });

  describe("upgradePath", () => {
    const features = (metadata: number, others: Record<string, number> = {}): Feature[] => [
      { name: "metadata.version", finalized: metadata, supportedMin: 7, supportedMax: metadata },
      ...Object.entries(others).map(([name, finalized]) => ({
        name,
        finalized,
        supportedMin: 0,
        supportedMax: finalized,
      })),
    ];
    const input = (overrides: Partial<UpgradePathInput> = {}): UpgradePathInput => ({
      nodes: [1, 2, 3, 4, 5, 6].map((nodeId) => ({ nodeId, version: "4.3.1" })),
      target: "4.4.0",
      features: features(30, {
        "kraft.version": 1,
        "transaction.version": 2,
        "group.version": 1,
        "eligible.leader.replicas.version": 1,
        "share.version": 1,
        "streams.version": 1,
      }),
      kraft: true,
      ...overrides,
    });

    it("4.3.1 → 4.4.0: every node to upgrade; finalize raises metadata.version 30 → 33 (4.4-IV2) and share.version 1 → 2", () => {
      const path = upgradePath(input());
      expect(path).to.deep.include({
        ok: true,
        nodesToUpgrade: [1, 2, 3, 4, 5, 6],
        alreadyAtTarget: [],
        finalize: [
          { name: "metadata.version", from: 30, to: 33 },
          { name: "share.version", from: 1, to: 2 },
        ],
      });
      expect(path.ok && path.notes).to.include(
        "finalizing raises metadata.version to 4.4-IV2 (level 33); afterwards no node can go back to a version older than Kafka 4.4",
      );
      expect(path.ok && path.notes.join("\n")).to.contain("storage formatted by a newer kafka-storage");
    });

    it("3.9.2 → 4.4.0 on a KRaft cluster at 3.9-IV0: allowed; finalize raises every 4.x feature, kraft.version left to migrateQuorum", () => {
      const path = upgradePath(
        input({
          nodes: [1, 2].map((nodeId) => ({ nodeId, version: "3.9.2" })),
          features: features(21, { "kraft.version": 0, "transaction.version": 0 }),
        }),
      );
      expect(path.ok && path.finalize).to.deep.equal([
        { name: "metadata.version", from: 21, to: 33 },
        { name: "eligible.leader.replicas.version", from: 0, to: 1 },
        { name: "group.version", from: 0, to: 1 },
        { name: "share.version", from: 0, to: 2 },
        { name: "streams.version", from: 0, to: 1 },
        { name: "transaction.version", from: 0, to: 2 },
      ]);
      expect(path.ok && path.notes[0]).to.equal(
        "kraft.version stays 0 (a static quorum): raising it is migrateQuorum's work, not the upgrade's",
      );
    });

    it("a cluster half-way through (some nodes already on the target) continues with the others", () => {
      const nodes = [
        { nodeId: 1, version: "4.4.0" },
        { nodeId: 2, version: "4.3.1" },
        { nodeId: 3, version: "4.4.0" },
      ];
      expect(upgradePath(input({ nodes }))).to.deep.include({ ok: true, nodesToUpgrade: [2], alreadyAtTarget: [1, 3] });
    });

    it("every node already on the target and metadata.version finalized: nothing to roll, nothing to finalize", () => {
      const nodes = [{ nodeId: 1, version: "4.4.0" }];
      const finalized = input().features.map((f) =>
        f.name === "metadata.version"
          ? { ...f, finalized: 33 }
          : f.name === "share.version"
            ? { ...f, finalized: 2 }
            : f,
      );
      expect(upgradePath(input({ nodes, features: finalized }))).to.deep.include({
        ok: true,
        nodesToUpgrade: [],
        alreadyAtTarget: [1],
        finalize: [],
      });
    });

    it("refuses a downgrade of the software", () => {
      const path = upgradePath(input({ target: "4.2.2" }));
      expect(path.ok).to.equal(false);
      expect(!path.ok && path.reasons).to.include("node 1 runs 4.3.1, newer than 4.2.2: no downgrade");
    });

    it("refuses a target below the finalized metadata.version, naming both levels", () => {
      const path = upgradePath(input({ target: "4.2.2" }));
      expect(!path.ok && path.reasons).to.include(
        "metadata.version is finalized at 4.3-IV0 (level 30), above the 4.2-IV1 (level 29) Kafka 4.2 supports: a finalized metadata.version cannot be lowered",
      );
    });

    it("refuses 3.x → 4.x on a ZooKeeper cluster", () => {
      const path = upgradePath(
        input({ nodes: [{ nodeId: 1, version: "3.9.2" }], features: [], kraft: false, target: "4.0.2" }),
      );
      expect(!path.ok && path.reasons).to.deep.equal([
        "Kafka 4.x runs only in KRaft mode: migrate the cluster from ZooKeeper to KRaft on 3.x first",
      ]);
    });

    it("refuses 3.x → 4.x when metadata.version is below 3.3-IV3", () => {
      const path = upgradePath(
        input({ nodes: [{ nodeId: 1, version: "3.5.1" }], features: features(6), target: "4.1.2" }),
      );
      expect(!path.ok && path.reasons).to.deep.equal([
        "Kafka 4.x needs metadata.version 3.3-IV3 (level 7) or newer; it is 3.3-IV2 (level 6): finalize it on the current version first",
      ]);
    });

    it("refuses skipping 3.3: nodes older than 3.3 go to 3.9 first", () => {
      const path = upgradePath(
        input({
          nodes: [
            { nodeId: 1, version: "3.2.3" },
            { nodeId: 2, version: "3.9.2" },
          ],
          features: features(7),
          target: "4.4.0",
        }),
      );
      expect(!path.ok && path.reasons).to.deep.equal([
        "Kafka 4.4 upgrades only from 3.3 or newer: upgrade the nodes on 3.2 to 3.9 first",
      ]);
    });

    it("refuses a node whose version is unknown, a target line with no feature table, and a malformed target", () => {
      expect(upgradePath(input({ nodes: [{ nodeId: 3, version: undefined }] }))).to.deep.equal({
        ok: false,
        reasons: ["the version of node 3 is not known"],
      });
      expect(upgradePath(input({ target: "4.5.0" }))).to.deep.equal({
        ok: false,
        reasons: ["Kafka 4.5 is not known here (feature levels are known for 3.9, 4.0, 4.1, 4.2, 4.3, 4.4)"],
      });
      expect(upgradePath(input({ target: "latest" }))).to.deep.equal({
        ok: false,
        reasons: ['"latest" is not a Kafka version (major.minor.patch)'],
      });
    });

    it("a patch release of a known line uses the line's levels (4.4.1 → 4.4-IV2)", () => {
      const path = upgradePath(input({ target: "4.4.1" }));
      expect(path.ok && path.finalize[0]).to.deep.equal({ name: "metadata.version", from: 30, to: 33 });
    });

    it("4.2.2 → 4.3.1 finalizes metadata.version 29 → 30 only and says nothing of 4.4's storage format", () => {
      const path = upgradePath(
        input({
          nodes: [{ nodeId: 1, version: "4.2.2" }],
          target: "4.3.1",
          features: input().features.map((f) => (f.name === "metadata.version" ? { ...f, finalized: 29 } : f)),
        }),
      );
      expect(path.ok && path.finalize).to.deep.equal([{ name: "metadata.version", from: 29, to: 30 }]);
      expect(path.ok && path.notes.join("\n")).not.to.contain("kafka-storage");
    });
  });
});
