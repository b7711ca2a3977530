/**
 * bench/planner (issues 9, 19): the rebalance planner on synthetic clusters that grew unevenly (the newest fifth of the
 * brokers empty, replicas biased towards the first brokers of each rack, sizes skewed) — and the same with per-broker
 * capacities and hot topics (`skewed`) — each planned in a process of its own: planning time, peak RSS, every goal's
 * figure before → after, data moved against each lower bound (replica spread, disk band). Reference in the same run:
 * Kafka's `--generate` assignment (rack-aware round-robin, blind to current placement) of the same input.
 *
 * The disk band with racks: 3 racks of equal and unequal size (51 = 17/17/17, 50 = 17/17/16, 201, 200) at 100k and
 * 333,334 partitions × RF 3 — every partition has a replica in every rack, so each rack's share is fixed — each beside
 * the same input with the racks taken away (the reference, in the same run).
 *
 *   npm run bench:planner [-- --only 10x10k]
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { mebibytes, runNodeScript, seconds, table } from "../common/report.js";

interface GoalLine {
  goal: string;
  status: string;
  before: number;
  after: number;
  why?: string;
}

interface Result {
  replicas: number;
  planningMs: number;
  planningCpuMs: number;
  peakRssBytes: number;
  moves: number;
  replicaMoves: number;
  dataToMoveBytes: number;
  lowerBoundBytes: number;
  lowerBounds: { replicas: number; disk: number };
  goals: GoalLine[];
  weighted: boolean;
  relativeUse: { before: [number, number]; after: [number, number] };
  bestReplicaSpread: number;
  before: { replicas: number; leaders: number; data: number };
  after: { replicas: number; leaders: number; data: number };
  leaderBytesIn: { before: [number, number]; after: [number, number] };
  topicSpread: { before: { widest: number; mean: number }; after: { widest: number; mean: number } };
  reference: {
    ms: number;
    replicaMoves: number;
    dataBytes: number;
    replicas: number;
    leaders: number;
    data: number;
    outsideBand: number;
  };
}

const SCENARIOS = [
  { name: "10x10k", brokers: 10, partitions: 10_000, racks: 3, skewed: false },
  { name: "50x100k", brokers: 50, partitions: 100_000, racks: 5, skewed: false },
  { name: "200x1M", brokers: 200, partitions: 333_334, racks: 5, skewed: false },
  { name: "10x10k-skewed", brokers: 10, partitions: 10_000, racks: 3, skewed: true },
  { name: "50x100k-skewed", brokers: 50, partitions: 100_000, racks: 5, skewed: true },
  { name: "200x1M-skewed", brokers: 200, partitions: 333_334, racks: 5, skewed: true },
];

/** The disk band with racks, each beside the same input without racks. */
const RACK_SCENARIOS = [
  { name: "51x100k-3racks", brokers: 51, partitions: 100_000 },
  { name: "50x100k-3racks", brokers: 50, partitions: 100_000 },
  { name: "201x1M-3racks", brokers: 201, partitions: 333_334 },
  { name: "200x1M-3racks", brokers: 200, partitions: 333_334 },
];

interface RackResult extends Result {
  outsideBand: number;
  brokersPerRack: string;
}

const { values } = parseArgs({ options: { only: { type: "string" } } });
const here = dirname(fileURLToPath(import.meta.url));
const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
const kib = (bytesPerSec: number) => `${(bytesPerSec / 1024).toFixed(0)} KiB/s`;

for (const scenario of SCENARIOS.filter((s) => !values.only || s.name === values.only)) {
  const r = await runNodeScript<Result>(join(here, "plan-once.ts"), [
    "--brokers",
    String(scenario.brokers),
    "--partitions",
    String(scenario.partitions),
    "--racks",
    String(scenario.racks),
    ...(scenario.skewed ? ["--skewed"] : []),
  ]);
  const over = (bound: number) => {
    const pct = bound > 0 ? ((r.dataToMoveBytes / bound - 1) * 100).toFixed(2) : "0.00";
    return `${pct.startsWith("-") ? "" : "+"}${pct} %`;
  };
  const disk = r.goals.find((g) => g.goal === "disk");
  const reachable = disk?.status !== "impossible";
  const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
  table(
    `${scenario.brokers} brokers, ${scenario.partitions} partitions (${r.replicas} replicas), ${scenario.racks} racks${scenario.skewed ? ", capacities of 3 sizes and hot topics" : ""}`,
    [
      [
        "planning time (CPU time of the planner)",
        `${seconds(r.planningMs)} (${seconds(r.planningCpuMs)} CPU; target: under 10 s for 1M replicas)`,
      ],
      ["peak RSS of the planning process", mebibytes(r.peakRssBytes)],
      [
        "replica spread before → after",
        `${r.before.replicas} → ${r.after.replicas} (the racks allow ${r.bestReplicaSpread})`,
      ],
      ["leader spread before → after", `${r.before.leaders} → ${r.after.leaders}`],
      ["data spread before → after", `${gib(r.before.data)} → ${gib(r.after.data)}`],
      [
        `use of ${r.weighted ? "capacity" : "the mean"}, relative to the mean, before → after`,
        `${pct(r.relativeUse.before[0])}–${pct(r.relativeUse.before[1])} → ${pct(r.relativeUse.after[0])}–${pct(r.relativeUse.after[1])}`,
      ],
      [
        "topic spread (replicas per broker, widest topic / mean over topics) before → after",
        `${r.topicSpread.before.widest} / ${r.topicSpread.before.mean.toFixed(2)} → ${r.topicSpread.after.widest} / ${r.topicSpread.after.mean.toFixed(2)}`,
      ],
      [
        "leader bytes-in per broker (lowest–highest) before → after",
        `${kib(r.leaderBytesIn.before[0])}–${kib(r.leaderBytesIn.before[1])} → ${kib(r.leaderBytesIn.after[0])}–${kib(r.leaderBytesIn.after[1])}`,
      ],
      ...r.goals.map(
        (g) =>
          [`goal ${g.goal}`, `${g.before} → ${g.after} (${g.status}${g.why ? `: ${g.why}` : ""})`] as [string, string],
      ),
      ["partitions changed / replicas moved", `${r.moves} / ${r.replicaMoves}`],
      ["data moved", gib(r.dataToMoveBytes)],
      ["  against the replica-spread bound", `${gib(r.lowerBounds.replicas)} (${over(r.lowerBounds.replicas)})`],
      ["  against the disk-band bound", `${gib(r.lowerBounds.disk)} (${over(r.lowerBounds.disk)})`],
      [
        "target: every broker in the band (where reachable)",
        reachable ? (disk?.after === 0 ? "met" : `NOT MET (${disk?.after} outside)`) : `not reachable: ${disk?.why}`,
      ],
      [
        "target: data moved within 10 % of the disk-band bound",
        r.dataToMoveBytes <= r.lowerBounds.disk * 1.1
          ? "met"
          : `NOT MET (${over(r.lowerBounds.disk)}; the replica bound is ${over(r.lowerBounds.replicas)})`,
      ],
      [
        "reference: --generate style assignment",
        `${r.reference.replicaMoves} replicas, ${gib(r.reference.dataBytes)} moved; spreads ${r.reference.replicas} / ${r.reference.leaders} / ${gib(r.reference.data)}; ${r.reference.outsideBand} broker(s) outside the band; ${seconds(r.reference.ms)}`,
      ],
    ],
  );
}

for (const scenario of RACK_SCENARIOS.filter((s) => !values.only || s.name === values.only)) {
  const args = ["--brokers", String(scenario.brokers), "--partitions", String(scenario.partitions), "--racks", "3"];
  const racked = await runNodeScript<RackResult>(join(here, "plan-once.ts"), args);
  const flat = await runNodeScript<RackResult>(join(here, "plan-once.ts"), [...args, "--no-racks"]);
  const disk = (r: RackResult) => r.goals.find((g) => g.goal === "disk");
  const ratio = (r: RackResult) => (r.lowerBounds.disk > 0 ? r.dataToMoveBytes / r.lowerBounds.disk : 1);
  const side = (f: (r: RackResult) => string) => `${f(racked)}   |   ${f(flat)}`;
  const use = (r: RackResult) => `${r.relativeUse.after[0].toFixed(3)}–${r.relativeUse.after[1].toFixed(3)}`;
  const met =
    racked.outsideBand === 0 &&
    disk(racked)?.status === "met" &&
    ratio(racked) <= 1.05 &&
    (scenario.partitions < 333_334 || racked.planningMs < 10_000);
  table(
    `${scenario.brokers} brokers in racks of ${racked.brokersPerRack}, ${scenario.partitions} partitions × RF 3 (${racked.replicas} replicas): 3 racks   |   the same input without racks`,
    [
      ["disk after, min–max of the mean", side(use)],
      ["brokers outside ±10 % (counted from the plan's data)", side((r) => String(r.outsideBand))],
      ["planner's disk goal, before → after", side((r) => `${disk(r)?.before} → ${disk(r)?.after} ${disk(r)?.status}`)],
      ["data moved", side((r) => gib(r.dataToMoveBytes))],
      ["disk bound (rack-aware with racks)", side((r) => gib(r.lowerBounds.disk))],
      ["data moved / disk bound", side((r) => `${ratio(r).toFixed(4)}×`)],
      ["replica spread after (the least the racks allow)", side((r) => `${r.after.replicas} (${r.bestReplicaSpread})`)],
      ["planning time (CPU)", side((r) => `${seconds(r.planningMs)} (${seconds(r.planningCpuMs)})`)],
      ["peak RSS", side((r) => mebibytes(r.peakRssBytes))],
      [
        "target: in band, met, ≤ 1.05× the bound, 1M replicas < 10 s",
        met
          ? "met"
          : `NOT MET (${racked.outsideBand} outside, ${disk(racked)?.status}, ${ratio(racked).toFixed(4)}×, ${seconds(racked.planningMs)})`,
      ],
    ],
  );
}
