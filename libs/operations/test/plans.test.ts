import type { Broker, Capabilities, Cluster, OperationParams, OperationType, QuorumNode, Snapshot } from "@kcp/shared";
import { expect } from "chai";
import {
  movesStillApply,
  type PlanBuilder,
  planAddControllers,
  planCordonBrokers,
  planDrainBrokers,
  planElectLeaders,
  planFinalizeFeatures,
  planMigrateQuorum,
  planRebalance,
  planRemoveVoters,
  planUncordonBrokers,
  planUnregisterBrokers,
} from "../src/index.js";
import { broker as fixtureBroker } from "./snapshot-fixture.js";

/** A broker whose log dirs the snapshot did not read, holding nothing. */
const broker = (id: number, overrides: Partial<Broker> = {}): Broker =>
  fixtureBroker(id, { logDirs: null, dataBytes: 0, ...overrides });

const COLLECTED_AT = "2026-11-23T00:00:00.000Z";

const voter = (nodeId: number, overrides: Partial<QuorumNode> = {}): QuorumNode => ({
  nodeId,
  directoryId: `dir${nodeId}`.padEnd(22, "A"),
  role: nodeId === 1 ? "leader" : "follower",
  logEndOffset: 100,
  lag: 0,
  lastFetchTimestamp: Date.parse(COLLECTED_AT),
  lastCaughtUpTimestamp: Date.parse(COLLECTED_AT) - 1000,
  endpoints: [],
  ...overrides,
});

const partition = (id: number, replicas: number[], leader: number, isr = replicas) => ({
  id,
  leader,
  leaderEpoch: 1,
  replicas,
  isr,
  offline: null,
  sizeBytes: 0,
  replicaBytes: null,
});

/** Brokers 4–6, voters 1–3, topic "orders" with three partitions: 0 led by its preferred replica, 1 not, 2 offline. */
function snapshot(overrides: Partial<Snapshot> = {}): Snapshot {
  return {
    collectedAt: COLLECTED_AT,
    durationMs: 1,
    clusterId: "c",
    brokers: [broker(4), broker(5), broker(6), broker(7, { alive: false, fenced: true })],
    quorum: { leaderId: 1, leaderEpoch: 3, highWatermark: 100, voters: [voter(1), voter(2), voter(3)], observers: [] },
    features: [
      { name: "metadata.version", finalized: 21, supportedMin: 7, supportedMax: 27 },
      { name: "kraft.version", finalized: 1, supportedMin: 0, supportedMax: 1 },
    ],
    topics: [
      {
        name: "orders",
        id: "id",
        internal: false,
        replicationFactor: 3,
        minInsyncReplicas: 2,
        configs: {},
        sizeBytes: 0,
        partitions: [partition(0, [4, 5, 6], 4), partition(1, [5, 6, 4], 6), partition(2, [6, 4, 5], -1, [])],
      },
    ],
    reassignments: [],
    groups: [],
    errors: [],
    ...overrides,
  };
}

function plan<T extends OperationType>(builder: PlanBuilder<T>, params: OperationParams<T>, snap = snapshot()) {
  return builder({
    cluster: {} as Cluster,
    capabilities: { refusals: [], notes: [] } as Capabilities,
    snapshot: snap,
    params,
  });
}

const refusal = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    return `${(error as { code?: string }).code}: ${(error as Error).message}`;
  }
  return "not refused";
};

describe("operation plans (pure)", () => {
  describe("electLeaders", () => {
    it("preferred: only partitions led by another replica while the preferred one is in sync", () => {
      const built = plan(planElectLeaders, { electionType: "preferred" });
      expect(built.plan).to.include({ irreversible: false, summary: "Preferred leader election for 1 partition(s)" });
      expect(built.steps).to.deep.equal([
        {
          name: "Elect leaders",
          kind: "electLeaders",
          args: { electionType: "preferred", partitions: [{ topic: "orders", partition: 1 }] },
          alwaysRun: false,
        },
      ]);
    });

    it("unclean: only partitions without a leader, irreversible with a warning about lost records", () => {
      const built = plan(planElectLeaders, { electionType: "unclean" });
      expect(built.plan.irreversible).to.equal(true);
      expect(built.plan.warnings[0]).to.match(/lost for good/);
      expect(built.steps[0]?.args).to.deep.equal({
        electionType: "unclean",
        partitions: [{ topic: "orders", partition: 2 }],
      });
    });

    it("refuses when nothing would change, and partitions the cluster does not have", () => {
      expect(
        refusal(() =>
          plan(planElectLeaders, { electionType: "preferred", partitions: [{ topic: "orders", partition: 0 }] }),
        ),
      ).to.match(/^invalid_request: Nothing to do/);
      expect(
        refusal(() =>
          plan(planElectLeaders, { electionType: "preferred", partitions: [{ topic: "orders", partition: 9 }] }),
        ),
      ).to.equal("invalid_request: No partition orders-9 in the cluster");
    });
  });

  describe("unregisterBrokers", () => {
    it("unregisters a fenced broker that holds no replica, one step per broker", () => {
      const built = plan(planUnregisterBrokers, { brokers: [7] });
      expect(built.plan.irreversible).to.equal(true);
      expect(built.steps.map((s) => [s.kind, s.args])).to.deep.equal([["unregisterBroker", { broker: 7 }]]);
    });

    it("refuses a broker that holds replicas, one that is running, and one that is not registered", () => {
      const stopped5 = snapshot({ brokers: [broker(4), broker(5, { alive: false, fenced: true }), broker(6)] });
      expect(refusal(() => plan(planUnregisterBrokers, { brokers: [5] }, stopped5))).to.equal(
        "invalid_request: Broker 5 still holds 3 replica(s): drain it first (drainBrokers)",
      );
      const empty = snapshot({ topics: [] });
      expect(refusal(() => plan(planUnregisterBrokers, { brokers: [4] }, empty))).to.match(/Broker 4 is running/);
      expect(refusal(() => plan(planUnregisterBrokers, { brokers: [42] }))).to.match(/Broker 42 is not registered/);
    });
  });

  describe("removeVoters", () => {
    const dir = (id: number) => `dir${id}`.padEnd(22, "A");

    it("removes a voter when the others keep a caught-up majority", () => {
      const built = plan(planRemoveVoters, { voters: [{ nodeId: 3, directoryId: dir(3) }] });
      expect(built.plan.summary).to.equal("Remove voter(s) 3 from the metadata quorum (2 voter(s) remain)");
      expect(built.steps.map((s) => s.kind)).to.deep.equal(["removeRaftVoter"]);
    });

    it("refuses to leave the quorum without a caught-up majority, or without any voter", () => {
      const lagging = snapshot({
        quorum: {
          leaderId: 1,
          leaderEpoch: 3,
          highWatermark: 100,
          voters: [voter(1), voter(2, { lag: 50_000 }), voter(3)],
          observers: [],
        },
      });
      expect(refusal(() => plan(planRemoveVoters, { voters: [{ nodeId: 3, directoryId: dir(3) }] }, lagging))).to.match(
        /only 1 of the 2 remaining voters are caught up/,
      );
      // A voter that stopped: not far behind yet, but it has not caught up for over 30 seconds.
      const stopped = snapshot({
        quorum: {
          leaderId: 1,
          leaderEpoch: 3,
          highWatermark: 100,
          voters: [voter(1), voter(2, { lag: 60, lastCaughtUpTimestamp: Date.parse(COLLECTED_AT) - 31_000 }), voter(3)],
          observers: [],
        },
      });
      expect(refusal(() => plan(planRemoveVoters, { voters: [{ nodeId: 3, directoryId: dir(3) }] }, stopped))).to.match(
        /only 1 of the 2 remaining voters are caught up/,
      );
      const single = snapshot({
        quorum: { leaderId: 1, leaderEpoch: 1, highWatermark: 1, voters: [voter(1)], observers: [] },
      });
      expect(refusal(() => plan(planRemoveVoters, { voters: [{ nodeId: 1, directoryId: dir(1) }] }, single))).to.match(
        /last voter/,
      );
    });

    it("refuses a node that is not a voter, or a directory id that is not the voter's", () => {
      expect(refusal(() => plan(planRemoveVoters, { voters: [{ nodeId: 9, directoryId: dir(9) }] }))).to.match(
        /Node 9 is not a voter/,
      );
      expect(refusal(() => plan(planRemoveVoters, { voters: [{ nodeId: 2, directoryId: dir(3) }] }))).to.match(
        /Voter 2 has directory id/,
      );
    });
  });

  describe("finalizeFeatures", () => {
    it("by default raises every feature below its supported maximum: validate first, then apply", () => {
      const built = plan(planFinalizeFeatures, {});
      expect(built.plan.summary).to.equal("Finalize metadata.version: 21 → 27");
      expect(built.steps.map((s) => s.args)).to.deep.equal([
        { levels: { "metadata.version": 27 }, validateOnly: true },
        { levels: { "metadata.version": 27 }, validateOnly: false },
      ]);
    });

    it("refuses unknown features, levels no node supports, lowering, and nothing to do", () => {
      expect(refusal(() => plan(planFinalizeFeatures, { features: { "no.such": 1 } }))).to.match(/Unknown feature/);
      expect(refusal(() => plan(planFinalizeFeatures, { features: { "metadata.version": 30 } }))).to.match(
        /above the highest/,
      );
      expect(refusal(() => plan(planFinalizeFeatures, { features: { "kraft.version": 1 } }))).to.match(/already at 1/);
      const done = snapshot({ features: [{ name: "kraft.version", finalized: 1, supportedMin: 0, supportedMax: 1 }] });
      expect(refusal(() => plan(planFinalizeFeatures, {}, done))).to.match(/Nothing to do/);
    });
  });

  describe("cordonBrokers / uncordonBrokers", () => {
    const withDirs = (cordoned: string[]) =>
      snapshot({
        brokers: [
          broker(4, {
            logDirs: ["/d1", "/d2"].map((path) => ({ path, dataBytes: 0, cordoned: cordoned.includes(path) })),
          }),
          broker(5),
        ],
      });

    it("cordons every log dir of a broker by default, and only the named ones when given", () => {
      expect(plan(planCordonBrokers, { brokers: [4] }, withDirs([])).steps.map((s) => s.args)).to.deep.equal([
        { broker: 4, set: { "cordoned.log.dirs": "/d1,/d2" } },
      ]);
      expect(
        plan(planCordonBrokers, { brokers: [4], logDirs: ["/d2"] }, withDirs(["/d1"])).steps[0]?.args,
      ).to.deep.equal({ broker: 4, set: { "cordoned.log.dirs": "/d1,/d2" } });
    });

    it("uncordons by removing the dirs from the list, deleting the config when none is left", () => {
      expect(
        plan(planUncordonBrokers, { brokers: [4], logDirs: ["/d1"] }, withDirs(["/d1", "/d2"])).steps[0]?.args,
      ).to.deep.equal({ broker: 4, set: { "cordoned.log.dirs": "/d2" } });
      expect(plan(planUncordonBrokers, { brokers: [4] }, withDirs(["/d1"])).steps[0]?.args).to.deep.equal({
        broker: 4,
        delete: ["cordoned.log.dirs"],
      });
    });

    it("refuses nothing to do, unknown log dirs, and brokers that do not report log dirs", () => {
      expect(refusal(() => plan(planCordonBrokers, { brokers: [4] }, withDirs(["/d1", "/d2"])))).to.match(
        /Nothing to do/,
      );
      expect(refusal(() => plan(planCordonBrokers, { brokers: [4], logDirs: ["/d9"] }, withDirs([])))).to.match(
        /no log dir \/d9/,
      );
      expect(refusal(() => plan(planCordonBrokers, { brokers: [5] }, withDirs([])))).to.match(
        /did not report its log dirs/,
      );
    });
  });

  describe("addControllers", () => {
    const observer = voter(7, {
      role: "observer",
      directoryId: "dir7".padEnd(22, "A"),
      endpoints: [{ name: "CONTROLLER", host: "127.0.0.1", port: 9097 }],
    });
    const withObserver = snapshot({
      quorum: {
        leaderId: 1,
        leaderEpoch: 3,
        highWatermark: 100,
        voters: [voter(1), voter(2), voter(3)],
        observers: [observer],
      },
    });

    it("makes a running observer a voter with its directory id and endpoints from DescribeQuorum", () => {
      const built = plan(planAddControllers, { controllers: [{ nodeId: 7 }] }, withObserver);
      expect(built.plan.summary).to.equal("Add controller(s) 7 to the metadata quorum (4 voters after)");
      expect(built.plan.warnings[0]).to.match(/even number of voters/);
      expect(built.steps).to.deep.equal([
        {
          name: "Add voter 7",
          kind: "addRaftVoter",
          args: { nodeId: 7, directoryId: observer.directoryId, endpoints: observer.endpoints },
          alwaysRun: false,
        },
      ]);
    });

    it("refuses voters, nodes that are not observers, another directory id, and unknown endpoints", () => {
      expect(refusal(() => plan(planAddControllers, { controllers: [{ nodeId: 2 }] }, withObserver))).to.match(
        /already a voter/,
      );
      expect(refusal(() => plan(planAddControllers, { controllers: [{ nodeId: 8 }] }, withObserver))).to.match(
        /not an observer/,
      );
      const wrongDir = { nodeId: 7, directoryId: "other".padEnd(22, "A") };
      expect(refusal(() => plan(planAddControllers, { controllers: [wrongDir] }, withObserver))).to.match(
        /has directory id/,
      );
      const brokerObserver = snapshot({
        quorum: {
          leaderId: 1,
          leaderEpoch: 3,
          highWatermark: 100,
          voters: [voter(1)],
          observers: [voter(4, { role: "observer" })],
        },
      });
      expect(refusal(() => plan(planAddControllers, { controllers: [{ nodeId: 4 }] }, brokerObserver))).to.match(
        /endpoints of node 4 are not known/,
      );
    });
  });

  describe("migrateQuorum", () => {
    const staticQuorum = (supportedMax: number) =>
      snapshot({
        features: [{ name: "kraft.version", finalized: 0, supportedMin: 0, supportedMax }],
        quorum: {
          leaderId: 1,
          leaderEpoch: 3,
          highWatermark: 100,
          voters: [1, 2, 3].map((id) =>
            voter(id, { endpoints: [{ name: "CONTROLLER", host: "10.0.0.1", port: 9090 + id }] }),
          ),
          observers: [],
        },
      });

    it("raises kraft.version to 1 (validated first) and lists the configuration every node needs afterwards", () => {
      const built = plan(planMigrateQuorum, {}, staticQuorum(1));
      expect(built.plan.irreversible).to.equal(true);
      expect(built.plan.warnings[1]).to.include(
        "controller.quorum.bootstrap.servers=10.0.0.1:9091,10.0.0.1:9092,10.0.0.1:9093",
      );
      expect(built.steps.map((s) => s.args)).to.deep.equal([
        { levels: { "kraft.version": 1 }, validateOnly: true },
        { levels: { "kraft.version": 1 }, validateOnly: false },
      ]);
    });

    it("refuses a quorum that is already dynamic, and nodes that do not support kraft.version 1", () => {
      expect(refusal(() => plan(planMigrateQuorum, {}))).to.match(/already dynamic/);
      expect(refusal(() => plan(planMigrateQuorum, {}, staticQuorum(0)))).to.match(/Kafka 4\.1\+/);
    });
  });

  describe("rebalance and drainBrokers", () => {
    /** Brokers 4, 5, 6 and 8; topic "t" of 4 partitions (RF 2, 1,000 bytes each) all on brokers 4 and 5. */
    const crowded = () =>
      snapshot({
        brokers: [broker(4), broker(5), broker(6), broker(8)],
        topics: [
          {
            name: "t",
            id: "id",
            internal: false,
            replicationFactor: 2,
            minInsyncReplicas: 1,
            configs: {},
            sizeBytes: 4000,
            partitions: [0, 1, 2, 3].map((id) => ({
              ...partition(id, id % 2 === 0 ? [4, 5] : [5, 4], id % 2 === 0 ? 4 : 5),
              sizeBytes: 1000,
            })),
          },
        ],
      });

    it("throttled: set the throttle, move, always clear it, then elect; the plan shows moves, load and the bound", () => {
      const built = plan(planRebalance, { throttleBytesPerSec: 1_000_000 }, crowded());
      expect(built.steps.map((s) => [s.kind, s.alwaysRun])).to.deep.equal([
        ["setReplicationThrottle", false],
        ["reassignPartitions", false],
        ["clearReplicationThrottle", true],
        ["electLeaders", false],
      ]);
      const throttle = built.steps[0]?.args as { brokers: number[]; topics: Record<string, { leader: string[] }> };
      expect(throttle.brokers).to.include.members([4, 5]);
      expect(throttle.topics.t?.leader.length).to.be.greaterThan(0);
      expect(built.steps[1]?.args).to.include({ maxConcurrentMoves: 5 });
      expect(built.steps[2]?.args).to.deep.equal({ brokers: throttle.brokers, topics: ["t"] });
      expect(built.plan.after?.replicaSpread).to.equal(0);
      expect(built.plan.before?.replicaSpread).to.equal(4);
      expect(built.plan.dataToMoveBytes).to.equal(4000);
      expect(built.plan.dataToMoveLowerBoundBytes).to.equal(4000);
      expect(built.plan.irreversible).to.equal(false);
    });

    it("without a throttle there is nothing to set or clear; maxConcurrentMoves goes to the move step", () => {
      const built = plan(planRebalance, { maxConcurrentMoves: 2 }, crowded());
      expect(built.steps.map((s) => s.kind)).to.deep.equal(["reassignPartitions", "electLeaders"]);
      expect(built.steps[0]?.args).to.include({ maxConcurrentMoves: 2 });
    });

    it("drainBrokers moves only the replicas of the brokers named", () => {
      const built = plan(planDrainBrokers, { brokers: [5] }, crowded());
      expect(built.plan.moves?.every((m) => m.from.includes(5) && !m.to.includes(5))).to.equal(true);
      expect(built.plan.moves).to.have.length(4);
      expect(built.plan.after?.brokers.find((b) => b.id === 5)).to.include({ replicas: 0, excluded: true });
    });

    it("refuses: nothing to move, reassignments in progress, too few brokers, unknown brokers", () => {
      expect(refusal(() => plan(planRebalance, {}))).to.match(/invalid_request: Nothing to do/);
      const busy = snapshot({
        reassignments: [{ topic: "orders", partition: 0, replicas: [4, 5, 6], adding: [6], removing: null }],
      });
      expect(refusal(() => plan(planRebalance, {}, busy))).to.match(/1 partition reassignment\(s\) are in progress/);
      expect(refusal(() => plan(planRebalance, { excludeBrokers: [6] }))).to.match(/has 3 replicas but only 2 broker/);
      expect(refusal(() => plan(planDrainBrokers, { brokers: [42] }))).to.match(/Broker\(s\) 42 are not registered/);
      expect(refusal(() => plan(planDrainBrokers, { brokers: [8] }, crowded()))).to.match(
        /the brokers hold no replica/,
      );
    });

    it("refuses a snapshot that read some brokers' log dirs and not others (their disk use unknown); none read: plans by counts", () => {
      const read = (b: Broker): Broker => ({ ...b, logDirs: [{ path: `/data/${b.id}`, dataBytes: 0 }] });
      const partial = crowded();
      partial.brokers = partial.brokers.map((b) => (b.id === 6 ? b : read(b)));
      expect(refusal(() => plan(planRebalance, {}, partial))).to.equal(
        "cluster_unreachable: The log dirs of broker(s) 6 could not be read in the snapshot just taken, so their disk use is unknown; plan again",
      );
      expect(refusal(() => plan(planDrainBrokers, { brokers: [5] }, partial))).to.match(/^cluster_unreachable: /);
      // A fenced or silent broker's unread dirs are expected: it takes no replica anyway.
      const silent = crowded();
      silent.brokers = silent.brokers.map((b) => (b.id === 8 ? { ...b, alive: false } : read(b)));
      expect(plan(planRebalance, {}, silent).plan.moves?.length).to.be.greaterThan(0);
      expect(plan(planRebalance, {}, crowded()).plan.after?.replicaSpread).to.equal(0);
    });

    it("confirm's check: a plan applies while every partition still has the replicas it is moved from", () => {
      const built = plan(planRebalance, {}, crowded());
      const moves = built.plan.moves ?? [];
      expect(movesStillApply(moves, crowded())).to.equal(undefined);
      const moved = crowded();
      const first = moved.topics[0]?.partitions[0];
      if (first) first.replicas = [4, 6];
      expect(movesStillApply(moves, moved)).to.match(/1 partition\(s\) no longer have the replicas .* \(e\.g\. t-0\)/);
    });
  });
});
