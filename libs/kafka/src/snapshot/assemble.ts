import type { Broker, Feature, Group, LogDir, Partition, Quorum, Reassignment, Snapshot, Topic } from "@kcp/shared";
import { groupByVolume } from "../rules/volumes.js";
import type { ClusterDescription } from "./cluster.js";
import type { BrokerLogDirs } from "./log-dirs.js";
import type { MetadataBroker, TopicConfigs, TopicLayout } from "./topics.js";

/** What the collection read; any part but the topic layout may be missing (it failed, and `errors` says so). */
export interface CollectedParts {
  collectedAt: Date;
  durationMs: number;
  cluster?: ClusterDescription;
  metadataBrokers: MetadataBroker[];
  /** Brokers that answered this collection (ApiVersions). */
  answered: Set<number>;
  topics: TopicLayout[];
  topicConfigs?: Map<string, TopicConfigs>;
  logDirs: Map<number, BrokerLogDirs>;
  cordonedLogDirs?: Map<number, string[]>;
  quorum?: Quorum;
  features: Feature[];
  reassignments?: Reassignment[];
  groups?: Group[];
  errors: string[];
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** What a topic is built from besides its layout: replica sizes per broker and the topic's configs. */
export type TopicSources = Pick<CollectedParts, "logDirs" | "topicConfigs">;

/** Where the replicas on JBOD brokers (several log dirs) are, and where the ones being moved between dirs go. */
function logDirsOf(key: string, replicas: readonly number[], parts: TopicSources) {
  const dirs: [string, string][] = [];
  const futures: [string, string][] = [];
  for (const broker of replicas) {
    const read = parts.logDirs.get(broker);
    if (!read || read.dirs.length < 2) continue;
    const dir = read.replicaDirs.get(key);
    if (dir !== undefined) dirs.push([String(broker), dir]);
    const future = read.futures.get(key);
    if (future) futures.push([String(broker), future.path]);
  }
  return {
    ...(dirs.length > 0 ? { replicaLogDirs: Object.fromEntries(dirs) } : {}),
    ...(futures.length > 0 ? { futureLogDirs: Object.fromEntries(futures) } : {}),
  };
}

function partitionOf(topic: string, layout: TopicLayout["partitions"][number], parts: TopicSources): Partition {
  const sizes = layout.replicas
    .map((broker) => [broker, parts.logDirs.get(broker)?.replicaBytes.get(`${topic}:${layout.id}`)] as const)
    .filter((entry): entry is readonly [number, number] => entry[1] !== undefined);
  const leaderSize = sizes.find(([broker]) => broker === layout.leader)?.[1];
  return {
    id: layout.id,
    leader: layout.leader,
    leaderEpoch: layout.leaderEpoch,
    replicas: layout.replicas,
    isr: layout.isr,
    offline: layout.offline.length > 0 ? layout.offline : null,
    sizeBytes: leaderSize ?? Math.max(0, ...sizes.map(([, size]) => size)),
    replicaBytes: sizes.length > 0 ? Object.fromEntries(sizes.map(([broker, size]) => [String(broker), size])) : null,
    ...logDirsOf(`${topic}:${layout.id}`, layout.replicas, parts),
  };
}

/** One topic of the Snapshot resource: partitions with sizes (the leader's replica), configs and min ISR. */
export function topicOf(layout: TopicLayout, parts: TopicSources): Topic {
  const partitions = layout.partitions.map((p) => partitionOf(layout.name, p, parts));
  const configs = parts.topicConfigs?.get(layout.name);
  return {
    name: layout.name,
    id: layout.id,
    internal: layout.internal,
    replicationFactor: layout.partitions[0]?.replicas.length ?? 0,
    minInsyncReplicas: configs?.minInsyncReplicas ?? 1,
    configs: configs?.overrides ?? {},
    sizeBytes: sum(partitions.map((p) => p.sizeBytes)),
    partitions,
    ...(parts.topicConfigs && !configs ? { error: "configs could not be read" } : {}),
  };
}

/** Every broker the cluster knows: registered (DescribeCluster), in the metadata, or holding a replica. */
function brokerIds(parts: CollectedParts): number[] {
  const ids = new Set([
    ...(parts.cluster?.brokers.map((b) => b.id) ?? []),
    ...parts.metadataBrokers.map((b) => b.id),
    ...parts.topics.flatMap((t) => t.partitions.flatMap((p) => p.replicas)),
  ]);
  return [...ids].sort((a, b) => a - b);
}

function isFenced(id: number, parts: CollectedParts): boolean {
  const registered = parts.cluster?.brokers.find((b) => b.id === id);
  if (registered) return registered.fenced;
  // Not among the registered brokers DescribeCluster returned: fenced (v1 lists only unfenced ones) or gone.
  return !parts.metadataBrokers.some((b) => b.id === id);
}

/**
 * Registered: listed by DescribeCluster or the metadata. Not listed by a DescribeCluster that includes fenced brokers
 * (v2): unregistered, known only from the replicas it still holds. Before 4.0 a fenced broker is not listed either, so
 * nothing is said.
 */
function isRegistered(id: number, parts: CollectedParts): boolean | undefined {
  if (parts.cluster?.brokers.some((b) => b.id === id) || parts.metadataBrokers.some((b) => b.id === id)) return true;
  return parts.cluster?.includesFenced ? false : undefined;
}

function brokerOf(id: number, topics: Topic[], parts: CollectedParts): Broker {
  const endpoint = parts.cluster?.brokers.find((b) => b.id === id) ?? parts.metadataBrokers.find((b) => b.id === id);
  const logDirs = parts.logDirs.get(id);
  const cordoned = parts.cordonedLogDirs?.get(id) ?? [];
  const dirs =
    logDirs?.dirs.map((dir) => ({ ...dir, cordoned: cordoned.includes("*") || cordoned.includes(dir.path) })) ?? null;
  const known = (values: (number | undefined)[]) =>
    values.length > 0 && values.every((v) => v !== undefined) ? sum(values as number[]) : undefined;
  const volumes = groupByVolume(dirs ?? []).map((group) => group[0] as LogDir);
  const diskTotalBytes = known(volumes.map((d) => d.totalBytes));
  const diskUsableBytes = known(volumes.map((d) => d.usableBytes));
  const partitions = topics.flatMap((t) => t.partitions);
  return {
    id,
    host: endpoint?.host ?? "",
    port: endpoint?.port ?? 0,
    ...(endpoint?.rack ? { rack: endpoint.rack } : {}),
    fenced: isFenced(id, parts),
    alive: parts.answered.has(id),
    ...(isRegistered(id, parts) === undefined ? {} : { registered: isRegistered(id, parts) as boolean }),
    cordoned: cordoned.length > 0,
    logDirs: dirs,
    ...(diskTotalBytes === undefined ? {} : { diskTotalBytes }),
    ...(diskUsableBytes === undefined ? {} : { diskUsableBytes }),
    dataBytes: sum(dirs?.map((d) => d.dataBytes) ?? []),
    replicas: partitions.filter((p) => p.replicas.includes(id)).length,
    leaders: partitions.filter((p) => p.leader === id).length,
    preferredLeaders: partitions.filter((p) => p.replicas[0] === id).length,
  };
}

/** Pure: the Snapshot resource from the parts a collection read. */
export function assembleSnapshot(parts: CollectedParts): Snapshot {
  const topics = parts.topics.map((layout) => topicOf(layout, parts));
  return {
    collectedAt: parts.collectedAt.toISOString(),
    durationMs: parts.durationMs,
    clusterId: parts.cluster?.clusterId ?? "",
    brokers: brokerIds(parts).map((id) => brokerOf(id, topics, parts)),
    ...(parts.quorum ? { quorum: parts.quorum } : {}),
    features: parts.features,
    topics,
    reassignments: parts.reassignments ?? [],
    groups: parts.groups ?? [],
    errors: parts.errors,
  };
}
