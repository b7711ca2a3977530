import type { Broker, Group, Snapshot, Topic } from "@kcp/shared";

/** The shape of the simulated cluster. */
export interface ClusterShape {
  topics: number;
  partitions: number;
  brokers: number;
  groups: number;
  replicationFactor: number;
}

/** A small deterministic random generator (mulberry32): every run simulates the same cluster. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface PartitionState {
  leader: number;
  replicas: number[];
  end: number;
  start: number;
  bytes: number;
  /** Messages produced per second at the peak of the day. */
  peakRate: number;
}

interface TopicState {
  name: string;
  id: string;
  messageBytes: number;
  partitions: PartitionState[];
}

interface GroupState {
  id: string;
  topics: string[];
  /** Committed offset per topic and partition. */
  committed: Map<string, number[]>;
  /** While set, the group consumes nothing (a stopped consumer) until this collection. */
  stalledUntil: number;
  members: number;
}

const DISK_BYTES = 2 * 1024 ** 4;
const RETENTION_BYTES_PER_PARTITION = 2 * 1024 ** 3;

/**
 * A cluster that lives through a day: topics with a skewed spread of traffic (a few hot, many quiet, some idle) that
 * follows the time of day with noise, logs that grow and are trimmed by retention, groups that consume 1–3 topics
 * and keep up, fall behind now and then, or stop for a while (lag growing), a quorum whose followers lag a little.
 * Rates are computed as the collector does: the growth since the collection before, divided by the seconds.
 */
export class SyntheticCluster {
  private readonly rand = random(35);
  private readonly topicStates: TopicState[];
  private readonly groupStates: GroupState[];
  private readonly brokerIds: number[];
  private previous: Snapshot | undefined;
  private collection = 0;
  private quorumOffset = 1_000_000;

  constructor(private readonly shape: ClusterShape) {
    this.brokerIds = Array.from({ length: shape.brokers }, (_, i) => i + 1);
    this.topicStates = Array.from({ length: shape.topics }, (_, t) => {
      // Zipf-like: topic t carries about 1/(t+1) of the hottest one's traffic; one in ten is idle.
      const idle = this.rand() < 0.1;
      const peak = idle ? 0 : (4000 / (1 + t * 0.35)) * (0.5 + this.rand());
      return {
        name: `orders.${String(t).padStart(3, "0")}.events`,
        id: Buffer.from(`topic-${t}-identifier`).toString("base64url").slice(0, 22),
        messageBytes: Math.round(200 + this.rand() * 1800),
        partitions: Array.from({ length: shape.partitions }, (_, p) => {
          const first = (t * shape.partitions + p) % shape.brokers;
          const replicas = Array.from(
            { length: shape.replicationFactor },
            (_, r) => this.brokerIds[(first + r) % shape.brokers] as number,
          );
          const end = Math.round(this.rand() * 5_000_000);
          return {
            leader: replicas[0] as number,
            replicas,
            end,
            start: Math.round(end * 0.2),
            bytes: Math.round(this.rand() * RETENTION_BYTES_PER_PARTITION * 0.8),
            peakRate: (peak / shape.partitions) * (0.7 + this.rand() * 0.6),
          };
        }),
      };
    });
    this.groupStates = Array.from({ length: shape.groups }, (_, g) => {
      const count = 1 + Math.floor(this.rand() * 3);
      const topics = [...new Set(Array.from({ length: count }, () => Math.floor(this.rand() * shape.topics)))].map(
        (t) => this.topicStates[t]?.name as string,
      );
      const committed = new Map<string, number[]>();
      for (const name of topics) {
        const topic = this.topicStates.find((s) => s.name === name) as TopicState;
        committed.set(
          name,
          topic.partitions.map((p) => Math.max(p.start, p.end - Math.round(this.rand() * 50))),
        );
      }
      return { id: `billing-${String(g).padStart(3, "0")}-consumer`, topics, committed, stalledUntil: -1, members: 3 };
    });
  }

  /** The cluster at the next collection, at `at`, `seconds` after the one before. */
  next(at: Date, seconds: number): Snapshot {
    const hour = at.getUTCHours() + at.getUTCMinutes() / 60;
    // Traffic follows the day: lowest at 04:00, highest at 16:00.
    const daily = 0.55 + 0.45 * Math.sin(((hour - 10) / 24) * 2 * Math.PI);
    const measured = this.previous !== undefined;
    const topics: Topic[] = this.topicStates.map((topic) => {
      let topicBytesIn = 0;
      let topicMessagesIn = 0;
      const partitions = topic.partitions.map((p, id) => {
        const rate = p.peakRate * daily * (0.8 + this.rand() * 0.4);
        const messages = Math.round(rate * seconds);
        p.end += messages;
        const appended = messages * topic.messageBytes;
        p.bytes += appended;
        // Retention trims whole segments: the log falls back by a gigabyte when it passes its cap.
        if (p.bytes > RETENTION_BYTES_PER_PARTITION) {
          p.bytes -= 1024 ** 3;
          p.start += Math.round(1024 ** 3 / topic.messageBytes);
        }
        const bytesInPerSec = appended / seconds;
        const messagesInPerSec = messages / seconds;
        topicBytesIn += bytesInPerSec;
        topicMessagesIn += messagesInPerSec;
        return {
          id,
          leader: p.leader,
          leaderEpoch: 3,
          replicas: p.replicas,
          isr: p.replicas,
          offline: null,
          sizeBytes: p.bytes,
          replicaBytes: Object.fromEntries(p.replicas.map((r) => [String(r), p.bytes])),
          logEndOffset: p.end,
          ...(measured ? { bytesInPerSec, messagesInPerSec } : {}),
        };
      });
      return {
        name: topic.name,
        id: topic.id,
        internal: false,
        replicationFactor: this.shape.replicationFactor,
        minInsyncReplicas: 2,
        configs: { "retention.bytes": String(RETENTION_BYTES_PER_PARTITION), "min.insync.replicas": "2" },
        sizeBytes: partitions.reduce((n, p) => n + p.sizeBytes, 0),
        partitions,
        ...(measured ? { bytesInPerSec: topicBytesIn, messagesInPerSec: topicMessagesIn } : {}),
      };
    });
    const ends = new Map(this.topicStates.map((t) => [t.name, t.partitions.map((p) => p.end)]));
    const groups: Group[] = this.groupStates.map((group) => {
      // One group in 400 stops now and then, for 5 to 60 minutes: its lag grows.
      if (group.stalledUntil < this.collection && this.rand() < 1 / 400)
        group.stalledUntil = this.collection + Math.round((300 + this.rand() * 3300) / seconds);
      const stalled = group.stalledUntil >= this.collection;
      const topicLags: Record<string, number> = {};
      const topicCommitted: Record<string, number> = {};
      for (const name of group.topics) {
        const committed = group.committed.get(name) as number[];
        const end = ends.get(name) as number[];
        const partitions = (this.topicStates.find((t) => t.name === name) as TopicState).partitions;
        committed.forEach((offset, p) => {
          const target = end[p] as number;
          // A live consumer is a moment behind what was produced (up to 3 s of the partition's traffic, mostly less).
          const behind = Math.round(this.rand() ** 3 * 3 * ((partitions[p] as PartitionState).peakRate * daily));
          if (!stalled) committed[p] = Math.max(offset, target - behind);
        });
        topicLags[name] = committed.reduce((n, c, p) => n + ((end[p] as number) - c), 0);
        topicCommitted[name] = committed.reduce((n, c) => n + c, 0);
      }
      return {
        id: group.id,
        type: "consumer",
        state: stalled ? "Empty" : "Stable",
        protocolType: "consumer",
        members: stalled ? 0 : group.members,
        lag: Object.values(topicLags).reduce((n, l) => n + l, 0),
        topics: group.topics,
        topicLags,
        topicCommitted,
      };
    });
    const brokers: Broker[] = this.brokerIds.map((id) => {
      let dataBytes = 0;
      let replicas = 0;
      let leaders = 0;
      let bytesIn = 0;
      let messagesIn = 0;
      let replication = 0;
      for (const topic of topics)
        for (const p of topic.partitions) {
          if (!p.replicas.includes(id)) continue;
          replicas++;
          dataBytes += p.sizeBytes;
          if (p.leader === id) {
            leaders++;
            bytesIn += p.bytesInPerSec ?? 0;
            messagesIn += p.messagesInPerSec ?? 0;
          } else replication += p.bytesInPerSec ?? 0;
        }
      const other = 40 * 1024 ** 3;
      return {
        id,
        host: `kafka-${id}.kafka.prod.svc`,
        port: 9092,
        rack: `zone-${(id % 3) + 1}`,
        fenced: false,
        alive: true,
        registered: true,
        cordoned: false,
        logDirs: [
          {
            path: "/var/lib/kafka/data",
            totalBytes: DISK_BYTES,
            usableBytes: DISK_BYTES - dataBytes - other,
            dataBytes,
          },
        ],
        diskTotalBytes: DISK_BYTES,
        diskUsableBytes: DISK_BYTES - dataBytes - other,
        dataBytes,
        replicas,
        leaders,
        preferredLeaders: leaders,
        ...(measured
          ? { bytesInPerSec: bytesIn, messagesInPerSec: messagesIn, replicationBytesInPerSec: replication }
          : {}),
      };
    });
    this.quorumOffset += Math.round(seconds * 2 + this.rand() * 10);
    const voters = [101, 102, 103].map((nodeId, i) => ({
      nodeId,
      role: (i === 0 ? "leader" : "follower") as "leader" | "follower",
      logEndOffset: this.quorumOffset - (i === 0 ? 0 : Math.round(this.rand() * 3)),
      lag: i === 0 ? 0 : Math.round(this.rand() * 3),
      lastFetchTimestamp: at.getTime() - Math.round(this.rand() * 500),
      lastCaughtUpTimestamp: at.getTime() - Math.round(this.rand() * 500),
      endpoints: [{ name: "CONTROLLER", host: `controller-${nodeId}`, port: 9093 }],
    }));
    const snapshot: Snapshot = {
      collectedAt: at.toISOString(),
      durationMs: Math.round(800 + this.rand() * 400),
      clusterId: "MkU3OEVBNTcwNTJENDM2Qk",
      brokers,
      quorum: { leaderId: 101, leaderEpoch: 7, highWatermark: this.quorumOffset, voters, observers: [] },
      features: [{ name: "metadata.version", finalized: 27, supportedMin: 7, supportedMax: 27 }],
      topics,
      reassignments: [],
      groups,
      errors: [],
    };
    this.collection++;
    this.previous = snapshot;
    return snapshot;
  }
}
