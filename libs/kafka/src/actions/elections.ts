import { protocolErrorsCodesById } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { toKafkaAppError } from "../errors.js";
import { type ElectionType, ElectionTypes, electLeadersV2 } from "../protocol/elect-leaders-v2.js";
import { appendTo } from "../util/group.js";

export interface PartitionRef {
  topic: string;
  partition: number;
}

/** A partition's election: `error` is Kafka's error name, or null when the leader is now the one asked for. */
export interface ElectionOutcome extends PartitionRef {
  error: string | null;
}

const ELECTION_NOT_NEEDED = 84;
const ELECTION_TIMEOUT_MS = 60_000;

function byTopic(partitions: PartitionRef[]) {
  const topics = new Map<string, number[]>();
  for (const { topic, partition } of partitions) appendTo(topics, topic, partition);
  return [...topics].map(([topic, ids]) => ({ topic, partitions: ids }));
}

/**
 * ElectLeaders for the partitions named. ELECTION_NOT_NEEDED counts as done (the leader already is the one an election
 * would pick), which makes an election safe to run twice.
 */
export async function electLeaders(
  client: KafkaClient,
  type: "preferred" | "unclean",
  partitions: PartitionRef[],
): Promise<ElectionOutcome[]> {
  const electionType: ElectionType = type === "preferred" ? ElectionTypes.PREFERRED : ElectionTypes.UNCLEAN;
  try {
    const response = await electLeadersV2.async(
      await client.anyConnection(),
      electionType,
      byTopic(partitions),
      ELECTION_TIMEOUT_MS,
    );
    return response.results.flatMap(({ topic, partitions: results }) =>
      results.map((r) => ({
        topic,
        partition: r.partitionId,
        error:
          r.errorCode === 0 || r.errorCode === ELECTION_NOT_NEEDED
            ? null
            : (protocolErrorsCodesById[r.errorCode] ?? `error ${r.errorCode}`),
      })),
    );
  } catch (error) {
    throw toKafkaAppError(error, `electing ${type} leaders`);
  }
}
