import type { Snapshot } from "@kcp/shared";

/** A plausible snapshot of `topics` topics × `partitions` partitions on three brokers, to give stored views weight. */
export function syntheticSnapshot(index: number, topics: number, partitions: number): Snapshot {
  const brokers = [1, 2, 3];
  return {
    collectedAt: new Date().toISOString(),
    durationMs: 120,
    clusterId: `cluster-${index}`,
    brokers: brokers.map((id) => ({
      id,
      host: `kafka-${index}-${id}.example`,
      port: 9092,
      rack: `rack-${id}`,
      fenced: false,
      alive: true,
      cordoned: false,
      logDirs: [{ path: "/var/lib/kafka", totalBytes: 1e12, usableBytes: 6e11, dataBytes: 3e11, cordoned: false }],
      diskTotalBytes: 1e12,
      diskUsableBytes: 6e11,
      dataBytes: 3e11,
      replicas: topics * partitions,
      leaders: Math.round((topics * partitions) / 3),
      preferredLeaders: Math.round((topics * partitions) / 3),
    })),
    features: [{ name: "metadata.version", finalized: 30, supportedMin: 7, supportedMax: 30 }],
    topics: Array.from({ length: topics }, (_, t) => ({
      name: `topic-${t}`,
      id: "AAAAAAAAAAAAAAAAAAAAAA",
      internal: false,
      replicationFactor: 3,
      minInsyncReplicas: 2,
      configs: { "retention.ms": "604800000" },
      sizeBytes: 1e8,
      partitions: Array.from({ length: partitions }, (_, id) => ({
        id,
        leader: brokers[(t + id) % 3] as number,
        leaderEpoch: 1,
        replicas: [1, 2, 3],
        isr: [1, 2, 3],
        offline: null,
        sizeBytes: 1e7,
        replicaBytes: { "1": 1e7, "2": 1e7, "3": 1e7 },
      })),
    })),
    reassignments: [],
    groups: Array.from({ length: topics }, (_, g) => ({
      id: `group-${g}`,
      type: "consumer" as const,
      state: "Stable",
      protocolType: "consumer",
      members: 2,
      lag: 10,
      topics: [`topic-${g}`],
    })),
    errors: [],
  };
}
