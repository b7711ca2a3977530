import { AppError } from "@kcp/shared";
import { expect } from "chai";
import {
  ALL_GOALS,
  type Goal,
  type PlannerBroker,
  type PlannerInput,
  type PlannerPartition,
  planMoves,
} from "../src/planner/index.js";
import { rackShares } from "../src/planner/rack-shares.js";

/** A small deterministic pseudo-random sequence (tests must not depend on Math.random). */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

interface Shape {
  /** Brokers per rack, racks named a, b, c, …; broker ids from 1, rack by rack. */
  racks: number[];
  /** Replication factor of each partition, in turn (e.g. [3] or [3, 2, 1]). */
  rf: number[];
  partitions: number;
  seed: number;
}

/**
 * A cluster that grew: in each rack the newest third of the brokers holds nothing; each partition's replicas in
 * distinct racks (starting at a random one), on brokers biased towards a rack's first ones; sizes skewed.
 */
function grown(shape: Shape): { brokers: PlannerBroker[]; partitions: PlannerPartition[] } {
  const random = sequence(shape.seed);
  const brokers: PlannerBroker[] = [];
  const old: number[][] = [];
  shape.racks.forEach((count, r) => {
    const ids = Array.from({ length: count }, (_, i) => brokers.length + i + 1);
    for (const id of ids) brokers.push({ id, rack: String.fromCharCode(97 + r), alive: true });
    old.push(ids.slice(0, Math.max(1, Math.ceil((count * 2) / 3))));
  });
  const partitions = Array.from({ length: shape.partitions }, (_, i) => {
    const rf = shape.rf[i % shape.rf.length] as number;
    const first = Math.floor(random() * old.length);
    const replicas = Array.from({ length: rf }, (_, k) => {
      const rack = old[(first + k) % old.length] as number[];
      return rack[Math.floor(random() ** 2 * rack.length)] as number;
    });
    return {
      topic: `t${i % 11}`,
      partition: i,
      replicas,
      leader: replicas[0] as number,
      sizeBytes: 1 + Math.floor(random() ** 3 * 1_000_000_000),
    };
  });
  return { brokers, partitions };
}

const plan = (brokers: PlannerBroker[], partitions: PlannerPartition[], overrides: Partial<PlannerInput> = {}) =>
  planMoves({ brokers, partitions, emptied: [], goals: new Set(ALL_GOALS), mode: "rebalance", ...overrides });

const disk = (p: ReturnType<typeof planMoves>) => p.goals.find((g) => g.goal === "disk");

/** Each receiving broker's data relative to the plain mean over them, computed from the plan's `after` rows. */
function relativeUse(p: ReturnType<typeof planMoves>, receivers: readonly number[]): number[] {
  const data = receivers.map((id) => p.after.brokers.find((b) => b.id === id)?.dataBytes ?? 0);
  const mean = data.reduce((a, b) => a + b, 0) / data.length;
  return data.map((d) => d / mean);
}

/** Partitions whose replicas (after the plan) share a rack while the racks would allow them not to. */
function sharedRacks(p: ReturnType<typeof planMoves>, brokers: PlannerBroker[], racks: number): number {
  const rackOf = new Map(brokers.map((b) => [b.id, b.rack]));
  return p.moves.filter((m) => m.to.length <= racks && new Set(m.to.map((id) => rackOf.get(id))).size < m.to.length)
    .length;
}

describe("the rebalance planner's disk band with racks (pure)", () => {
  const cases: { name: string; shape: Omit<Shape, "seed"> }[] = [
    { name: "equal racks, RF = racks", shape: { racks: [6, 6, 6], rf: [3], partitions: 3_000 } },
    { name: "unequal racks (10/10/9), RF = racks", shape: { racks: [10, 10, 9], rf: [3], partitions: 3_000 } },
    { name: "RF < racks (RF 3 in 5 unequal racks)", shape: { racks: [4, 4, 3, 3, 3], rf: [3], partitions: 3_000 } },
    { name: "RF 2 in 3 unequal racks", shape: { racks: [6, 5, 5], rf: [2], partitions: 3_000 } },
    { name: "mixed RF (3, 2, 1) in 3 racks", shape: { racks: [6, 6, 5], rf: [3, 2, 1], partitions: 3_000 } },
  ];
  for (const { name, shape } of cases)
    it(`${name}: every broker within ±10 % of the mean, met, racks kept, data moved at least the bound and near it`, () => {
      for (const seed of [1, 2, 3]) {
        const label = `${name}, seed ${seed}`;
        const { brokers, partitions } = grown({ ...shape, seed });
        const p = plan(brokers, partitions);
        const use = relativeUse(
          p,
          brokers.map((b) => b.id),
        );
        expect(disk(p)?.before, label).to.be.greaterThan(0);
        expect(disk(p), label).to.deep.include({ status: "met", after: 0 });
        expect(Math.min(...use), label).to.be.at.least(0.9 - 1e-9);
        expect(Math.max(...use), label).to.be.at.most(1.1 + 1e-9);
        expect(sharedRacks(p, brokers, shape.racks.length), label).to.equal(0);
        expect(p.after.replicaSpread, label).to.be.at.most(p.bestReplicaSpread);
        // The bound is sound (no plan moves less) and the plan is near it (the larger of the disk and replica bounds).
        const bound = Math.max(p.lowerBounds.disk, p.lowerBounds.replicas);
        expect(p.dataToMoveBytes, label).to.be.at.least(p.lowerBounds.disk);
        expect(p.dataToMoveBytes, label).to.be.at.most(bound * 1.05);
      }
    });

  it("RF = racks: each rack's data stays what it was (a rack's share is fixed), the band reached inside each rack", () => {
    const { brokers, partitions } = grown({ racks: [10, 10, 9], rf: [3], partitions: 2_000, seed: 7 });
    const p = plan(brokers, partitions);
    const rackData = (rows: typeof p.after.brokers) => {
      const sums = new Map<string, number>();
      for (const b of rows) sums.set(b.rack ?? "", (sums.get(b.rack ?? "") ?? 0) + b.dataBytes);
      return sums;
    };
    expect(rackData(p.after.brokers)).to.deep.equal(rackData(p.before.brokers));
    expect(disk(p)?.status).to.equal("met");
    // Moves stay inside a rack: a replica leaves a broker only for one of the same rack.
    const rackOf = new Map(brokers.map((b) => [b.id, b.rack]));
    for (const m of p.moves) {
      const left = m.from.filter((id) => !m.to.includes(id)).map((id) => rackOf.get(id));
      const came = m.to.filter((id) => !m.from.includes(id)).map((id) => rackOf.get(id));
      expect(came.sort()).to.deep.equal(left.sort());
    }
  });

  it("the rack-aware bound: what a rack must move inside itself counts even where another rack's surplus would cover it blind", () => {
    // Two racks, RF 2 (one replica per rack), 30 partitions of 100 bytes; mean 1,000 per broker, band 900–1,100.
    // Rack a: brokers 1, 2, 3 hold 1,300 / 900 / 800 — broker 1 sends at least 200. Rack b: 4, 5, 6 hold 1,100 /
    // 1,100 / 800 — broker 6 must receive 100, and only from its own rack. Rack-blind the bound is 200 (Σ above = Σ
    // below = 200); by racks it is 200 + 100.
    const brokers = [1, 2, 3, 4, 5, 6].map((id) => ({ id, rack: id <= 3 ? "a" : "b", alive: true }));
    const aSide = [...Array(13).fill(1), ...Array(9).fill(2), ...Array(8).fill(3)] as number[];
    const bSide = [...Array(11).fill(4), ...Array(11).fill(5), ...Array(8).fill(6)] as number[];
    const partitions = aSide.map((a, i) => ({
      topic: "t",
      partition: i,
      replicas: [a, bSide[i] as number],
      leader: a,
      sizeBytes: 100,
    }));
    const p = plan(brokers, partitions, { goals: new Set<Goal>(["rack", "disk"]) });
    expect(p.lowerBounds.disk).to.equal(300);
    expect(disk(p)).to.deep.include({ status: "met", before: 3, after: 0 });
    expect(p.dataToMoveBytes).to.equal(300);
  });

  it("the rack-aware bound and the impossibility proof are sound: checked against every plan of small inputs", () => {
    // Every placement keeping the rack goal is tried; those that reach the band give the least data any plan moves.
    let reachable = 0;
    let proven = 0;
    let missed = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const random = sequence(seed);
      const layouts = [
        [2, 2],
        [2, 2, 1],
        [2, 1, 1],
        [3, 2],
        [1, 2, 2],
      ];
      const layout = layouts[seed % layouts.length] as number[];
      const brokers: PlannerBroker[] = [];
      layout.forEach((count, r) => {
        for (let i = 0; i < count; i++)
          brokers.push({ id: brokers.length + 1, rack: String.fromCharCode(97 + r), alive: true });
      });
      const racks = layout.map((_, r) =>
        brokers.filter((b) => b.rack === String.fromCharCode(97 + r)).map((b) => b.id),
      );
      /** Every set of `rf` brokers in distinct racks. */
      const choices = (rf: number): number[][] => {
        const out: number[][] = [];
        const pick = (from: number, chosen: number[]) => {
          if (chosen.length === rf) out.push(chosen);
          else
            for (let r = from; r < racks.length; r++)
              for (const id of racks[r] as number[]) pick(r + 1, [...chosen, id]);
        };
        pick(0, []);
        return out;
      };
      const partitions = Array.from({ length: 5 }, (_, i) => {
        const options = choices(1 + Math.floor(random() * layout.length));
        const replicas = options[Math.floor(random() * options.length)] as number[];
        return {
          topic: "t",
          partition: i,
          replicas,
          leader: replicas[0] as number,
          sizeBytes: 1 + Math.floor(random() * 100),
        };
      });
      const bandPercent = 25;
      const p = plan(brokers, partitions, { goals: new Set<Goal>(["rack", "disk"]), diskBandPercent: bandPercent });
      const total = partitions.reduce((n, x) => n + x.sizeBytes * x.replicas.length, 0);
      const mean = total / brokers.length;
      const data = new Array<number>(brokers.length + 1).fill(0);
      let least = Number.POSITIVE_INFINITY;
      const options = partitions.map((x) => choices(x.replicas.length));
      const walk = (i: number, moved: number) => {
        if (i === partitions.length) {
          if (brokers.every((b) => Math.abs((data[b.id] as number) - mean) <= (mean * bandPercent) / 100 + 1e-9))
            least = Math.min(least, moved);
          return;
        }
        const x = partitions[i] as PlannerPartition;
        for (const set of options[i] as number[][]) {
          for (const id of set) data[id] = (data[id] as number) + x.sizeBytes;
          walk(i + 1, moved + x.sizeBytes * set.filter((id) => !x.replicas.includes(id)).length);
          for (const id of set) data[id] = (data[id] as number) - x.sizeBytes;
        }
      };
      walk(0, 0);
      const label = `seed ${seed}: ${JSON.stringify(partitions.map((x) => [x.replicas, x.sizeBytes]))}`;
      if (least < Number.POSITIVE_INFINITY) {
        reachable++;
        expect(p.lowerBounds.disk, label).to.be.at.most(least);
        expect(disk(p)?.status, label).to.not.equal("impossible");
        if (disk(p)?.status !== "met") missed++;
      }
      if (disk(p)?.status === "impossible") {
        proven++;
        expect(least, label).to.equal(Number.POSITIVE_INFINITY);
      }
    }
    expect(reachable).to.be.greaterThan(5);
    expect(proven).to.be.greaterThan(0);
    // A local search: with 5 partitions it misses a few reachable bands (reported improved, never impossible).
    expect(missed).to.be.at.most(2);
  });

  it("cordoned brokers with racks: they receive nothing and keep what they hold; every other broker reaches the band", () => {
    const { brokers, partitions } = grown({ racks: [9, 9, 9], rf: [3], partitions: 3_000, seed: 4 });
    const cordoned = new Set([2, 11]);
    const withCordons = brokers.map((b) => (cordoned.has(b.id) ? { ...b, cordoned: true } : b));
    const p = plan(withCordons, partitions);
    for (const id of cordoned) {
      expect(p.moves.some((m) => m.to.includes(id) && !m.from.includes(id))).to.equal(false);
      const held = partitions.filter((x) => x.replicas.includes(id)).length;
      expect(p.after.brokers.find((b) => b.id === id)?.replicas).to.equal(held);
    }
    const receivers = brokers.map((b) => b.id).filter((id) => !cordoned.has(id));
    const use = relativeUse(p, receivers);
    expect(disk(p), JSON.stringify(disk(p))).to.deep.include({ status: "met", after: 0 });
    expect(Math.min(...use)).to.be.at.least(0.9 - 1e-9);
    expect(Math.max(...use)).to.be.at.most(1.1 + 1e-9);
    expect(sharedRacks(p, brokers, 3)).to.equal(0);
  });

  it("a replica kept in a cordoned rack covers a rack: the smallest receiving rack is not held to a replica of every partition", () => {
    // Racks a (1, 2), b (3, 4), c (5) receive; rack d is one cordoned broker (6). Half the partitions are on 1, 3, 6
    // and half on 1, 3, 5: rack c holds half of them, its share (200 of the receivers' 1,000: the mean) — not all.
    const brokers = [
      ...[1, 2, 3, 4, 5].map((id) => ({ id, rack: ["a", "a", "b", "b", "c"][id - 1] as string, alive: true })),
      { id: 6, rack: "d", alive: true, cordoned: true },
    ];
    const partitions = Array.from({ length: 40 }, (_, i) => ({
      topic: "t",
      partition: i,
      replicas: [1, 3, i % 2 === 0 ? 6 : 5],
      leader: 1,
      sizeBytes: 10,
    }));
    const p = plan(brokers, partitions);
    expect(disk(p), JSON.stringify(disk(p))).to.deep.include({ status: "met", after: 0 });
    expect(p.after.brokers.filter((b) => b.id <= 5).map((b) => b.dataBytes)).to.deep.equal([200, 200, 200, 200, 200]);
    // The proof itself: no rack is short of room (holding all 40 partitions, 400, would be above rack c's band, 220).
    const shares = rackShares({
      partitions,
      ids: [1, 2, 3, 4, 5],
      kept: new Set([6]),
      rackOf: new Map(brokers.map((b) => [b.id, b.rack])),
      rackAware: true,
      band: p.band,
    });
    expect(shares.impossible).to.equal(undefined);
    expect(shares.target.get(5)).to.equal(200);
  });

  it("impossible only with a proof: a rack whose fixed share cannot fit its brokers' band, with the figures", () => {
    // 10 brokers in racks of 4, 3 and 3, RF 3: each rack holds a third of the data, so a broker of rack a holds
    // (1/3)/4 of it = 0.83 of the mean, and one of rack b or c 1.11 of it — outside ±10 % whatever the plan.
    const { brokers, partitions } = grown({ racks: [4, 3, 3], rf: [3], partitions: 600, seed: 5 });
    const p = plan(brokers, partitions);
    expect(disk(p)?.status).to.equal("impossible");
    expect(disk(p)?.why).to.match(
      /^rack [bc] must hold a replica of every partition with one replica per rack \(.+ GiB\), more than its brokers' band allows \(.+ GiB\)$/,
    );
    // With ±20 % the same input is reachable (0.83 and 1.11 of the mean), and met.
    const wider = plan(brokers, partitions, { diskBandPercent: 20 });
    expect(disk(wider)).to.deep.include({ status: "met", after: 0 });
  });

  it("impossible only with a proof: a partition with a replica in every rack larger than any band of a rack", () => {
    const brokers = [1, 2, 3, 4, 5, 6].map((id) => ({ id, rack: id <= 3 ? "a" : "b", alive: true }));
    // One partition of 3,000 on brokers 1 and 4; 30 small ones: the mean is 1,100 per broker, the band at most 1,210.
    const partitions = [
      { topic: "big", partition: 0, replicas: [1, 4], leader: 1, sizeBytes: 3_000 },
      ...Array.from({ length: 30 }, (_, i) => ({
        topic: "t",
        partition: i,
        replicas: [1 + (i % 3), 4 + (i % 3)],
        leader: 1 + (i % 3),
        sizeBytes: 10,
      })),
    ];
    const p = plan(brokers, partitions);
    expect(disk(p)?.status).to.equal("impossible");
    expect(disk(p)?.why).to.match(/a partition of .* GiB/);
  });

  it("refuses a partition naming a broker twice, and one with more replicas than brokers, naming the partition", () => {
    const brokers = [1, 2, 3, 4].map((id) => ({ id, rack: ["a", "b"][id % 2] as string, alive: true }));
    const partitions = [
      { topic: "orders", partition: 0, replicas: [1, 2, 3], leader: 1, sizeBytes: 10 },
      { topic: "orders", partition: 1, replicas: [3, 2, 2], leader: 3, sizeBytes: 10 },
    ];
    const refusal = (input: PlannerPartition[], overrides: Partial<PlannerInput> = {}) => {
      try {
        plan(brokers, input, overrides);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const twice = refusal(partitions);
    expect(twice).to.be.instanceOf(AppError);
    expect(twice).to.deep.include({ code: "invalid_request" });
    expect((twice as Error).message).to.equal("orders-1 names broker 2 twice in its replicas [3, 2, 2]");
    for (const mode of ["rebalance", "drain"] as const)
      expect(() => plan(brokers, partitions, { mode, emptied: mode === "drain" ? [4] : [] })).to.throw(/orders-1/);
    const wide = [{ topic: "orders", partition: 2, replicas: [1, 2, 3, 4], leader: 1, sizeBytes: 10 }];
    expect((refusal(wide, { targets: [1, 2, 3] }) as Error).message).to.equal(
      "orders-2 has 4 replicas but only 3 broker(s) can hold them",
    );
  });
});
