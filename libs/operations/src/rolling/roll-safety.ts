import type { Broker, Partition, QuorumNode, Snapshot, Topic } from "@kcp/shared";
import { namesList, rollNodes } from "./nodes.js";

/** The answer of a roll-safety check; `reason` is what the operation shows as its pause reason. */
export type RollSafety = { safe: true } | { safe: false; reason: string; partitionsAtRisk?: string[] };

export interface QuorumCatchUp {
  /**
   * How far behind the leader's log end offset a voter may be and still count as caught up (records of the metadata
   * log; the leader writes a no-op record every 500 ms by default, so 0 is too strict for a live cluster).
   */
  maxLag: number;
  /**
   * How long before the snapshot was collected a voter may have last fetched from the leader and still count as
   * caught up: a stopped voter keeps its last offset and can look caught up on a quiet metadata log.
   */
  maxFetchAgeMs: number;
}

export const DEFAULT_QUORUM_CATCH_UP: QuorumCatchUp = { maxLag: 1000, maxFetchAgeMs: 5000 };

/**
 * The min.insync.replicas that applies to a topic: the topic's own setting, else the effective value the snapshot read
 * (DescribeConfigs answers the broker's or the cluster's default when the topic sets none); undefined when the topic's
 * configs could not be read (the snapshot's 1 is then a placeholder, not a fact).
 */
export function minInsyncReplicasOf(topic: Topic): number | undefined {
  const own = Number(topic.configs["min.insync.replicas"]);
  if (Number.isInteger(own) && own > 0) return own;
  if (topic.error) return undefined;
  return topic.minInsyncReplicas;
}

/** Brokers that can be in sync now: registered, answering, not fenced. */
function inSyncCapable(brokers: Broker[]): Set<number> {
  return new Set(brokers.filter((b) => b.alive && !b.fenced).map((b) => b.id));
}

/** Replicas a reassignment is still adding, by `topic-partition`: they are not expected in the ISR yet. */
function addingReplicas(snapshot: Snapshot): Map<string, Set<number>> {
  return new Map(snapshot.reassignments.map((r) => [`${r.topic}-${r.partition}`, new Set(r.adding ?? [])]));
}

interface ReplicaView {
  name: string;
  topic: Topic;
  partition: Partition;
  /** The ISR without members that cannot be in sync any more (stopped, fenced or unknown brokers). */
  liveIsr: number[];
}

function replicasOf(snapshot: Snapshot, brokerId: number): ReplicaView[] {
  const capable = inSyncCapable(snapshot.brokers);
  return snapshot.topics.flatMap((topic) =>
    topic.partitions
      .filter((p) => p.replicas.includes(brokerId))
      .map((partition) => ({
        name: `${topic.name}-${partition.id}`,
        topic,
        partition,
        liveIsr: partition.isr.filter((id) => capable.has(id)),
      })),
  );
}

/**
 * Why a broker is not (yet) a healthy, fully caught-up member of the cluster, or undefined when it is: what the
 * snapshot lets us see of "still recovering its logs" is a broker that is not registered, not answering, fenced (a
 * broker stays fenced until it has replayed the metadata log and loaded its log directories), has a log directory in
 * error, or is not back in the ISR of every partition it replicates (replicas a reassignment is still adding excepted).
 */
export function brokerNotCaughtUp(snapshot: Snapshot, brokerId: number): string | undefined {
  const broker = snapshot.brokers.find((b) => b.id === brokerId);
  if (!broker) return `broker ${brokerId} is not registered`;
  if (!broker.alive) return `broker ${brokerId} does not answer`;
  if (broker.fenced) return `broker ${brokerId} is fenced (still starting or recovering its logs)`;
  const failed = (broker.logDirs ?? []).filter((d) => d.error);
  if (failed.length > 0)
    return `broker ${brokerId} has log directories in error: ${failed.map((d) => `${d.path} (${d.error})`).join(", ")}`;
  const adding = addingReplicas(snapshot);
  const outOfSync = replicasOf(snapshot, brokerId)
    .filter((r) => !r.partition.isr.includes(brokerId) && !adding.get(r.name)?.has(brokerId))
    .map((r) => r.name);
  if (outOfSync.length > 0)
    return `broker ${brokerId} is not back in the ISR of ${outOfSync.length} partition${outOfSync.length > 1 ? "s" : ""} it replicates: ${namesList(outOfSync)}`;
  return undefined;
}

function brokerStopSafety(snapshot: Snapshot, brokerId: number): RollSafety {
  const notCaughtUp = brokerNotCaughtUp(snapshot, brokerId);
  if (notCaughtUp) return { safe: false, reason: `${notCaughtUp}; it is not stopped until it has caught up` };
  const atRisk: string[] = [];
  const details: string[] = [];
  for (const r of replicasOf(snapshot, brokerId)) {
    if (!r.liveIsr.includes(brokerId)) continue;
    const minIsr = minInsyncReplicasOf(r.topic);
    const left = r.liveIsr.length - 1;
    if (minIsr === undefined) {
      atRisk.push(r.name);
      details.push(`${r.name} (min.insync.replicas of ${r.topic.name} unknown: its configs could not be read)`);
    } else if (left < minIsr) {
      atRisk.push(r.name);
      details.push(
        `${r.name} (${left} in-sync replica${left === 1 ? "" : "s"} left, min.insync.replicas=${minIsr}${
          r.partition.replicas.length <= minIsr ? `, replication factor ${r.partition.replicas.length}` : ""
        })`,
      );
    }
  }
  if (atRisk.length === 0) return { safe: true };
  return {
    safe: false,
    reason: `stopping broker ${brokerId} would leave ${atRisk.length} partition${atRisk.length > 1 ? "s" : ""} below min.insync.replicas: ${namesList(details)}`,
    partitionsAtRisk: atRisk,
  };
}

/** Whether a voter counts as caught up with the leader in this snapshot. */
export function voterCaughtUp(snapshot: Snapshot, voter: QuorumNode, catchUp: QuorumCatchUp): boolean {
  if (snapshot.quorum && voter.nodeId === snapshot.quorum.leaderId) return true;
  if (voter.lag < 0 || voter.lag > catchUp.maxLag) return false;
  if (voter.lastFetchTimestamp < 0) return false;
  return Date.parse(snapshot.collectedAt) - voter.lastFetchTimestamp <= catchUp.maxFetchAgeMs;
}

function describeVoter(snapshot: Snapshot, voter: QuorumNode, catchUp: QuorumCatchUp): string {
  if (voter.lastFetchTimestamp < 0) return `${voter.nodeId} (never fetched)`;
  const age = Date.parse(snapshot.collectedAt) - voter.lastFetchTimestamp;
  if (age > catchUp.maxFetchAgeMs) return `${voter.nodeId} (last fetched ${Math.round(age / 1000)} s ago)`;
  return `${voter.nodeId} (lag ${voter.lag})`;
}

function controllerStopSafety(snapshot: Snapshot, nodeId: number, catchUp: QuorumCatchUp): RollSafety {
  const quorum = snapshot.quorum;
  if (!quorum) return { safe: false, reason: "the snapshot has no quorum information (DescribeQuorum)" };
  if (!quorum.voters.some((v) => v.nodeId === nodeId)) return { safe: true }; // an observer controller
  if (quorum.leaderId < 0 || !quorum.voters.some((v) => v.nodeId === quorum.leaderId))
    return { safe: false, reason: "the quorum has no leader" };
  const majority = Math.floor(quorum.voters.length / 2) + 1;
  const others = quorum.voters.filter((v) => v.nodeId !== nodeId);
  const caughtUp = others.filter((v) => voterCaughtUp(snapshot, v, catchUp));
  if (caughtUp.length >= majority) return { safe: true };
  const behind = others.filter((v) => !caughtUp.includes(v)).map((v) => describeVoter(snapshot, v, catchUp));
  return {
    safe: false,
    reason:
      `stopping controller ${nodeId} would leave ${caughtUp.length} caught-up voter${caughtUp.length === 1 ? "" : "s"} of ${quorum.voters.length}, ` +
      `fewer than the majority of ${majority}${behind.length > 0 ? `; not caught up: ${behind.join(", ")}` : ""}`,
  };
}

/**
 * Whether one node can be stopped now (pure), from a fresh snapshot: a broker only when it is itself caught up (see
 * brokerNotCaughtUp) and no partition it is in sync for would fall below its min.insync.replicas (the partitions at
 * risk are named); a voter only when, without it, a majority of all voters is still caught up with the leader (for 3
 * voters: both others; for 5: three of the other four); a combined node must pass both. Members of an ISR whose broker
 * is stopped or fenced are not counted as in sync.
 */
export function rollSafety(
  snapshot: Snapshot,
  nodeId: number,
  catchUp: QuorumCatchUp = DEFAULT_QUORUM_CATCH_UP,
): RollSafety {
  const node = rollNodes(snapshot).find((n) => n.nodeId === nodeId);
  if (!node) return { safe: false, reason: `node ${nodeId} is neither a broker nor a controller of the cluster` };
  if (node.controller) {
    const controller = controllerStopSafety(snapshot, nodeId, catchUp);
    if (!controller.safe) return controller;
  }
  return node.broker ? brokerStopSafety(snapshot, nodeId) : { safe: true };
}
