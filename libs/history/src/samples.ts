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
