import type { Broker, Partition, QuorumNode, Snapshot, Topic } from "@kcp/shared";

/** Snapshot pieces for the roll rules' unit tests: a broker, a partition, a topic, a quorum node, a 3c3b cluster. */

export const broker = (id: number, overrides: Partial<Broker> = {}): Broker => ({
  id,
  host: "127.0.0.1",
  port: 9000 + id,
  fenced: false,
  alive: true,
  cordoned: false,
  logDirs: [{ path: `/data/${id}`, dataBytes: 10 }],
  dataBytes: 10,
  replicas: 0,
  leaders: 0,
  preferredLeaders: 0,
  ...overrides,
});

/** A quorum node caught up 200 ms before `now`. */
export const quorumNode = (
  nodeId: number,
  role: QuorumNode["role"],
  now: number,
  overrides: Partial<QuorumNode> = {},
): QuorumNode => ({
  nodeId,
  role,
  logEndOffset: 500,
  lag: 0,
  lastFetchTimestamp: now - 200,
  lastCaughtUpTimestamp: now - 200,
  endpoints: [],
  ...overrides,
});

export const partition = (id: number, replicas: number[], isr = replicas): Partition => ({
  id,
  leader: isr[0] ?? -1,
  leaderEpoch: 1,
  replicas,
  isr,
  offline: null,
  sizeBytes: 0,
  replicaBytes: null,
});

export const topic = (name: string, partitions: Partition[], minInsyncReplicas = 2, configs = {}): Topic => ({
  name,
  id: "AAAAAAAAAAAAAAAAAAAAAA",
  internal: false,
  replicationFactor: partitions[0]?.replicas.length ?? 0,
  minInsyncReplicas,
  configs,
  sizeBytes: 0,
  partitions,
});

/**
 * 3c3b as the harness starts it, collected at `now`: voters 1–3 with 2 the quorum leader, brokers 4–6 (also observers
 * of the metadata log), with `observerController` the observer controller 7; topic t (RF 3, min ISR 2) with a
 * partition led by each broker. `change` edits it before it is returned.
 */
export function cluster3c3b(
  now: number,
  change: (s: Snapshot) => void = () => {},
  options: { observerController?: boolean } = {},
): Snapshot {
  const observers = [4, 5, 6, ...(options.observerController ? [7] : [])];
  const snapshot: Snapshot = {
    collectedAt: new Date(now).toISOString(),
    durationMs: 1,
    clusterId: "c",
    brokers: [broker(4), broker(5), broker(6)],
    quorum: {
      leaderId: 2,
      leaderEpoch: 5,
      highWatermark: 500,
      voters: [quorumNode(1, "follower", now), quorumNode(2, "leader", now), quorumNode(3, "follower", now)],
      observers: observers.map((id) => quorumNode(id, "observer", now)),
    },
    features: [],
    topics: [topic("t", [partition(0, [4, 5, 6]), partition(1, [5, 6, 4]), partition(2, [6, 4, 5])])],
    reassignments: [],
    groups: [],
    errors: [],
  };
  change(snapshot);
  return snapshot;
}
