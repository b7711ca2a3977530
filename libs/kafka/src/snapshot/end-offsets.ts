import { type Connection, FetchIsolationLevels, listOffsetsV7 } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { appendTo } from "../util/group.js";
import type { TopicLayout } from "./topics.js";

export const LATEST = -1n;
const CONSUMER_REPLICA_ID = -1;

/** `topic:partition` keys, as group offsets are keyed. */
export const partitionKey = (topic: string, partition: number) => `${topic}:${partition}`;

/** The topic and partition of a `topic:partition` key (topic names may not contain ':', but split at the last one). */
export function splitPartitionKey(key: string): { topic: string; partition: number } {
  const at = key.lastIndexOf(":");
  return { topic: key.slice(0, at), partition: Number(key.slice(at + 1)) };
}

type LeaderRequests = Map<number, listOffsetsV7.ListOffsetsRequestTopic[]>;

/** ListOffsets' special timestamps: the log start and the log end (high watermark). */
export const EARLIEST = -2n;

/** Groups the partitions by their leader in the layout already read (no second Metadata round trip). */
function byLeader(topics: TopicLayout[], keys: Set<string>, timestamp: bigint): LeaderRequests {
  const requests: LeaderRequests = new Map();
  for (const topic of topics) {
    const perLeader = new Map<number, listOffsetsV7.ListOffsetsRequestPartition[]>();
    for (const p of topic.partitions) {
      if (p.leader < 0 || !keys.has(partitionKey(topic.name, p.id))) continue;
      const partition = { partitionIndex: p.id, currentLeaderEpoch: p.leaderEpoch, timestamp };
      appendTo(perLeader, p.leader, partition);
    }
    for (const [leader, partitions] of perLeader) appendTo(requests, leader, { name: topic.name, partitions });
  }
  return requests;
}

/**
 * Partitions asked about in one ListOffsets request. Each answer is decoded in one go on the event loop: one request
 * per leader at 50,000 partitions held it for hundreds of milliseconds (any API request waited meanwhile).
 */
const PARTITIONS_PER_REQUEST = 2_000;

/** A leader's topics split into requests of at most PARTITIONS_PER_REQUEST partitions (a large topic across several). */
export function inRequests(topics: listOffsetsV7.ListOffsetsRequestTopic[], most = PARTITIONS_PER_REQUEST) {
  const requests: listOffsetsV7.ListOffsetsRequestTopic[][] = [];
  let request: listOffsetsV7.ListOffsetsRequestTopic[] = [];
  let size = 0;
  for (const topic of topics)
    for (let from = 0; from < topic.partitions.length; from += most) {
      const partitions = topic.partitions.slice(from, from + most);
      if (size + partitions.length > most && request.length > 0) {
        requests.push(request);
        request = [];
        size = 0;
      }
      request.push({ name: topic.name, partitions });
      size += partitions.length;
    }
  if (request.length > 0) requests.push(request);
  return requests;
}

/**
 * ListOffsets answers per partition; a partition whose leader moved since the layout was read comes back with an
 * error, which makes the client throw with the parsed response attached. Such partitions are left out (their lag is
 * counted as 0 until the next collection); every other answer is kept.
 */
async function listLatest(connection: Connection, topics: listOffsetsV7.ListOffsetsRequestTopic[]) {
  try {
    return await listOffsetsV7.api.async(
      connection,
      CONSUMER_REPLICA_ID,
      FetchIsolationLevels.READ_UNCOMMITTED,
      topics,
    );
  } catch (error) {
    const response = (error as { response?: listOffsetsV7.ListOffsetsResponse }).response;
    if (response?.topics) return response;
    throw error;
  }
}

/** The log end offset of each named partition (see readOffsetsAt). */
export function readEndOffsets(client: KafkaClient, topics: TopicLayout[], keys: Set<string>) {
  return readOffsetsAt(client, topics, keys, LATEST);
}

/**
 * The offset of each named partition at `timestamp` (Unix ms: the first offset whose record is at or after it, -1
 * when there is none; or EARLIEST / the latest): ListOffsets requests to each leader, the leaders side by side.
 */
export async function readOffsetsAt(
  client: KafkaClient,
  topics: TopicLayout[],
  keys: Set<string>,
  timestamp: bigint,
): Promise<Map<string, number>> {
  const requests = byLeader(topics, keys, timestamp);
  if (requests.size === 0) return new Map();
  const connections = await client.connections([...requests.keys()]);
  // Leaders side by side; each leader's requests one after the other, so their answers are decoded apart.
  const responses = await Promise.all(
    [...requests].map(async ([leader, leaderTopics]) => {
      const connection = connections.get(leader);
      const answered: listOffsetsV7.ListOffsetsResponse["topics"] = [];
      if (!connection) return answered;
      for (const request of inRequests(leaderTopics)) answered.push(...(await listLatest(connection, request)).topics);
      return answered;
    }),
  );
  const ends = new Map<string, number>();
  for (const topic of responses.flat())
    for (const p of topic.partitions)
      if (p.errorCode === 0) ends.set(partitionKey(topic.name, p.partitionIndex), Number(p.offset));
  return ends;
}
