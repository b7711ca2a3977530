import {
  diskUsedPercent,
  FIGURES,
  type FigureName,
  type Health,
  type SeriesEntityKind,
  type Snapshot,
  usedPercent,
} from "@kcp/shared";

/**
 * The parts a collection's figures are written in, each a frame of its own: a chart of the cluster or a broker reads
 * only the small `cluster` part, a topic's chart the `topics` part, a group's the `groups` part.
 */
export const SERIES_PARTS = ["cluster", "topics", "groups"] as const;
export type SeriesPart = (typeof SERIES_PARTS)[number];

const PART_OF: Record<SeriesEntityKind, SeriesPart> = {
  cluster: "cluster",
  broker: "cluster",
  logDir: "cluster",
  topic: "topics",
  group: "groups",
  groupTopic: "groups",
};

export const partOf = (figure: FigureName): SeriesPart => PART_OF[FIGURES[figure].entity];

/** A series' key in a frame: the figure, `|`, the entity (empty for cluster figures). */
export const seriesKey = (figure: FigureName, entity = ""): string => `${figure}|${entity}`;

/**
 * The topics and groups parts are written in this many frames each, by a hash of the topic or the group (a group's
 * lag by topic beside its lag): a topic's or a group's chart then reads an eighth of the part. The cluster part, small,
 * is one frame.
 */
export const PART_SHARDS = 8;

/** FNV-1a, 32 bits: a stable, fast hash of a name. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The frame (`cluster`, or `topics.3`, `groups.7`) a series is written in, from its figure and entity. */
export function frameNameOf(figure: FigureName, entity: string): string {
  const part = partOf(figure);
  if (part === "cluster") return part;
  // A group's lag on a topic is written beside the group's lag: split at the last `|` (a topic name never holds one).
  const owner = FIGURES[figure].entity === "groupTopic" ? entity.slice(0, entity.lastIndexOf("|")) : entity;
  return `${part}.${hashOf(owner) % PART_SHARDS}`;
}

/** The frame of a series key (`figure|entity`). */
export function frameNameOfKey(key: string): string {
  const bar = key.indexOf("|");
  return frameNameOf(key.slice(0, bar) as FigureName, key.slice(bar + 1));
}

/** Every frame a collection may write: the cluster's, then each shard of topics and groups. */
export const FRAMES: readonly string[] = [
  "cluster",
  ...Array.from({ length: PART_SHARDS }, (_, i) => `topics.${i}`),
  ...Array.from({ length: PART_SHARDS }, (_, i) => `groups.${i}`),
];

/** A collection's samples by the frame each is written in. */
export function byFrame(samples: Samples): Map<string, Map<string, number>> {
  const frames = new Map<string, Map<string, number>>();
  for (const part of SERIES_PARTS)
    for (const [key, value] of samples[part]) {
      const frame = part === "cluster" ? "cluster" : frameNameOfKey(key);
      let values = frames.get(frame);
      if (!values) {
        values = new Map();
        frames.set(frame, values);
      }
      values.set(key, value);
    }
  return frames;
}

/** The entity of a group's lag on one topic. */
export const groupTopicEntity = (group: string, topic: string): string => `${group}|${topic}`;

/** One collection's figures, by part: series key → value. */
export type Samples = Record<SeriesPart, Map<string, number>>;

export interface SampleInput {
  snapshot: Snapshot;
  /** The health derived from the snapshot: its partition counts are the cluster's. */
  health: Health;
  /** The snapshot before (the stored view's): consumption is measured against its committed offsets. */
  previous?: Snapshot;
}

const sum = (values: (number | undefined)[]): number | undefined => {
  const known = values.filter((v): v is number => v !== undefined);
  return known.length === 0 ? undefined : known.reduce((a, b) => a + b, 0);
};

/**
 * Messages consumed per second by topic: the growth of each group's committed offsets on it since the snapshot
 * before, summed over the groups. A group whose offsets went back (reset) or that is new counts nothing this time.
 */
function consumedPerSecond(snapshot: Snapshot, previous: Snapshot | undefined): Map<string, number> | undefined {
  if (!previous) return undefined;
  const seconds = (Date.parse(snapshot.collectedAt) - Date.parse(previous.collectedAt)) / 1000;
  if (!(seconds > 0)) return undefined;
  const before = new Map(previous.groups.map((g) => [g.id, g.topicCommitted]));
  const rates = new Map<string, number>();
  for (const group of snapshot.groups) {
    const then = before.get(group.id);
    if (!group.topicCommitted || !then) continue;
    for (const [topic, committed] of Object.entries(group.topicCommitted)) {
      const was = then[topic];
      if (was === undefined || committed < was) continue;
      rates.set(topic, (rates.get(topic) ?? 0) + (committed - was) / seconds);
    }
  }
  return rates;
}

/** What a collection records of a cluster: every figure of the catalogue it could measure (absent ones left out). */
export function samplesOf({ snapshot, health, previous }: SampleInput): Samples {
  const samples: Samples = { cluster: new Map(), topics: new Map(), groups: new Map() };
  const put = (figure: FigureName, entity: string, value: number | undefined) => {
    if (value === undefined || !Number.isFinite(value)) return;
    samples[partOf(figure)].set(seriesKey(figure, entity), value);
  };

  const consumed = consumedPerSecond(snapshot, previous);
  let bytesOut: number | undefined;
  let messagesOut: number | undefined;
  for (const topic of snapshot.topics) {
    put("topic.bytesInPerSec", topic.name, topic.bytesInPerSec);
    put("topic.messagesInPerSec", topic.name, topic.messagesInPerSec);
    put("topic.sizeBytes", topic.name, topic.sizeBytes);
    const out = consumed?.get(topic.name) ?? (consumed ? 0 : undefined);
    if (out === undefined) continue;
    put("topic.messagesOutPerSec", topic.name, out);
    messagesOut = (messagesOut ?? 0) + out;
    const meanSize =
      topic.messagesInPerSec && topic.bytesInPerSec ? topic.bytesInPerSec / topic.messagesInPerSec : undefined;
    const bytes = out === 0 ? 0 : meanSize === undefined ? undefined : out * meanSize;
    put("topic.bytesOutPerSec", topic.name, bytes);
    if (bytes !== undefined) bytesOut = (bytesOut ?? 0) + bytes;
  }

  put("cluster.bytesInPerSec", "", sum(snapshot.topics.map((t) => t.bytesInPerSec)));
  put("cluster.messagesInPerSec", "", sum(snapshot.topics.map((t) => t.messagesInPerSec)));
  put("cluster.bytesOutPerSec", "", bytesOut);
  put("cluster.messagesOutPerSec", "", messagesOut);
  put("cluster.dataBytes", "", sum(snapshot.brokers.map((b) => b.dataBytes)));
  put("cluster.underReplicatedPartitions", "", health.underReplicated);
  put("cluster.underMinIsrPartitions", "", health.underMinIsr);
  put("cluster.offlinePartitions", "", health.offlinePartitions);
  if (snapshot.quorum) {
    if (snapshot.quorum.leaderId >= 0) put("cluster.activeController", "", snapshot.quorum.leaderId);
    const lags = snapshot.quorum.voters.map((v) => v.lag).filter((lag) => lag >= 0);
    put("cluster.quorumLag", "", lags.length > 0 ? Math.max(...lags) : undefined);
  }

  for (const broker of snapshot.brokers) {
    const id = String(broker.id);
    put("broker.bytesInPerSec", id, broker.bytesInPerSec);
    put("broker.messagesInPerSec", id, broker.messagesInPerSec);
    put("broker.replicationBytesInPerSec", id, broker.replicationBytesInPerSec);
    put("broker.dataBytes", id, broker.dataBytes);
    if (broker.diskTotalBytes !== undefined && broker.diskUsableBytes !== undefined)
      put("broker.diskUsedBytes", id, broker.diskTotalBytes - broker.diskUsableBytes);
    put("broker.diskUsedPercent", id, diskUsedPercent(broker));
    put("broker.replicas", id, broker.replicas);
    put("broker.leaders", id, broker.leaders);
    for (const dir of broker.logDirs ?? []) {
      if (dir.error) continue;
      put("logDir.dataBytes", `${id}:${dir.path}`, dir.dataBytes);
      put("logDir.usedPercent", `${id}:${dir.path}`, usedPercent(dir.totalBytes, dir.usableBytes));
    }
  }

  let maxLag: number | undefined;
  let totalLag: number | undefined;
  for (const group of snapshot.groups) {
    if (group.error) continue;
    put("group.lag", group.id, group.lag);
    maxLag = Math.max(maxLag ?? 0, group.lag);
    totalLag = (totalLag ?? 0) + group.lag;
    for (const [topic, lag] of Object.entries(group.topicLags ?? {}))
      put("groupTopic.lag", groupTopicEntity(group.id, topic), lag);
  }
  put("cluster.maxGroupLag", "", maxLag);
  put("cluster.totalGroupLag", "", totalLag);
  return samples;
}
