import type { Move, Snapshot } from "@kcp/shared";
import type { PlannerDirReplica, PlannerJbodBroker } from "./plan-log-dir-moves.js";

/**
 * The log-dir planner's view of a snapshot once the inter-broker `moves` are done: every running broker with two or
 * more log dirs, the replicas it will hold (with the dir of those it holds now) and the data leaving it, by dir.
 */
export function logDirModel(snapshot: Snapshot, moves: readonly Move[]): PlannerJbodBroker[] {
  const planned = new Map(moves.map((m) => [`${m.topic}:${m.partition}`, m.to]));
  const brokers = new Map<number, PlannerJbodBroker>();
  for (const b of snapshot.brokers) {
    if (!b.alive || b.fenced || !b.logDirs || b.logDirs.length < 2) continue;
    brokers.set(b.id, {
      id: b.id,
      dirs: b.logDirs.map((d) => ({
        path: d.path,
        ...(d.totalBytes === undefined ? {} : { totalBytes: d.totalBytes }),
        ...(d.usableBytes === undefined ? {} : { usableBytes: d.usableBytes }),
        cordoned: d.cordoned ?? false,
        failed: d.error !== undefined,
      })),
      replicas: [],
      leavingBytes: {},
    });
  }
  if (brokers.size === 0) return [];
  for (const topic of snapshot.topics)
    for (const p of topic.partitions) {
      const after = planned.get(`${topic.name}:${p.id}`) ?? p.replicas;
      for (const id of new Set([...p.replicas, ...after])) {
        const broker = brokers.get(id);
        if (!broker) continue;
        const sizeBytes = p.replicaBytes?.[String(id)] ?? p.sizeBytes;
        const logDir = p.replicaLogDirs?.[String(id)];
        const future = p.futureLogDirs?.[String(id)];
        if (!after.includes(id)) {
          if (logDir !== undefined) broker.leavingBytes[logDir] = (broker.leavingBytes[logDir] ?? 0) + sizeBytes;
          continue;
        }
        const replica: PlannerDirReplica = { topic: topic.name, partition: p.id, sizeBytes };
        if (!p.replicas.includes(id)) broker.replicas.push(replica);
        else if (future !== undefined) broker.replicas.push({ ...replica, logDir: future, pinned: true });
        else if (logDir !== undefined) broker.replicas.push({ ...replica, logDir });
        // A replica on the broker whose dir the snapshot does not know (offline dir): left out.
      }
    }
  return [...brokers.values()];
}
