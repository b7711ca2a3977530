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
    expect(plan.dataToMoveBytes).to.equal(plan.lowerBoundBytes);
    expect(plan.dataToMoveBytes).to.equal(plan.moves.reduce((n, m) => n + m.replicaMoves * m.sizeBytes, 0));
    expect(plan.after.score).to.be.greaterThan(plan.before.score);
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
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const racks of [["a"], ["a", "b", "c"]]) {
        const ids = Array.from({ length: 4 + seed }, (_, i) => i + 1);
        const partitions = skewed(150 * seed, ids.slice(0, 3 + (seed % 2)), seed);
        const plan = planMoves(input({ brokers: brokers(ids, racks), partitions }));
        const label = `seed ${seed}, ${racks.length} rack(s)`;
        expect(plan.dataToMoveBytes, label).to.be.at.least(plan.lowerBoundBytes);
        expect(plan.dataToMoveBytes, label).to.be.at.most(plan.lowerBoundBytes * 1.1);
        expect(plan.after.replicaSpread, label).to.be.at.most(plan.bestReplicaSpread);
      }
    }
  });

  it("moves one replica per partition when the only broker with room can take one (RF 2 on two of three brokers)", () => {
    const partitions = Array.from({ length: 30 }, (_, i) => ({
      topic: "t",
      partition: i,
      replicas: i % 2 === 0 ? [1, 2] : [2, 1],
      leader: i % 2 === 0 ? 1 : 2,
      sizeBytes: (i + 1) * 100,
    }));
    const plan = planMoves(input({ partitions }));
    expect(plan.after.brokers.map((b) => b.replicas)).to.deep.equal([20, 20, 20]);
    expect(plan.moves.every((m) => m.replicaMoves === 1)).to.equal(true);
    // The 20 smallest partitions move one replica each: the bound, and the least possible.
    const smallest = Array.from({ length: 20 }, (_, i) => (i + 1) * 100).reduce((a, b) => a + b, 0);
    expect(plan.dataToMoveBytes).to.equal(smallest);
    expect(plan.lowerBoundBytes).to.equal(smallest);
  });

  it("refuses a partition with more replicas than brokers to hold them, and an empty target set", () => {
    const partitions = skewed(3, [1, 2, 3]);
    expect(() => planMoves(input({ partitions, emptied: [3], mode: "drain" }))).to.throw(/has 3 replicas but only 2/);
    expect(() => planMoves(input({ partitions, targets: [9] }))).to.throw(/No running broker/);
  });
});
