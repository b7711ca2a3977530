/** One planning run in a process of its own (so its peak memory is its own); prints one JSON line. */
import { parseArgs } from "node:util";
import { ALL_GOALS, loadOf, planMoves } from "@kcp/operations";
import { roundRobinAssignment, syntheticCluster } from "./synthetic.js";

const { values } = parseArgs({
  options: {
    brokers: { type: "string" },
    partitions: { type: "string" },
    racks: { type: "string", default: "3" },
    seed: { type: "string", default: "42" },
    skewed: { type: "boolean", default: false },
  },
});
const { brokers, partitions } = syntheticCluster({
  brokers: Number(values.brokers),
  partitions: Number(values.partitions),
  racks: Number(values.racks),
  seed: Number(values.seed),
  skewed: values.skewed,
});
const rssBefore = process.memoryUsage().rss;
const started = performance.now();
const cpuBefore = process.cpuUsage();
const plan = planMoves({ brokers, partitions, emptied: [], goals: new Set(ALL_GOALS), mode: "rebalance" });
const cpu = process.cpuUsage(cpuBefore);
const planningMs = performance.now() - started;
/** CPU time of the planning (user + system): what other processes on a shared machine do not stretch. */
const planningCpuMs = (cpu.user + cpu.system) / 1000;
const peakRssBytes = process.resourceUsage().maxRSS * 1024;

const referenceStarted = performance.now();
const reference = roundRobinAssignment(brokers, partitions);
const referenceMs = performance.now() - referenceStarted;
const eligible = new Set(brokers.map((b) => b.id));
const referenceLoad = loadOf(
  brokers,
  eligible,
  partitions,
  (i) => reference[i] ?? [],
  (i) => reference[i]?.[0] ?? -1,
);
let referenceBytes = 0;
let referenceReplicaMoves = 0;
partitions.forEach((p, i) => {
  const moved = (reference[i] ?? []).filter((id) => !p.replicas.includes(id)).length;
  referenceReplicaMoves += moved;
  referenceBytes += moved * p.sizeBytes;
});
const referenceOutsideBand = referenceLoad.brokers.filter(
  (b) => b.dataBytes > (plan.band.upper.get(b.id) ?? 0) || b.dataBytes < (plan.band.lower.get(b.id) ?? 0),
).length;
const totalData = plan.after.brokers.reduce((n, b) => n + b.dataBytes, 0);
const totalWeight = [...plan.band.weight.values()].reduce((a, b) => a + b, 0);
/** Each broker's data per unit of weight (capacity, or 1), relative to the mean: the band is 0.9–1.1. */
const use = (load: typeof plan.after) =>
  load.brokers.map((b) => b.dataBytes / (plan.band.weight.get(b.id) ?? 1) / (totalData / totalWeight));

process.stdout.write(
  `${JSON.stringify({
    replicas: partitions.reduce((n, p) => n + p.replicas.length, 0),
    planningMs,
    planningCpuMs,
    peakRssBytes,
    rssBeforeBytes: rssBefore,
    moves: plan.moves.length,
    replicaMoves: plan.moves.reduce((n, m) => n + m.replicaMoves, 0),
    dataToMoveBytes: plan.dataToMoveBytes,
    lowerBoundBytes: plan.lowerBoundBytes,
    lowerBounds: plan.lowerBounds,
    goals: plan.goals,
    weighted: plan.band.meanUse !== undefined,
    relativeUse: {
      before: [Math.min(...use(plan.before)), Math.max(...use(plan.before))],
      after: [Math.min(...use(plan.after)), Math.max(...use(plan.after))],
    },
    bestReplicaSpread: plan.bestReplicaSpread,
    before: {
      replicas: plan.before.replicaSpread,
      leaders: plan.before.leaderSpread,
      data: plan.before.dataSpreadBytes,
    },
    after: { replicas: plan.after.replicaSpread, leaders: plan.after.leaderSpread, data: plan.after.dataSpreadBytes },
    reference: {
      ms: referenceMs,
      replicaMoves: referenceReplicaMoves,
      dataBytes: referenceBytes,
      replicas: referenceLoad.replicaSpread,
      leaders: referenceLoad.leaderSpread,
      data: referenceLoad.dataSpreadBytes,
      outsideBand: referenceOutsideBand,
    },
  })}\n`,
);
