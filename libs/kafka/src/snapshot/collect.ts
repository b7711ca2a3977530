import type { Snapshot, SnapshotSlowPart } from "@kcp/shared";
import type { KafkaClient } from "../client.js";
import { assembleSnapshot } from "./assemble.js";
import {
  type ApiVersionRanges,
  type BrokerVersions,
  brokerVersions,
  clusterFeatures,
  commonApiVersions,
  describeCluster,
} from "./cluster.js";
import { partitionKey, readEndOffsets } from "./end-offsets.js";
import { readGroups } from "./groups.js";
import { type BrokerLogDirs, readBrokerLogDirs } from "./log-dirs.js";
import { Parts } from "./parts.js";
import { readQuorum } from "./quorum.js";
import { readReassignments } from "./reassignments.js";
import { keptCordonedLogDirs, keptTopicConfigs, partReadAt } from "./slow-parts.js";
import { withLogEndOffsets, withThroughput } from "./throughput.js";
import { readCordonedLogDirs, readTopicConfigs, readTopicLayouts } from "./topics.js";

/** A snapshot and the facts beside it that the capability rules read. */
export interface Collection {
  snapshot: Snapshot;
  apiVersions: ApiVersionRanges;
  authorizedOperations: string[] | null;
  /** Wall time of each part in milliseconds (for logs and benchmarks; not part of the Snapshot resource). */
  timings: Record<string, number>;
}

const DESCRIBE_QUORUM = 55;

/** ApiVersions of every broker, each on its own (one broker down must not hide the others). */
async function versionsOfBrokers(client: KafkaClient, ids: number[], parts: Parts) {
  const answered = new Map<number, BrokerVersions>();
  await Promise.all(
    ids.map((id) =>
      parts.run(`broker ${id}`, async () => {
        const connection = (await client.connections([id])).get(id);
        if (!connection) return;
        try {
          answered.set(id, await brokerVersions(connection));
        } catch (error) {
          // A long-lived client keeps its connections: one that failed is closed, so the next read connects afresh.
          await connection.close().catch(() => undefined);
          throw error;
        }
      }),
    ),
  );
  return answered;
}

async function logDirsOfBrokers(client: KafkaClient, ids: number[], parts: Parts) {
  const logDirs = new Map<number, BrokerLogDirs>();
  await Promise.all(
    ids.map((id) =>
      parts.run(`log dirs of broker ${id}`, async () => {
        logDirs.set(id, await readBrokerLogDirs(client, id));
      }),
    ),
  );
  return logDirs;
}

/** A slow part read for `missing` only, the rest kept from the previous snapshot; or read whole. */
async function partlyKept<K, V>(
  keep: { kept: Map<K, V>; missing: K[] } | undefined,
  read: (keys: K[] | undefined) => Promise<Map<K, V>>,
): Promise<Map<K, V>> {
  if (!keep) return read(undefined);
  const fresh = keep.missing.length > 0 ? await read(keep.missing) : new Map<K, V>();
  return new Map([...keep.kept, ...fresh]);
}

/**
 * Reads everything the Snapshot resource holds. The topic layout (Metadata) is the one part without which there is
 * no snapshot: its failure is thrown (the cluster is unreachable or refuses us). Every other part that fails is named
 * in `errors` and the rest is returned.
 */
export async function collectSnapshot(
  client: KafkaClient,
  options: {
    timeoutMs: number;
    /** The cluster's previous collection (the stored view's): partition rates are measured against it. */
    previous?: Snapshot;
    /**
     * Slow parts taken from `previous` instead of read (see reusableParts): only what is new since (topics, brokers)
     * is read. `partsCollectedAt` then says when each was read.
     */
    reuse?: ReadonlySet<SnapshotSlowPart>;
  },
): Promise<Collection> {
  const started = Date.now();
  const parts = new Parts();
  const layout = await parts.timed("topic layout", () => readTopicLayouts(client));
  const aliveIds = layout.brokers.map((b) => b.id);
  const versions = await versionsOfBrokers(client, aliveIds, parts);
  const apis = commonApiVersions([...versions.values()]);
  const answeredIds = [...versions.keys()];
  const topicNames = layout.topics.map((t) => t.name);
  // Every partition's log-end offset: one ListOffsets per leader; the rates and the groups' lag both read them.
  const allPartitions = new Set(layout.topics.flatMap((t) => t.partitions.map((p) => partitionKey(t.name, p.id))));
  const endOffsets = parts.run("log end offsets", () => readEndOffsets(client, layout.topics, allPartitions));
  const { previous, reuse } = options;
  const keepTopics = previous && reuse?.has("topicConfigs") ? keptTopicConfigs(previous, layout.topics) : undefined;
  const keepBrokers = previous && reuse?.has("brokerConfigs") ? keptCordonedLogDirs(previous, answeredIds) : undefined;
  const [cluster, topicConfigs, cordonedLogDirs, logDirs, quorum, reassignments, groups] = await Promise.all([
    parts.run("cluster description", () => describeCluster(client, apis)),
    parts.run("topic configs", () =>
      partlyKept(keepTopics, (names) => readTopicConfigs(client, names ?? topicNames, answeredIds)),
    ),
    parts.run("broker configs", () =>
      partlyKept(keepBrokers, (ids) => readCordonedLogDirs(client, ids ?? answeredIds)),
    ),
    logDirsOfBrokers(client, answeredIds, parts),
    apis.has(DESCRIBE_QUORUM) ? parts.run("quorum", () => readQuorum(client)) : Promise.resolve(undefined),
    parts.run("reassignments", () => readReassignments(client, options.timeoutMs)),
    readGroups(client, { brokerIds: answeredIds, apis, topics: layout.topics, endOffsets }, parts),
  ]);
  const assembled = assembleSnapshot({
    collectedAt: new Date(started),
    durationMs: Date.now() - started,
    ...(cluster ? { cluster } : {}),
    metadataBrokers: layout.brokers,
    answered: new Set(answeredIds),
    topics: layout.topics,
    ...(topicConfigs ? { topicConfigs } : {}),
    logDirs,
    ...(cordonedLogDirs ? { cordonedLogDirs } : {}),
    ...(quorum ? { quorum } : {}),
    features: clusterFeatures([...versions.values()]),
    ...(reassignments ? { reassignments } : {}),
    groups,
    errors: parts.errors,
  });
  const readAt = (kept: boolean, part: SnapshotSlowPart) =>
    new Date(kept && previous ? partReadAt(previous, part) : started).toISOString();
  const partsCollectedAt = {
    topicConfigs: readAt(keepTopics !== undefined, "topicConfigs"),
    brokerConfigs: readAt(keepBrokers !== undefined, "brokerConfigs"),
  };
  const snapshot = {
    ...withThroughput(withLogEndOffsets(assembled, await endOffsets), options.previous),
    partsCollectedAt,
  };
  return {
    snapshot,
    apiVersions: apis,
    authorizedOperations: cluster?.authorizedOperations ?? null,
    timings: parts.timings,
  };
}
