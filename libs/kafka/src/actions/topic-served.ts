import {
  type Connection,
  createAPI,
  metadataV12,
  protocolErrorsCodesById,
  type Reader,
  ResponseError,
} from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { untilEveryBrokerShows } from "./until-shown.js";

/** What a broker shows of one topic: its partitions' leaders; an error code (not 0) on what it does not serve yet. */
interface ShownTopic {
  errorCode: number;
  name: string | null;
  partitions: { errorCode: number; leaderId: number }[];
}

/**
 * Metadata v12 as the client's own parser reads it, except that a topic or partition the broker does not serve yet
 * (an error code on it) stays an error code. The client's parser throws one error for the answer with an Error per
 * topic, each with its stack: for a batch of 500 topics not served yet, polled every 100 ms, that cost seconds of CPU
 * per 10,000 topics. A refusal to authorize is still thrown as the client throws it (nothing to wait for).
 */
function parseShown(_correlationId: number, apiKey: number, apiVersion: number, reader: Reader): ShownTopic[] {
  const errors: [string, [number, null]][] = [];
  reader.readInt32(); // throttle time
  reader.readArray(
    (r) => {
      r.readInt32();
      r.readString();
      r.readInt32();
      r.readNullableString();
      r.readTaggedFields();
    },
    true,
    false,
  );
  reader.readNullableString(); // cluster id
  reader.readInt32(); // controller id
  const topics = reader.readArray(
    (r, i) => {
      const errorCode = r.readInt16();
      if (errorCode !== 0) errors.push([`/topics/${i}`, [errorCode, null]]);
      const name = r.readNullableString();
      r.readUUID();
      r.readBoolean();
      const partitions = r.readArray(
        (p, j) => {
          const partitionError = p.readInt16();
          if (partitionError !== 0) errors.push([`/topics/${i}/partitions/${j}`, [partitionError, null]]);
          p.readInt32(); // partition index
          const leaderId = p.readInt32();
          p.readInt32(); // leader epoch
          p.readArray(() => p.readInt32(), true, false);
          p.readArray(() => p.readInt32(), true, false);
          p.readArray(() => p.readInt32(), true, false);
          p.readTaggedFields();
          return { errorCode: partitionError, leaderId };
        },
        true,
        false,
      );
      r.readInt32(); // topic authorized operations
      r.readTaggedFields();
      return { errorCode, name, partitions };
    },
    true,
    false,
  );
  reader.readTaggedFields();
  if (errors.some(([, [code]]) => protocolErrorsCodesById[code]?.endsWith("_AUTHORIZATION_FAILED")))
    throw new ResponseError(apiKey, apiVersion, Object.fromEntries(errors), { topics });
  return topics;
}

const metadataShown = createAPI<Parameters<typeof metadataV12.createRequest>, ShownTopic[]>(
  metadataV12.api.key,
  metadataV12.api.version,
  metadataV12.createRequest,
  parseShown,
);

/** Whether a topic as a broker shows it is served: no error on it, `partitions` partitions, each with a leader. */
function served(topic: ShownTopic | undefined, partitions: number): boolean {
  return (
    topic !== undefined &&
    topic.errorCode === 0 &&
    topic.partitions.length >= partitions &&
    topic.partitions.every((p) => p.errorCode === 0 && p.leaderId >= 0)
  );
}

/** Whether a broker's metadata shows the topic with `partitions` partitions, each with a leader. */
async function serves(connection: Connection, topic: string, partitions: number): Promise<boolean> {
  const topics = await metadataShown.async(connection, [topic], false, false);
  return served(
    topics.find((t) => t.name === topic),
    partitions,
  );
}

/**
 * A created or grown topic is answered once every broker serves all its partitions with a leader (a produce before
 * that is refused: UNKNOWN_TOPIC_OR_PARTITION, NOT_LEADER_OR_FOLLOWER); within the bounds of `untilEveryBrokerShows`.
 */
export async function untilTopicServed(client: KafkaClient, topic: string, partitions: number): Promise<void> {
  await untilEveryBrokerShows(client, "all", (connection) => serves(connection, topic, partitions));
}

/** Whether a broker's metadata shows every topic with its partitions, each with a leader (one request for all). */
async function servesAll(connection: Connection, topics: ReadonlyMap<string, number>): Promise<boolean> {
  const shown = new Map(
    (await metadataShown.async(connection, [...topics.keys()], false, false)).map((t) => [t.name, t]),
  );
  for (const [topic, partitions] of topics) if (!served(shown.get(topic), partitions)) return false;
  return true;
}

/** `untilTopicServed` for many topics at once: one Metadata request per broker and round for all of them. */
export async function untilTopicsServed(client: KafkaClient, topics: ReadonlyMap<string, number>): Promise<void> {
  if (topics.size === 0) return;
  await untilEveryBrokerShows(client, "all", (connection) => servesAll(connection, topics));
}
