/**
 * bench/planner (issue 9): the rebalance planner on synthetic clusters that grew unevenly (the newest fifth of the
 * brokers empty, replicas biased towards the first brokers of each rack, sizes skewed), each planned in a process of
 * its own: planning time, peak RSS, spreads before and after, data moved against the computed lower bound. Reference in
 * the same run: Kafka's `--generate` assignment (rack-aware round-robin, blind to current placement) of the same input.
 *
 *   npm run bench:planner [-- --only 10x10k]
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { mebibytes, runNodeScript, seconds, table } from "../common/report.js";

interface Result {
  replicas: number;
  planningMs: number;
  peakRssBytes: number;
  moves: number;
  replicaMoves: number;
  dataToMoveBytes: number;
  lowerBoundBytes: number;
  bestReplicaSpread: number;
  before: { replicas: number; leaders: number; data: number };
  after: { replicas: number; leaders: number; data: number };
  reference: { ms: number; replicaMoves: number; dataBytes: number; replicas: number; leaders: number; data: number };
}

const SCENARIOS = [
  { name: "10x10k", brokers: 10, partitions: 10_000, racks: 3 },
  { name: "50x100k", brokers: 50, partitions: 100_000, racks: 5 },
  { name: "200x1M", brokers: 200, partitions: 333_334, racks: 5 },
];

const { values } = parseArgs({ options: { only: { type: "string" } } });
const here = dirname(fileURLToPath(import.meta.url));
const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;

for (const scenario of SCENARIOS.filter((s) => !values.only || s.name === values.only)) {
  const r = await runNodeScript<Result>(join(here, "plan-once.ts"), [
    "--brokers",
    String(scenario.brokers),
    "--partitions",
    String(scenario.partitions),
    "--racks",
    String(scenario.racks),
  ]);
  const overBound = r.lowerBoundBytes > 0 ? ((r.dataToMoveBytes / r.lowerBoundBytes - 1) * 100).toFixed(2) : "0.00";
  table(
    `${scenario.brokers} brokers, ${scenario.partitions} partitions (${r.replicas} replicas), ${scenario.racks} racks`,
    [
      ["planning time", `${seconds(r.planningMs)} (target: under 10 s for 1M replicas)`],
      ["peak RSS of the planning process", mebibytes(r.peakRssBytes)],
      [
        "replica spread before → after",
        `${r.before.replicas} → ${r.after.replicas} (the racks allow ${r.bestReplicaSpread})`,
      ],
      ["leader spread before → after", `${r.before.leaders} → ${r.after.leaders}`],
      ["data spread before → after", `${gib(r.before.data)} → ${gib(r.after.data)}`],
      ["partitions changed / replicas moved", `${r.moves} / ${r.replicaMoves}`],
      [
        "data moved / lower bound",
        `${gib(r.dataToMoveBytes)} / ${gib(r.lowerBoundBytes)} (${overBound.startsWith("-") ? "" : "+"}${overBound} %)`,
      ],
      [
        "reference: --generate style assignment",
        `${r.reference.replicaMoves} replicas, ${gib(r.reference.dataBytes)} moved; spreads ${r.reference.replicas} / ${r.reference.leaders} / ${gib(r.reference.data)}; ${seconds(r.reference.ms)}`,
      ],
    ],
  );
}
