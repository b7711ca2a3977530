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
    /** The same input with every broker's rack taken away: the reference for the rack-aware figures. */
    "no-racks": { type: "boolean", default: false },
  },
});
const { brokers, partitions } = syntheticCluster({
  brokers: Number(values.brokers),
  partitions: Number(values.partitions),
  racks: Number(values.racks),
  seed: Number(values.seed),
  skewed: values.skewed,
});
if (values["no-racks"]) for (const b of brokers) delete b.rack;
const perRack = new Map<string, number>();
for (const b of brokers) perRack.set(b.rack ?? "", (perRack.get(b.rack ?? "") ?? 0) + 1);
const brokersPerRack = [...perRack.values()].join("/");
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

/** Leader bytes-in per receiving broker, lowest and highest (B/s), from the load rows. */
const leaderBytesIn = (load: typeof plan.after): [number, number] => {
  const rates = load.brokers.filter((b) => !b.excluded).map((b) => b.bytesInPerSec ?? 0);
  return [Math.min(...rates), Math.max(...rates)];
};
/** Per topic, its replicas per broker highest − lowest; answered: the widest topic and the mean over topics. */
const topicSpread = (listOf: (i: number) => readonly number[]): { widest: number; mean: number } => {
  const index = new Map(brokers.map((b, i) => [b.id, i]));
  const counts = new Map<string, Int32Array>();
  partitions.forEach((p, i) => {
    let c = counts.get(p.topic);
    if (!c) {
      c = new Int32Array(brokers.length);
      counts.set(p.topic, c);
    }
    for (const id of listOf(i)) {
      const k = index.get(id);
      if (k !== undefined) c[k] = (c[k] as number) + 1;
    }
  });
  let widest = 0;
  let sum = 0;
  for (const c of counts.values()) {
    const spread = Math.max(...c) - Math.min(...c);
    widest = Math.max(widest, spread);
    sum += spread;
  }
  return { widest, mean: counts.size > 0 ? sum / counts.size : 0 };
};
const movedTo = new Map(plan.moves.map((m) => [`${m.topic}:${m.partition}`, m.to]));

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
    // Counted here from the data after the plan, independently of the planner's own report.
    outsideBand: use(plan.after).filter((u) => u < 0.9 - 1e-9 || u > 1.1 + 1e-9).length,
    brokersPerRack,
    bestReplicaSpread: plan.bestReplicaSpread,
    before: {
      replicas: plan.before.replicaSpread,
      leaders: plan.before.leaderSpread,
      data: plan.before.dataSpreadBytes,
    },
    after: { replicas: plan.after.replicaSpread, leaders: plan.after.leaderSpread, data: plan.after.dataSpreadBytes },
    leaderBytesIn: { before: leaderBytesIn(plan.before), after: leaderBytesIn(plan.after) },
    topicSpread: {
      before: topicSpread((i) => partitions[i]?.replicas ?? []),
      after: topicSpread((i) => {
        const p = partitions[i];
        return (p && movedTo.get(`${p.topic}:${p.partition}`)) ?? p?.replicas ?? [];
      }),
    },
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
