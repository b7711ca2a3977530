import { createHash } from "node:crypto";
import { expect } from "chai";
import {
  ALL_GOALS,
  type Goal,
  type PlannerBroker,
  type PlannerInput,
  type PlannerPartition,
  planMoves,
} from "../src/planner/index.js";

/**
 * The planner is pure and deterministic, so a plan is a fingerprint of its code: these digests were taken from the
 * planner's plans of seeded random inputs, and a change that should not change any plan (a function split, a rename)
 * must keep every one. A change meant to plan differently updates them: `KCP_PLANNER_GOLDEN=print` prints the new
 * table instead of checking it.
 */
const GOLDEN: Record<string, string> = {
  "grown, no racks": "c29af60ac0ccf6e6928ac215660ed7c9",
  "grown, three racks": "250da53260954efad99448fd1dd490d2",
  "racks of unequal sizes, mixed RF": "bb9b1588d409715369db5d8498a0f397",
  "capacities of three sizes": "624cab0a362b764a31127a15804b009b",
  "some capacities known": "e4b714aa7e9c764d321b1ad671963d82",
  "cordoned and down brokers": "8d1cdc4f2cce813abdec661c3fff6cd0",
  "brokers emptied": "b75f7bb0ff8353335f4df95e97d65e16",
  drain: "9ff8173eccdffa048b9ccd3406dc985e",
  "goal subsets": "6afdc99bde583fe51c0bcb32c3109629",
  "narrow and wide bands, hot topics": "064410a128c9c5afd26fb42d328085fe",
  "the disk goal without replica counts": "cd217735134ba584299ff241b64e2b72",
  "small inputs, the disk goal without replica counts": "e46731a212ec677ce48e43b0f12fc00a",
  "small exhaustive-like inputs": "b9f46cd32656e9cca29f5ddce1b35388",
  "small inputs with capacities": "8fa52a00755b7c97c5d3ee53b6d92506",
  "over 100k replicas (the narrower look)": "eb6471414caae97a4827a7073c5dd7c7",
};

/** A small deterministic pseudo-random sequence (tests must not depend on Math.random). */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

interface Family {
  brokers: [number, number];
  /** Racks to spread the brokers over (0: no rack). */
  racks: number[];
  partitions: [number, number];
  rf: number[];
  /** Largest partition size in bytes; sizes are skewed towards small ones. */
  largest: number;
  /** Share of brokers with a known capacity (0, 1, or a share: some known, some not). */
  capacities: number;
  /** Share of brokers that hold nothing at first (a cluster that grew). */
  fresh: number;
  cordoned?: boolean;
  down?: boolean;
  emptied?: boolean;
  drain?: boolean;
  goals?: Goal[][];
  bands?: number[];
  maxDiskUse?: number[];
  hot?: boolean;
  /** Inputs drawn (default 12). */
  seeds?: number;
}

const DISK_WITHOUT_COUNTS: Goal[][] = [["rack", "capacity", "disk"], ["disk"], ["rack", "disk", "leaders", "topics"]];

const FAMILIES: Record<string, Family> = {
  "grown, no racks": {
    brokers: [3, 9],
    racks: [0],
    partitions: [30, 400],
    rf: [3, 2],
    largest: 1e9,
    capacities: 0,
    fresh: 0.4,
  },
  "grown, three racks": {
    brokers: [3, 12],
    racks: [3],
    partitions: [30, 400],
    rf: [3],
    largest: 1e9,
    capacities: 0,
    fresh: 0.4,
  },
  "racks of unequal sizes, mixed RF": {
    brokers: [5, 11],
    racks: [2, 3],
    partitions: [40, 300],
    rf: [3, 2, 1],
    largest: 1e9,
    capacities: 0,
    fresh: 0.3,
  },
  "capacities of three sizes": {
    brokers: [4, 10],
    racks: [0, 3],
    partitions: [40, 300],
    rf: [3, 2],
    largest: 2e9,
    capacities: 1,
    fresh: 0.3,
    maxDiskUse: [80, 60],
  },
  "some capacities known": {
    brokers: [4, 9],
    racks: [0, 2],
    partitions: [40, 200],
    rf: [2, 3],
    largest: 1e9,
    capacities: 0.5,
    fresh: 0.3,
  },
  "cordoned and down brokers": {
    brokers: [5, 10],
    racks: [0, 3],
    partitions: [40, 250],
    rf: [3, 2],
    largest: 1e9,
    capacities: 0.7,
    fresh: 0.2,
    cordoned: true,
    down: true,
  },
  "brokers emptied": {
    brokers: [5, 10],
    racks: [0, 3],
    partitions: [40, 250],
    rf: [3, 2],
    largest: 1e9,
    capacities: 0,
    fresh: 0.2,
    emptied: true,
  },
  drain: {
    brokers: [4, 9],
    racks: [0, 3],
    partitions: [40, 200],
    rf: [3, 2],
    largest: 1e9,
    capacities: 0.5,
    fresh: 0.2,
    emptied: true,
    drain: true,
  },
  "goal subsets": {
    brokers: [4, 10],
    racks: [0, 3],
    partitions: [40, 250],
    rf: [3, 2],
    largest: 1e9,
    capacities: 0.5,
    fresh: 0.3,
    goals: [
      ["rack", "capacity", "disk"],
      ["rack", "disk", "leaders"],
      ["disk", "replicas", "topics"],
      ["rack", "replicas", "leaders", "leaderBytesIn"],
      ["rack", "capacity", "disk", "replicas", "topics"],
    ],
  },
  "narrow and wide bands, hot topics": {
    brokers: [4, 10],
    racks: [0, 3],
    partitions: [40, 300],
    rf: [3, 2],
    largest: 1e9,
    capacities: 0.5,
    fresh: 0.3,
    bands: [2, 5, 20],
    hot: true,
  },
  "the disk goal without replica counts": {
    brokers: [4, 10],
    racks: [0, 3],
    partitions: [30, 300],
    rf: [3, 2],
    largest: 1e9,
    capacities: 0.5,
    fresh: 0.3,
    goals: DISK_WITHOUT_COUNTS,
  },
  "small inputs, the disk goal without replica counts": {
    brokers: [3, 6],
    racks: [0, 2, 3],
    partitions: [2, 14],
    rf: [1, 2, 3],
    largest: 100,
    capacities: 0,
    fresh: 0.3,
    bands: [5, 10, 30],
    goals: DISK_WITHOUT_COUNTS,
    seeds: 40,
  },
  "small exhaustive-like inputs": {
    brokers: [3, 6],
    racks: [0, 2, 3],
    partitions: [2, 12],
    rf: [1, 2, 3],
    largest: 100,
    capacities: 0,
    fresh: 0.3,
    bands: [5, 10, 30],
    seeds: 40,
  },
  "over 100k replicas (the narrower look)": {
    brokers: [24, 24],
    racks: [3],
    partitions: [36_000, 36_000],
    rf: [3],
    largest: 1e9,
    capacities: 0.5,
    fresh: 0.3,
    seeds: 1,
  },
  "small inputs with capacities": {
    brokers: [3, 6],
    racks: [0, 2, 3],
    partitions: [3, 15],
    rf: [1, 2, 3],
    largest: 100,
    capacities: 1,
    fresh: 0.3,
    maxDiskUse: [80, 50],
  },
};

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function between(random: () => number, [low, high]: [number, number]): number {
  return low + Math.floor(random() * (high - low + 1));
}

function generate(family: Family, seed: number): PlannerInput {
  const random = sequence(seed * 7919 + 17);
  const brokerCount = between(random, family.brokers);
  const rackCount = pick(random, family.racks);
  const brokers: PlannerBroker[] = Array.from({ length: brokerCount }, (_, i) => {
    const broker: PlannerBroker = { id: i + 1, alive: true };
    if (rackCount > 0)
      broker.rack = String.fromCharCode(97 + (random() < 0.2 ? Math.floor(random() * rackCount) : i % rackCount));
    if (random() < family.capacities)
      broker.capacityBytes = pick(random, [4, 8, 16]) * family.largest * between(random, [2, 12]);
    return broker;
  });
  const fresh = new Set(brokers.filter(() => random() < family.fresh).map((b) => b.id));
  const old = brokers.map((b) => b.id).filter((id) => !fresh.has(id));
  if (old.length === 0) old.push(1);
  const partitionCount = between(random, family.partitions);
  const hot = family.hot && random() < 0.7;
  const partitions: PlannerPartition[] = [];
  for (let i = 0; i < partitionCount; i++) {
    const rf = Math.min(pick(random, family.rf), old.length);
    const replicas: number[] = [];
    while (replicas.length < rf) {
      const id = old[Math.floor(random() ** 2 * old.length)] as number;
      if (!replicas.includes(id)) replicas.push(id);
    }
    partitions.push({
      topic: `t${i % between(random, [1, 9])}`,
      partition: i,
      replicas,
      leader: replicas[0] as number,
      sizeBytes: 1 + Math.floor(random() ** 3 * family.largest),
      ...(hot ? { bytesInPerSec: Math.floor(random() ** 4 * 50_000_000) } : {}),
    });
  }
  const input: PlannerInput = {
    brokers,
    partitions,
    emptied: [],
    goals: new Set(family.goals ? pick(random, family.goals) : ALL_GOALS),
    mode: family.drain ? "drain" : "rebalance",
  };
  if (family.cordoned && random() < 0.6) (pick(random, brokers) as PlannerBroker).cordoned = true;
  if (family.down && random() < 0.6) (pick(random, brokers) as PlannerBroker).alive = false;
  if (family.emptied) input.emptied = [pick(random, old)];
  if (family.bands) input.diskBandPercent = pick(random, family.bands);
  if (family.maxDiskUse) input.maxDiskUsePercent = pick(random, family.maxDiskUse);
  return input;
}

/** Everything a plan says (or the refusal), as one digest. */
function fingerprint(input: PlannerInput): string {
  let answer: unknown;
  try {
    const plan = planMoves(input);
    answer = {
      moves: plan.moves,
      elections: plan.elections,
      data: plan.dataToMoveBytes,
      bounds: [plan.lowerBoundBytes, plan.lowerBounds],
      spreads: plan.bestReplicaSpread,
      before: plan.before,
      after: plan.after,
      goals: plan.goals,
      warnings: plan.warnings,
    };
  } catch (error) {
    answer = { refused: (error as Error).message };
  }
  return createHash("sha256").update(JSON.stringify(answer)).digest("hex");
}

describe("the rebalance planner's plans of seeded random inputs (golden)", () => {
  const printing = process.env.KCP_PLANNER_GOLDEN === "print";
  const seen: Record<string, string> = {};
  after(() => {
    if (printing) console.log(JSON.stringify(seen, null, 2));
  });
  for (const [name, family] of Object.entries(FAMILIES))
    it(`${name}: the same plans as recorded (${family.seeds ?? 12} input(s))`, function () {
      // One input of 108k replicas plans in seconds; a loaded machine may take several times that.
      this.timeout(120_000);
      const digests = Array.from({ length: family.seeds ?? 12 }, (_, seed) => fingerprint(generate(family, seed + 1)));
      const digest = createHash("sha256").update(digests.join("\n")).digest("hex").slice(0, 32);
      seen[name] = digest;
      if (!printing) expect(digest, name).to.equal(GOLDEN[name]);
    });
});
