import { alterReplicaLogDirsV2, protocolErrorsCodesById, ResponseError } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { toKafkaAppError } from "../errors.js";
import { readBrokerLogDirs } from "../snapshot/log-dirs.js";
import { appendTo } from "../util/group.js";

/** One replica of a broker to be put into one of that broker's log dirs. */
export interface LogDirMoveRequest {
  topic: string;
  partition: number;
  logDir: string;
}

/** Per replica (`topic:partition`): null when the broker accepted the move, else Kafka's error name. */
export type LogDirMoveOutcome = Map<string, string | null>;

/** Where one replica of a broker is: its log dir and size, and the future replica while it is moved between dirs. */
export interface ReplicaPlacement {
  logDir?: string;
  bytes: number;
  future?: { logDir: string; bytes: number; offsetLag: number };
}

type AlterReplicaLogDirsResponse = alterReplicaLogDirsV2.AlterReplicaLogDirsResponse;

function byDir(moves: readonly LogDirMoveRequest[]) {
  const dirs = new Map<string, Map<string, number[]>>();
  for (const m of moves) {
    const topics = dirs.get(m.logDir) ?? new Map<string, number[]>();
    appendTo(topics, m.topic, m.partition);
    dirs.set(m.logDir, topics);
  }
  return [...dirs].map(([path, topics]) => ({
    path,
    topics: [...topics].map(([name, partitions]) => ({ name, partitions })),
  }));
}

/**
 * AlterReplicaLogDirs on one broker (it must be sent to the broker that holds the replicas). Kafka answers per
 * replica; a replica the broker does not hold yet answers REPLICA_NOT_AVAILABLE, and the broker remembers the dir
 * for when the replica arrives.
 */
export async function alterReplicaLogDirs(
  client: KafkaClient,
  brokerId: number,
  moves: readonly LogDirMoveRequest[],
): Promise<LogDirMoveOutcome> {
  let response: AlterReplicaLogDirsResponse;
  try {
    const connection = (await client.bulkConnections([brokerId])).get(brokerId);
    if (!connection) throw new Error(`broker ${brokerId} is not in the metadata`);
    try {
      response = await alterReplicaLogDirsV2.api.async(connection, byDir(moves));
    } catch (error) {
      // Platformatic throws when any replica has an error; the per-replica answers are on the error.
      const partial = error instanceof ResponseError ? (error.response as AlterReplicaLogDirsResponse) : undefined;
      if (!partial?.results) throw error;
      response = partial;
    }
  } catch (error) {
    throw toKafkaAppError(error, `moving replicas between the log dirs of broker ${brokerId}`);
  }
  const outcome: LogDirMoveOutcome = new Map();
  for (const result of response.results)
    for (const p of result.partitions)
      outcome.set(
        `${result.topicName}:${p.partitionIndex}`,
        p.errorCode === 0 ? null : (protocolErrorsCodesById[p.errorCode] ?? `error ${p.errorCode}`),
      );
  return outcome;
}

/** Where these partitions' replicas are on one broker (DescribeLogDirs), by `topic:partition`. */
export async function replicaPlacements(
  client: KafkaClient,
  brokerId: number,
  partitions: readonly { topic: string; partition: number }[],
): Promise<Map<string, ReplicaPlacement>> {
  const topics = new Map<string, number[]>();
  for (const p of partitions) appendTo(topics, p.topic, p.partition);
  try {
    const only = [...topics].map(([name, ids]) => ({ name, partitions: ids }));
    const read = await readBrokerLogDirs(client, brokerId, only);
    const placements = new Map<string, ReplicaPlacement>();
    for (const [key, bytes] of read.replicaBytes) {
      const logDir = read.replicaDirs.get(key);
      placements.set(key, { bytes, ...(logDir === undefined ? {} : { logDir }) });
    }
    for (const [key, future] of read.futures)
      placements.set(key, {
        ...(placements.get(key) ?? { bytes: 0 }),
        future: { logDir: future.path, bytes: future.bytes, offsetLag: future.offsetLag },
      });
    return placements;
  } catch (error) {
    throw toKafkaAppError(error, `reading the log dirs of broker ${brokerId}`);
  }
}
