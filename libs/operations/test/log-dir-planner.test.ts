import type { Broker, Snapshot } from "@kcp/shared";
import { expect } from "chai";
import { planDrainBrokers, planRebalance } from "../src/index.js";
import {
  type LogDirPlan,
  logDirModel,
  type PlannerJbodBroker,
  planLogDirMoves,
} from "../src/planner/log-dirs/index.js";
import { broker as fixtureBroker } from "./snapshot-fixture.js";

const GB = 1_000_000_000;
const dir = (path: string, totalBytes = 1000 * GB, usableBytes = 900 * GB) => ({
  path,
  totalBytes,
  usableBytes,
  cordoned: false,
  failed: false,
});
const replicas = (sizes: number[], logDir: string | undefined, topic = "t") =>
  sizes.map((sizeBytes, partition) => ({
    topic,
    partition,
    sizeBytes,
    ...(logDir === undefined ? {} : { logDir }),
  }));

/** Each dir's data after the plan, from the figures it reports. */
const after = (plan: LogDirPlan, broker = 1) =>
  Object.fromEntries((plan.brokers.find((b) => b.broker === broker)?.dirs ?? []).map((d) => [d.path, d.afterBytes]));

/** Data per dir obtained by applying the plan's moves to the input, independently of its figures. */
function applied(input: PlannerJbodBroker, plan: LogDirPlan) {
  const where = new Map(input.replicas.map((r) => [`${r.topic}:${r.partition}`, r.logDir]));
  for (const m of [...plan.arrivals, ...plan.moves]) where.set(`${m.topic}:${m.partition}`, m.to);
  const data: Record<string, number> = {};
  for (const r of input.replicas) {
    const at = where.get(`${r.topic}:${r.partition}`) as string;
    data[at] = (data[at] ?? 0) + r.sizeBytes;
  }
  return data;
}

describe("planLogDirMoves: balancing the log dirs of JBOD brokers", () => {
  it("moves replicas from a full dir to an empty one until both are within ±10 % of the mean, moving little", () => {
    const sizes = [9, 7, 6, 5, 5, 4, 3, 2, 2, 1, 1, 1].map((g) => g * GB);
    const broker: PlannerJbodBroker = {
      id: 1,
      dirs: [dir("/d1"), dir("/d2")],
      replicas: replicas(sizes, "/d1"),
      leavingBytes: {},
    };
    const plan = planLogDirMoves({ brokers: [broker] });
    const data = applied(broker, plan);
    expect(data).to.deep.equal(after(plan));
    const mean = (46 * GB) / 2;
    for (const bytes of Object.values(data)) expect(Math.abs(bytes - mean)).to.be.at.most(0.1 * mean);
    expect(plan.brokers[0]?.inBand).to.equal(true);
    expect(plan.moves.every((m) => m.from === "/d1" && m.to === "/d2")).to.equal(true);
    // The band's bottom for /d2 is 20.7 GB: at least that must move, and the plan moves no more than a replica beyond.
    expect(plan.lowerBoundBytes).to.equal(Math.round(46 * GB - mean * 1.1));
    expect(plan.bytesMoved).to.be.at.least(mean * 0.9);
    expect(plan.bytesMoved).to.be.at.most(mean * 1.1);
    expect(plan.warnings).to.deep.equal([]);
    expect(planLogDirMoves({ brokers: [broker] })).to.deep.equal(plan);
  });

  it("weighs dirs by their volume's size: a 3 TB dir gets three times the data of a 1 TB dir", () => {
    const broker: PlannerJbodBroker = {
      id: 1,
      dirs: [dir("/small", 1000 * GB, 1000 * GB), dir("/large", 3000 * GB, 3000 * GB)],
      replicas: replicas(
        Array.from({ length: 40 }, () => 10 * GB),
        "/small",
      ),
      leavingBytes: {},
    };
    const data = applied(broker, planLogDirMoves({ brokers: [broker] }));
    expect(data["/small"]).to.be.within(90 * GB, 110 * GB);
    expect(data["/large"]).to.be.within(290 * GB, 310 * GB);
  });

  it("keeps every volume under 80 % counting the data that is not Kafka's, even when that leaves the band", () => {
    // /d2's volume holds 700 GB of other data: it may take at most 100 GB of replicas.
    const broker: PlannerJbodBroker = {
      id: 1,
      dirs: [dir("/d1", 1000 * GB, 400 * GB), dir("/d2", 1000 * GB, 300 * GB)],
      replicas: replicas(
        Array.from({ length: 60 }, () => 10 * GB),
        "/d1",
      ),
      leavingBytes: {},
    };
    const plan = planLogDirMoves({ brokers: [broker] });
    const data = applied(broker, plan);
    expect(data["/d2"]).to.be.at.most(100 * GB);
    expect(data["/d2"]).to.equal(100 * GB);
    expect(plan.brokers[0]?.inBand).to.equal(false);
    expect(plan.warnings[0]).to.match(/Broker 1: log dir\(s\) \/d1, \/d2 cannot be brought within the band/);
  });

  it("puts replicas arriving with the inter-broker plan into the emptiest dir, and counts data leaving the broker", () => {
    const broker: PlannerJbodBroker = {
      id: 1,
      dirs: [dir("/d1"), dir("/d2")],
      replicas: [
        ...replicas([10 * GB, 10 * GB], "/d1", "stay"),
        ...replicas([6 * GB, 5 * GB, 5 * GB, 4 * GB], undefined, "new"),
      ],
      // 30 GB leave /d2 with the reassignment: it will be empty, though it is the fuller dir now.
      leavingBytes: { "/d2": 30 * GB },
    };
    const plan = planLogDirMoves({ brokers: [broker] });
    expect(plan.moves).to.deep.equal([]);
    expect(plan.bytesMoved).to.equal(0);
    expect(plan.arrivals.every((m) => m.from === undefined && m.to === "/d2")).to.equal(true);
    expect(plan.arrivals.map((m) => m.bytes).reduce((a, b) => a + b, 0)).to.equal(20 * GB);
    expect(plan.brokers[0]?.dirs.map((d) => [d.path, d.beforeBytes, d.afterBytes])).to.deep.equal([
      ["/d1", 20 * GB, 20 * GB],
      ["/d2", 30 * GB, 20 * GB],
    ]);
  });

  it("a cordoned dir takes nothing, a failed dir is left out, a replica already moving is not moved again", () => {
    const broker: PlannerJbodBroker = {
      id: 1,
      dirs: [dir("/d1"), dir("/d2"), { ...dir("/cordoned"), cordoned: true }, { ...dir("/failed"), failed: true }],
      replicas: [
        ...replicas([5 * GB, 5 * GB, 5 * GB, 5 * GB], "/d1"),
        { topic: "moving", partition: 0, sizeBytes: 20 * GB, logDir: "/d1", pinned: true },
        { topic: "c", partition: 0, sizeBytes: 1 * GB, logDir: "/cordoned" },
      ],
      leavingBytes: {},
    };
    const plan = planLogDirMoves({ brokers: [broker] });
    expect(plan.moves.every((m) => m.to === "/d2" && m.topic === "t")).to.equal(true);
    expect(plan.brokers[0]?.dirs.map((d) => d.path)).to.deep.equal(["/d1", "/d2", "/cordoned"]);
    expect(after(plan)).to.deep.equal({ "/d1": 20 * GB, "/d2": 20 * GB, "/cordoned": 1 * GB });
  });

  it("brokers with one log dir, and JBOD brokers in balance, get no move", () => {
    const single: PlannerJbodBroker = { id: 2, dirs: [dir("/d")], replicas: replicas([GB], "/d"), leavingBytes: {} };
    const even: PlannerJbodBroker = {
      id: 3,
      dirs: [dir("/d1"), dir("/d2")],
      replicas: [...replicas([5 * GB], "/d1", "a"), ...replicas([5 * GB], "/d2", "b")],
      leavingBytes: {},
    };
    const plan = planLogDirMoves({ brokers: [single, even] });
    expect(plan.moves).to.deep.equal([]);
    expect(plan.brokers.map((b) => [b.broker, b.inBand])).to.deep.equal([[3, true]]);
  });

  it("one replica larger than the band allows: the plan says so and moves nothing that does not help", () => {
    const broker: PlannerJbodBroker = {
      id: 1,
      dirs: [dir("/d1"), dir("/d2")],
      replicas: replicas([100 * GB, 1 * GB], "/d1"),
      leavingBytes: {},
    };
    const plan = planLogDirMoves({ brokers: [broker] });
    expect(plan.moves.map((m) => m.bytes)).to.deep.equal([1 * GB]);
    expect(plan.warnings).to.have.length(1);
  });
});

/**
 * A broker whose dirs share its 1,800 GB of usable disk: a volume of its own per dir (1,000 GB volumes, 900 GB free
 * each for two dirs; 100 MB apart, more than two reads of one volume differ by).
 */
const jbod = (id: number, paths: string[]): Broker =>
  fixtureBroker(id, {
    logDirs: paths.map((path, i) => ({
      path,
      totalBytes: (2000 * GB) / paths.length,
      usableBytes: (1800 * GB) / paths.length - i * 100_000_000,
      dataBytes: 0,
    })),
    dataBytes: 0,
  });

/** Brokers 1–3 (broker 1 JBOD with /a and /b): topic t of 6 partitions RF 1, each of 1 GB, placed as `layout` says. */
function cluster(layout: number[][], dirs: Record<number, string>): Snapshot {
  return {
    collectedAt: "2026-11-23T00:00:00.000Z",
    durationMs: 1,
    clusterId: "c",
    brokers: [jbod(1, ["/a", "/b"]), jbod(2, ["/c"]), jbod(3, ["/d"])],
    features: [],
    topics: [
      {
        name: "t",
        id: "id",
        internal: false,
        replicationFactor: 1,
        minInsyncReplicas: 1,
        configs: {},
        sizeBytes: 6 * GB,
        partitions: layout.map((replicas, id) => ({
          id,
          leader: replicas[0] as number,
          leaderEpoch: 1,
          replicas,
          isr: replicas,
          offline: null,
          sizeBytes: GB,
          replicaBytes: Object.fromEntries(replicas.map((b) => [String(b), GB])),
          ...(replicas.includes(1) && dirs[id] ? { replicaLogDirs: { "1": dirs[id] as string } } : {}),
        })),
      },
    ],
    reassignments: [],
    groups: [],
    errors: [],
  };
}

const context = (snapshot: Snapshot, params: Record<string, unknown> = {}) =>
  ({ snapshot, params, cluster: { id: "c", name: "c" } }) as unknown as Parameters<typeof planRebalance>[0];

describe("rebalance on JBOD brokers: moves between a broker's own dirs after the inter-broker plan", () => {
  it("brokers balanced, one JBOD broker's replicas all in one dir: only the log-dir step, the summary says how much", () => {
    const snapshot = cluster([[1], [1], [2], [2], [3], [3]], { 0: "/a", 1: "/a" });
    const built = planRebalance(context(snapshot));
    expect(built.steps.map((s) => s.kind)).to.deep.equal(["alterReplicaLogDirs"]);
    expect(built.steps[0]?.args).to.deep.equal({
      moves: [{ broker: 1, topic: "t", partition: 0, logDir: "/b", bytes: GB }],
      maxConcurrentMoves: 5,
    });
    expect(built.plan.moves).to.deep.equal([]);
    expect(built.plan.summary).to.match(
      /1 move\(s\) between log dirs \(953\.7 MiB, at least .* needed\) on JBOD broker\(s\) 1, about 11 s more/,
    );
    // 953.7 MiB copied at the assumed 100 MiB/s (9.5 s) and one round of 1 s.
    expect(built.plan.etaSeconds).to.equal(11);
  });

  it("the ETA adds the moves between dirs to the reassignment's time (the log-dir step runs after it)", () => {
    const withoutDirs = planRebalance(context(cluster([[2], [2], [2], [2], [3], [3]], {}), { goals: ["replicas"] }));
    const withDirs = planRebalance(context(cluster([[1], [1], [2], [2], [2], [2]], { 0: "/a", 1: "/a" })));
    expect(withoutDirs.plan.etaSeconds).to.be.greaterThan(0);
    const dirMoves = withDirs.steps.at(-1)?.args as { moves: { bytes: number }[] };
    expect(dirMoves.moves.length).to.be.greaterThan(0);
    const reassign = withDirs.steps.find((s) => s.kind === "reassignPartitions");
    const planned = (reassign?.args as { plannedSeconds?: number } | undefined)?.plannedSeconds;
    expect(planned).to.be.a("number");
    expect(withDirs.plan.etaSeconds).to.be.greaterThan(planned as number);
  });

  it("drainBrokers onto a JBOD broker: the arrivals get the dir with the most room, nothing placed moves", () => {
    // Broker 1 holds 2 GB in /a and nothing in /b; draining broker 3 sends it two replicas.
    const snapshot = cluster([[1], [1], [2], [2], [3], [3]], { 0: "/a", 1: "/a" });
    const built = planDrainBrokers(
      context(snapshot, { brokers: [3] }) as unknown as Parameters<typeof planDrainBrokers>[0],
    );
    expect(built.steps.map((s) => s.kind)).to.deep.equal([
      "alterReplicaLogDirs",
      "reassignPartitions",
      "electLeaders",
      "alterReplicaLogDirs",
    ]);
    const noted = built.steps[0]?.args as { moves: { broker: number; logDir: string }[]; arriving?: boolean };
    expect(noted.arriving).to.equal(true);
    const onOne = noted.moves.filter((m) => m.broker === 1);
    expect(onOne).to.not.be.empty;
    expect(onOne.map((m) => m.logDir)).to.deep.equal(onOne.map(() => "/b"));
    expect(built.steps[3]?.args).to.deep.include({ moves: noted.moves });
    expect(built.steps[3]?.name).to.match(/^Check the log dirs of \d+ arrived replica/);
  });

  it("replicas arriving on a JBOD broker: their dirs noted before the reassignment, checked after it", () => {
    const snapshot = cluster([[2], [2], [2], [2], [3], [3]], {});
    const built = planRebalance(context(snapshot));
    expect(built.steps.map((s) => s.kind)).to.deep.equal([
      "alterReplicaLogDirs",
      "reassignPartitions",
      "electLeaders",
      "alterReplicaLogDirs",
    ]);
    const noted = built.steps[0]?.args as { moves: { logDir: string }[]; arriving?: boolean };
    expect(noted.arriving).to.equal(true);
    expect(noted.moves.map((m) => m.logDir).sort()).to.deep.equal(["/a", "/b"]);
    expect(built.steps[3]?.args).to.deep.include({ moves: noted.moves });
  });

  it("diskBandPercent and maxDiskUsePercent apply to the dirs too: a band of ±100 % leaves a 2 GB / 0 GB pair alone", () => {
    const snapshot = cluster([[1], [1], [2], [2], [3], [3]], { 0: "/a", 1: "/a" });
    expect(() => planRebalance(context(snapshot, { diskBandPercent: 100 }))).to.throw(/Nothing to do/);
    // /b's volume at 70 % already: at most 10 % of it (100 GB) more, so a 1 GB replica still fits; at 70 % none does.
    const full = structuredClone(snapshot);
    const dirB = full.brokers[0]?.logDirs?.[1];
    if (dirB) dirB.usableBytes = 300 * GB;
    expect(planRebalance(context(full)).steps).to.have.length(1);
    expect(() => planRebalance(context(full, { maxDiskUsePercent: 70 }))).to.throw(
      /Nothing to do: .*Broker 1: log dir\(s\) \/a, \/b cannot be brought within the band/,
    );
  });

  it("the disk goal left out: no log-dir step", () => {
    const snapshot = cluster([[1], [1], [2], [2], [3], [3]], { 0: "/a", 1: "/a" });
    expect(() => planRebalance(context(snapshot, { goals: ["replicas"] }))).to.throw(/Nothing to do/);
  });

  it("logDirModel: the replicas a JBOD broker holds after the plan, with their dirs; data leaving it by dir", () => {
    const snapshot = cluster([[1], [1], [2], [2], [3], [3]], { 0: "/a", 1: "/b" });
    const model = logDirModel(snapshot, [
      { topic: "t", partition: 0, from: [1], to: [2], sizeBytes: GB, replicaMoves: 1, leaderChange: true },
      { topic: "t", partition: 2, from: [2], to: [1], sizeBytes: GB, replicaMoves: 1, leaderChange: true },
    ]);
    expect(model).to.deep.equal([
      {
        id: 1,
        dirs: [
          { path: "/a", totalBytes: 1000 * GB, usableBytes: 900 * GB, cordoned: false, failed: false },
          { path: "/b", totalBytes: 1000 * GB, usableBytes: 900 * GB - 100_000_000, cordoned: false, failed: false },
        ],
        replicas: [
          { topic: "t", partition: 1, sizeBytes: GB, logDir: "/b" },
          { topic: "t", partition: 2, sizeBytes: GB },
        ],
        leavingBytes: { "/a": GB },
      },
    ]);
  });
});
