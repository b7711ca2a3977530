import type { Broker, Feature, Partition, QuorumNode, Snapshot, Topic } from "@kcp/shared";

export const NOW = new Date("2026-11-23T12:00:00Z");

export function broker(id: number, overrides: Partial<Broker> = {}): Broker {
  return {
    id,
    host: "localhost",
    port: 9090 + id,
    rack: `r${id}`,
    fenced: false,
    alive: true,
    cordoned: false,
    logDirs: [{ path: `/data/${id}`, totalBytes: 1000, usableBytes: 600, dataBytes: 100, cordoned: false }],
    diskTotalBytes: 1000,
    diskUsableBytes: 600,
    dataBytes: 100,
    replicas: 2,
    leaders: 1,
    preferredLeaders: 1,
    ...overrides,
  };
}

export function partition(id: number, replicas: number[], overrides: Partial<Partition> = {}): Partition {
  return {
    id,
    leader: replicas[0] ?? -1,
    leaderEpoch: 0,
    replicas,
    isr: replicas,
    offline: null,
    sizeBytes: 10,
    replicaBytes: null,
    ...overrides,
  };
}

export function topic(name: string, partitions: Partition[], minInsyncReplicas = 2): Topic {
  return {
    name,
    id: "AAAAAAAAAAAAAAAAAAAAAA",
    internal: false,
    replicationFactor: partitions[0]?.replicas.length ?? 0,
    minInsyncReplicas,
    configs: {},
    sizeBytes: 10 * partitions.length,
    partitions,
  };
}

export function voter(nodeId: number, overrides: Partial<QuorumNode> = {}): QuorumNode {
  return {
    nodeId,
    role: nodeId === 1 ? "leader" : "follower",
    logEndOffset: 500,
    lag: 0,
    lastFetchTimestamp: NOW.getTime() - 100,
    lastCaughtUpTimestamp: NOW.getTime() - 100,
    endpoints: [{ name: "CONTROLLER", host: "localhost", port: 9100 + nodeId }],
    ...overrides,
  };
}

export const FEATURES_4_3: Feature[] = [
  { name: "kraft.version", finalized: 1, supportedMin: 0, supportedMax: 1 },
  { name: "metadata.version", finalized: 30, supportedMin: 7, supportedMax: 30 },
];

/** A healthy cluster: 3 controllers, 3 brokers, one topic `orders` with 3 partitions of 3 replicas, min ISR 2. */
export function healthySnapshot(): Snapshot {
  return {
    collectedAt: NOW.toISOString(),
    durationMs: 50,
    clusterId: "cluster",
    brokers: [broker(4), broker(5), broker(6)],
    quorum: { leaderId: 1, leaderEpoch: 3, highWatermark: 500, voters: [voter(1), voter(2), voter(3)], observers: [] },
    features: FEATURES_4_3.map((f) => ({ ...f })),
    topics: [topic("orders", [partition(0, [4, 5, 6]), partition(1, [5, 6, 4]), partition(2, [6, 4, 5])])],
    reassignments: [],
    groups: [],
    errors: [],
  };
}

/** A healthy snapshot changed by `change` (which may mutate its argument). */
export function snapshotWith(change: (snapshot: Snapshot) => void): Snapshot {
  const snapshot = healthySnapshot();
  change(snapshot);
  return snapshot;
}
