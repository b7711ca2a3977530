import { expect } from "chai";
import { ALL_GOALS, type PlannerInput, type PlannerPartition, planMoves } from "../src/planner/index.js";

/** A small deterministic pseudo-random sequence (tests must not depend on Math.random). */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const brokers = (ids: number[], racks = ["a", "b", "c"]) =>
  ids.map((id, i) => ({ id, rack: racks[i % racks.length] as string, alive: true }));

/** Partitions of RF 3 placed only on the first `crowded` brokers, sizes skewed (a few large, many small). */
function skewed(count: number, crowded: number[], seed = 1): PlannerPartition[] {
  const random = sequence(seed);
  return Array.from({ length: count }, (_, i) => {
    const start = i % crowded.length;
    const replicas = [0, 1, 2].map((k) => crowded[(start + k) % crowded.length] as number);
    return {
      topic: `t${i % 7}`,
      partition: i,
      replicas,
      leader: replicas[0] as number,
      sizeBytes: Math.floor(random() ** 3 * 1_000_000_000),
    };
  });
}

const input = (overrides: Partial<PlannerInput>): PlannerInput => ({
  brokers: brokers([1, 2, 3]),
  partitions: [],
  emptied: [],
  goals: new Set(ALL_GOALS),
  mode: "rebalance",
  ...overrides,
});

const racksOf = (plan: ReturnType<typeof planMoves>, rackOf: Map<number, string>) =>
  plan.moves.map((m) => new Set(m.to.map((id) => rackOf.get(id))).size);

describe("the rebalance planner (pure)", () => {
  it("moves nothing on a balanced cluster", () => {
    const partitions = skewed(30, [1, 2, 3]);
    const plan = planMoves(input({ partitions }));
    expect(plan.moves).to.deep.equal([]);
    expect(plan.dataToMoveBytes).to.equal(0);
    expect(plan.lowerBoundBytes).to.equal(0);
    expect(plan.after.replicaSpread).to.equal(0);
  });

  it("spreads replicas onto new brokers (spread ≤ 1), keeps every partition in three racks, and moves exactly the lower bound", () => {
    const all = brokers([1, 2, 3, 4, 5, 6]);
    const partitions = skewed(200, [1, 2, 3]);
    const plan = planMoves(input({ brokers: all, partitions }));
    expect(plan.before.replicaSpread).to.equal(200);
    expect(plan.after.replicaSpread).to.be.at.most(1);
    expect(plan.after.leaderSpread).to.be.at.most(1);
    expect(plan.after.brokers.map((b) => b.replicas)).to.deep.equal([100, 100, 100, 100, 100, 100]);
    const rackOf = new Map(all.map((b) => [b.id, b.rack]));
    expect(racksOf(plan, rackOf).every((n) => n === 3)).to.equal(true);
    // With the disk goal the band comes before replica counts, so the plan moves about the
    // disk-band bound (more than the replica bound alone); without the disk goal it moves exactly the replica bound.
    expect(plan.goals.find((g) => g.goal === "disk")?.status).to.equal("met");
    expect(plan.dataToMoveBytes).to.be.at.least(plan.lowerBounds.disk);
    expect(plan.dataToMoveBytes).to.be.at.most(Math.max(plan.lowerBounds.disk, plan.lowerBoundBytes) * 1.1);
    // Whole bytes, as the API declares them (a fractional band edge once made the answer drift from its schema).
    expect(Number.isInteger(plan.lowerBounds.disk), String(plan.lowerBounds.disk)).to.equal(true);
    expect(plan.dataToMoveBytes).to.equal(plan.moves.reduce((n, m) => n + m.replicaMoves * m.sizeBytes, 0));
    expect(plan.after.score).to.be.greaterThan(plan.before.score);
    const countsOnly = planMoves(input({ brokers: all, partitions, goals: new Set(["rack", "replicas", "leaders"]) }));
    expect(countsOnly.dataToMoveBytes).to.equal(countsOnly.lowerBoundBytes);
  });

  it("moves the smallest replicas when that is enough (minimal data)", () => {
    const partitions: PlannerPartition[] = [
      { topic: "t", partition: 0, replicas: [1], leader: 1, sizeBytes: 100 },
      { topic: "t", partition: 1, replicas: [1], leader: 1, sizeBytes: 5 },
      { topic: "t", partition: 2, replicas: [2], leader: 2, sizeBytes: 50 },
    ];
    const plan = planMoves(input({ brokers: brokers([1, 2, 3], ["a", "a", "a"]), partitions }));
    expect(plan.moves.map((m) => [m.partition, m.from, m.to])).to.deep.equal([[1, [1], [3]]]);
    expect(plan.dataToMoveBytes).to.equal(5);
    expect(plan.lowerBoundBytes).to.equal(5);
  });

  it("drains brokers: nothing left on them, racks kept, and nothing else moved", () => {
    const all = brokers([1, 2, 3, 4, 5, 6]);
    const partitions = skewed(60, [1, 2, 3, 4, 5, 6]);
    const plan = planMoves(input({ brokers: all, partitions, emptied: [6], mode: "drain" }));
    const six = plan.after.brokers.find((b) => b.id === 6);
    expect(six).to.include({ replicas: 0, leaders: 0, excluded: true });
    const onSix = partitions.filter((p) => p.replicas.includes(6));
    expect(plan.moves.filter((m) => m.replicaMoves > 0).length).to.equal(onSix.length);
    expect(plan.lowerBoundBytes).to.equal(onSix.reduce((n, p) => n + p.sizeBytes, 0));
    expect(plan.dataToMoveBytes).to.equal(plan.lowerBoundBytes);
    const rackOf = new Map(all.map((b) => [b.id, b.rack]));
    expect(racksOf(plan, rackOf).every((n) => n === 3)).to.equal(true);
  });

  it("fixes a partition with two replicas in one rack, moving one of them", () => {
    const partitions: PlannerPartition[] = [
      { topic: "t", partition: 0, replicas: [1, 4, 2], leader: 1, sizeBytes: 10 },
      { topic: "t", partition: 1, replicas: [2, 3, 1], leader: 2, sizeBytes: 10 },
      { topic: "t", partition: 2, replicas: [3, 1, 2], leader: 3, sizeBytes: 10 },
      { topic: "t", partition: 3, replicas: [4, 5, 6], leader: 4, sizeBytes: 10 },
    ];
    // Racks: 1,4 in a; 2,5 in b; 3,6 in c.
    const plan = planMoves(input({ brokers: brokers([1, 2, 3, 4, 5, 6]), partitions, goals: new Set(["rack"]) }));
    expect(plan.moves).to.have.length(1);
    const [move] = plan.moves;
    expect(move?.partition).to.equal(0);
    expect(move?.replicaMoves).to.equal(1);
    expect(new Set(move?.to.map((id) => ["a", "b", "c"][(id - 1) % 3])).size).to.equal(3);
  });

  it("evens out preferred leaders by reordering replicas only (no data moves)", () => {
    const partitions = Array.from({ length: 12 }, (_, i) => ({
      topic: "t",
      partition: i,
      replicas: [1, 2, 3],
      leader: 1,
      sizeBytes: 1000,
    }));
    const plan = planMoves(input({ partitions }));
    expect(plan.before.leaderSpread).to.equal(12);
    expect(plan.after.leaderSpread).to.be.at.most(1);
    expect(plan.moves.every((m) => m.replicaMoves === 0 && m.leaderChange)).to.equal(true);
    expect(plan.dataToMoveBytes).to.equal(0);
  });

  it("gives the same plan for the same input", () => {
    const partitions = skewed(500, [1, 2, 3, 4], 7);
    const make = () => planMoves(input({ brokers: brokers([1, 2, 3, 4, 5, 6, 7, 8, 9]), partitions }));
    expect(make()).to.deep.equal(make());
  });

  it("only uses the target brokers, and warns about targets that are not running", () => {
    const all = [...brokers([1, 2, 3, 4, 5]), { id: 6, rack: "c", alive: false }];
    const partitions = skewed(30, [1, 2, 3]);
    const plan = planMoves(input({ brokers: all, partitions, targets: [2, 3, 4, 6] }));
    expect(plan.warnings.join(" ")).to.match(/Broker\(s\) 6 are not running/);
    const used = new Set(plan.moves.flatMap((m) => m.to));
    expect([...used].every((id) => [2, 3, 4].includes(id))).to.equal(true);
    expect(plan.after.brokers.find((b) => b.id === 1)?.replicas).to.equal(0);
  });

  // With more racks than replicas per partition and racks of unequal size, reaching the targets can take chains of
  // moves the planner does not search; plans then move more than the bound (both are shown). Not covered here.
  it("never moves less than the lower bound, and stays within 10 % of it, without racks or with a replica per rack", () => {
    let impossible = 0;
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const racks of [["a"], ["a", "b", "c"]]) {
        const ids = Array.from({ length: 4 + seed }, (_, i) => i + 1);
        const partitions = skewed(150 * seed, ids.slice(0, 3 + (seed % 2)), seed);
        const label = `seed ${seed}, ${racks.length} rack(s)`;
        // Replica counts alone (without the disk goal): the replica bound.
        const counts = planMoves(
          input({ brokers: brokers(ids, racks), partitions, goals: new Set(["rack", "replicas", "leaders"]) }),
        );
        expect(counts.dataToMoveBytes, label).to.be.at.least(counts.lowerBoundBytes);
        expect(counts.dataToMoveBytes, label).to.be.at.most(counts.lowerBoundBytes * 1.1);
        expect(counts.after.replicaSpread, label).to.be.at.most(counts.bestReplicaSpread);
        // Every goal: the disk band and the replica spread both reached, within 10 % of the larger bound.
        const plan = planMoves(input({ brokers: brokers(ids, racks), partitions }));
        const bound = Math.max(plan.lowerBounds.disk, plan.lowerBounds.replicas);
        const disk = plan.goals.find((g) => g.goal === "disk");
        // One replica per rack in racks of unequal size: the smaller racks' brokers hold more whatever the plan.
        if (disk?.status === "impossible") {
          expect(disk.why, label).to.match(/rack \w must hold a replica of every partition/);
          impossible++;
          continue;
        }
        expect(disk?.status, label).to.equal("met");
        expect(plan.dataToMoveBytes, label).to.be.at.least(bound);
        expect(plan.dataToMoveBytes, label).to.be.at.most(bound * 1.1);
        expect(plan.after.replicaSpread, label).to.be.at.most(plan.bestReplicaSpread);
      }
    }
    expect(impossible).to.be.lessThan(5);
  });

  it("moves one replica per partition when the only broker with room can take one (RF 2 on two of three brokers)", () => {
    const partitions = Array.from({ length: 30 }, (_, i) => ({
      topic: "t",
      partition: i,
      replicas: i % 2 === 0 ? [1, 2] : [2, 1],
      leader: i % 2 === 0 ? 1 : 2,
      sizeBytes: (i + 1) * 100,
    }));
    const countsOnly = planMoves(input({ partitions, goals: new Set(["rack", "replicas", "leaders"]) }));
    expect(countsOnly.after.brokers.map((b) => b.replicas)).to.deep.equal([20, 20, 20]);
    expect(countsOnly.moves.every((m) => m.replicaMoves === 1)).to.equal(true);
    // The 20 smallest partitions move one replica each: the bound, and the least possible.
    const smallest = Array.from({ length: 20 }, (_, i) => (i + 1) * 100).reduce((a, b) => a + b, 0);
    expect(countsOnly.dataToMoveBytes).to.equal(smallest);
    expect(countsOnly.lowerBoundBytes).to.equal(smallest);
    // With the disk goal broker 3 must also reach the band (93,000 bytes over 3: 27,900 at least): it takes
    // exactly that, still 20 replicas each, one replica move per partition.
    const plan = planMoves(input({ partitions }));
    expect(plan.after.brokers.map((b) => b.replicas)).to.deep.equal([20, 20, 20]);
    expect(plan.lowerBounds).to.deep.equal({ replicas: smallest, disk: 27_900 });
    expect(plan.after.brokers.find((b) => b.id === 3)?.dataBytes).to.be.within(27_900, 34_100);
    expect(plan.dataToMoveBytes).to.be.within(27_900, 27_900 * 1.1);
  });

  it("refuses a partition with more replicas than brokers to hold them, and an empty target set", () => {
    const partitions = skewed(3, [1, 2, 3]);
    expect(() => planMoves(input({ partitions, emptied: [3], mode: "drain" }))).to.throw(/has 3 replicas but only 2/);
    expect(() => planMoves(input({ partitions, targets: [9] }))).to.throw(/No running broker/);
  });
});

describe("the rebalance planner's goals (pure)", () => {
  /** Three brokers, one crowded with big partitions: RF 1, sizes 10 to 300. */
  const crowded = (): PlannerPartition[] =>
    Array.from({ length: 30 }, (_, i) => ({
      topic: `t${i % 3}`,
      partition: i,
      replicas: [i < 20 ? 1 : i < 25 ? 2 : 3],
      leader: i < 20 ? 1 : i < 25 ? 2 : 3,
      sizeBytes: (i + 1) * 10,
    }));
  const flat = brokers([1, 2, 3], ["a", "a", "a"]);
  const goal = (plan: ReturnType<typeof planMoves>, name: string) => plan.goals.find((g) => g.goal === name);

  it("disk band: every broker ends within ±10 % of the mean; the report says met, before → after", () => {
    const plan = planMoves(input({ brokers: flat, partitions: crowded() }));
    const total = crowded().reduce((n, p) => n + p.sizeBytes, 0);
    for (const b of plan.after.brokers) expect(b.dataBytes).to.be.within((total / 3) * 0.9, (total / 3) * 1.1);
    expect(goal(plan, "disk")).to.deep.include({ kind: "soft", status: "met", before: 2, after: 0 });
    expect(plan.goals.map((g) => g.goal)).to.deep.equal([
      "rack",
      "capacity",
      "disk",
      "replicas",
      "leaders",
      "topics",
      "leaderBytesIn",
    ]);
  });

  it("the disk-band bound: sound (no plan reaching the band moves less) and met within 10 % on skewed inputs", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const ids = Array.from({ length: 5 + seed }, (_, i) => i + 1);
      const partitions = skewed(100 * seed, ids.slice(0, 3), seed);
      const plan = planMoves(input({ brokers: brokers(ids, ["a"]), partitions }));
      expect(goal(plan, "disk")?.status, `seed ${seed}`).to.equal("met");
      expect(plan.dataToMoveBytes, `seed ${seed}`).to.be.at.least(plan.lowerBounds.disk);
      expect(plan.dataToMoveBytes, `seed ${seed}`).to.be.at.most(plan.lowerBounds.disk * 1.1);
    }
    // A hand-made case where the bound is tight: broker 1 holds 300 above the mean + 10 %; moving exactly that works.
    const partitions: PlannerPartition[] = [
      { topic: "t", partition: 0, replicas: [1], leader: 1, sizeBytes: 1_000 },
      { topic: "t", partition: 1, replicas: [1], leader: 1, sizeBytes: 300 },
      { topic: "t", partition: 2, replicas: [2], leader: 2, sizeBytes: 700 },
    ];
    const plan = planMoves(input({ brokers: brokers([1, 2], ["a", "a"]), partitions, diskBandPercent: 10 }));
    // Mean 1,000, band 900–1,100: broker 1 (1,300) must send at least 200, broker 2 (700) receive at least 200.
    expect(plan.lowerBounds.disk).to.equal(200);
    expect(plan.dataToMoveBytes).to.equal(300);
    expect(goal(plan, "disk")?.status).to.equal("met");
  });

  it("capacity (hard): no broker above its max disk use even counting copies in flight, before any soft goal", () => {
    // Broker 3 is small: 500 bytes at 80 % = 400. Without capacities the disk band would give it a third (≈ 1,550).
    const withCapacity = [
      { id: 1, alive: true, capacityBytes: 10_000 },
      { id: 2, alive: true, capacityBytes: 10_000 },
      { id: 3, alive: true, capacityBytes: 500 },
    ];
    const partitions = crowded().map((p) => ({ ...p, replicas: p.replicas[0] === 3 ? [2] : p.replicas }));
    const plan = planMoves(input({ brokers: withCapacity, partitions }));
    const three = plan.after.brokers.find((b) => b.id === 3)?.dataBytes ?? 0;
    const arriving = plan.moves.filter((m) => m.to.includes(3) && !m.from.includes(3));
    expect(partitions.some((p) => p.replicas.includes(3))).to.equal(false);
    expect(arriving.reduce((n, m) => n + m.sizeBytes, 0)).to.be.at.most(400);
    expect(three).to.be.at.most(400);
    expect(goal(plan, "capacity")).to.deep.include({ kind: "hard", status: "met", after: 0 });
    // The band is capacity-weighted: broker 3 aims at its share of the capacity, not a third of the data.
    expect(plan.band.target.get(3)).to.be.lessThan(plan.band.target.get(1) as number);
  });

  it("capacity says impossible, with why, when the data cannot fit", () => {
    const tiny = [1, 2, 3].map((id) => ({ id, alive: true, capacityBytes: 1_000 }));
    const plan = planMoves(input({ brokers: tiny, partitions: crowded() }));
    expect(goal(plan, "capacity")?.status).to.equal("impossible");
    expect(goal(plan, "capacity")?.why).to.match(/more than the brokers' .* at 80 % use/);
  });

  it("a soft goal never breaks a hard one: racks hold while the band is sought", () => {
    const all = brokers([1, 2, 3, 4, 5, 6]);
    const partitions = skewed(120, [1, 2, 3], 3);
    const plan = planMoves(input({ brokers: all, partitions }));
    const rackOf = new Map(all.map((b) => [b.id, b.rack]));
    expect(racksOf(plan, rackOf).every((n) => n === 3)).to.equal(true);
    expect(goal(plan, "rack")?.after).to.equal(0);
    expect(goal(plan, "disk")?.status).to.equal("met");
    // The lower soft goals are kept where they can be: replica spread as the racks allow, leaders ≤ 1.
    expect(plan.after.replicaSpread).to.be.at.most(plan.bestReplicaSpread);
    expect(plan.after.leaderSpread).to.be.at.most(1);
  });

  it("cordoned brokers receive nothing in rebalance and drain, keep their replicas, and the plan says so", () => {
    const all = [...brokers([1, 2, 3], ["a", "a", "a"]), { id: 4, rack: "a", alive: true, cordoned: true }];
    const partitions = crowded().map((p, i) => (i === 0 ? { ...p, replicas: [4], leader: 4 } : p));
    const plan = planMoves(input({ brokers: all, partitions }));
    expect(plan.moves.some((m) => m.to.includes(4) && !m.from.includes(4))).to.equal(false);
    expect(plan.after.brokers.find((b) => b.id === 4)?.replicas).to.equal(1);
    expect(plan.warnings.join(" ")).to.match(/Broker\(s\) 4 are cordoned: they keep their replicas and receive none/);
    expect(plan.after.score).to.be.greaterThan(0);
    const drain = planMoves(input({ brokers: all, partitions, emptied: [1], mode: "drain" }));
    expect(drain.moves.some((m) => m.to.includes(4) && !m.from.includes(4))).to.equal(false);
    expect(drain.after.brokers.find((b) => b.id === 1)?.replicas).to.equal(0);
    expect(drain.warnings.join(" ")).to.match(/cordoned/);
  });

  it("reports topic spread and leader bytes-in; the disk goal left out when not named", () => {
    const partitions = crowded().map((p) => ({ ...p, bytesInPerSec: p.sizeBytes }));
    const plan = planMoves(
      input({ brokers: flat, partitions, goals: new Set(["replicas", "topics", "leaderBytesIn"]) }),
    );
    expect(plan.goals.map((g) => g.goal)).to.deep.equal(["capacity", "replicas", "topics", "leaderBytesIn"]);
    expect(goal(plan, "leaderBytesIn")?.before).to.be.greaterThan(0);
    expect(plan.after.brokers.reduce((n, b) => n + (b.bytesInPerSec ?? 0), 0)).to.equal(
      partitions.reduce((n, p) => n + p.sizeBytes, 0),
    );
  });
});
