import {
  ConfigResourceTypes,
  createTopicsV7,
  IncrementalAlterConfigOperationTypes,
  incrementalAlterConfigsV1,
  protocolErrorsCodesById,
  ResponseError,
} from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { toKafkaAppError } from "../errors.js";

/** What Kafka says it would refuse, asked with a validate-only request (nothing changes). */
export interface RefusedTopicChange {
  topic: string;
  /** Kafka's error name and message, e.g. `INVALID_CONFIG: Unknown topic config name: retention.mss`. */
  reason: string;
}

/** Topics per validate-only request: keeps each well under Kafka's request size. */
const BATCH = 500;
const VALIDATE_TIMEOUT_MS = 30_000;
/** Created since the plan's snapshot: not a refusal of what the files say. */
const TOPIC_ALREADY_EXISTS = 36;

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

/** The answer, also when Kafka refuses some items (Platformatic then throws with the per-item answers on the error). */
async function answered<T>(call: () => Promise<T>, action: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const partial = error instanceof ResponseError ? (error.response as T | undefined) : undefined;
    if (partial) return partial;
    throw toKafkaAppError(error, action);
  }
}

const reasonOf = (code: number, message: string | null | undefined) =>
  `${protocolErrorsCodesById[code] ?? `error ${code}`}${message ? `: ${message}` : ""}`;

/**
 * CreateTopics with validateOnly: Kafka checks each new topic's partitions, replication factor, config names and
 * values (and any create policy) as it would create it, and creates nothing.
 */
export async function validateNewTopics(
  client: KafkaClient,
  topics: readonly { name: string; partitions: number; replicationFactor: number; configs: Record<string, string> }[],
): Promise<RefusedTopicChange[]> {
  const refused: RefusedTopicChange[] = [];
  for (const batch of batches(topics)) {
    const connection = await client.anyConnection();
    const response = await answered(
      () =>
        createTopicsV7.api.async(
          connection,
          batch.map((t) => ({
            name: t.name,
            numPartitions: t.partitions,
            replicationFactor: t.replicationFactor,
            assignments: [],
            configs: Object.entries(t.configs).map(([name, value]) => ({ name, value })),
          })),
          VALIDATE_TIMEOUT_MS,
          true,
        ),
      "validating the new topics",
    );
    for (const t of response.topics)
      if (t.errorCode !== 0 && t.errorCode !== TOPIC_ALREADY_EXISTS)
        refused.push({ topic: t.name, reason: reasonOf(t.errorCode, t.errorMessage) });
  }
  return refused;
}

/**
 * IncrementalAlterConfigs with validateOnly: Kafka checks each topic's config names and values as it would set or
 * remove them, and changes nothing.
 */
export async function validateTopicConfigs(
  client: KafkaClient,
  changes: readonly { topic: string; set: Record<string, string>; delete: readonly string[] }[],
): Promise<RefusedTopicChange[]> {
  const refused: RefusedTopicChange[] = [];
  for (const batch of batches(changes)) {
    const connection = await client.anyConnection();
    const response = await answered(
      () =>
        incrementalAlterConfigsV1.api.async(
          connection,
          batch.map((c) => ({
            resourceType: ConfigResourceTypes.TOPIC,
            resourceName: c.topic,
            configs: [
              ...Object.entries(c.set).map(([name, value]) => ({
                name,
                value,
                configOperation: IncrementalAlterConfigOperationTypes.SET,
              })),
              ...c.delete.map((name) => ({ name, configOperation: IncrementalAlterConfigOperationTypes.DELETE })),
            ],
          })),
          true,
        ),
      "validating the topics' configs",
    );
    for (const r of response.responses)
      if (r.errorCode !== 0) refused.push({ topic: r.resourceName, reason: reasonOf(r.errorCode, r.errorMessage) });
  }
  return refused;
}
