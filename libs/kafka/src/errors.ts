import { AppError, type ErrorCode } from "@kcp/shared";

interface ErrorLike {
  message?: string;
  code?: string;
  apiId?: string;
  serverErrorMessage?: string | null;
  errors?: unknown[];
  cause?: unknown;
}

/** Platformatic codes that mean no broker could be talked to at all (as opposed to a broker refusing). */
const UNREACHABLE_CODES = new Set(["PLT_KFK_NETWORK", "PLT_KFK_TIMEOUT"]);

/** Every leaf error of an aggregated client error (MultipleErrors nest their parts in `errors`). */
function leaves(error: unknown, depth = 0): ErrorLike[] {
  if (typeof error !== "object" || error === null || depth > 8) return [];
  const e = error as ErrorLike;
  const below = (Array.isArray(e.errors) ? e.errors : []).flatMap((child) => leaves(child, depth + 1));
  return below.length > 0 ? below : [e];
}

function describeLeaf(leaf: ErrorLike): string {
  if (leaf.apiId) return `${leaf.apiId}${leaf.serverErrorMessage ? ` (${leaf.serverErrorMessage})` : ""}`;
  const cause = leaf.cause as ErrorLike | undefined;
  const because = cause?.message && cause.message !== leaf.message ? ` (${cause.message})` : "";
  return `${leaf.message ?? String(leaf)}${because}`;
}

/** Kafka's own error names (e.g. TOPIC_AUTHORIZATION_FAILED) with the broker's message, or the client's message. */
export function describeKafkaError(error: unknown): string {
  const unique = [...new Set(leaves(error).map(describeLeaf))];
  return unique.length > 0 ? unique.join("; ") : error instanceof Error ? error.message : String(error);
}

/** Whether the failure is that no broker answered (network errors or timeouts only). */
export function isUnreachable(error: unknown): boolean {
  const all = leaves(error);
  return all.length > 0 && all.every((leaf) => !leaf.apiId && UNREACHABLE_CODES.has(leaf.code ?? ""));
}

/** Kafka's error names (`apiId`) inside a client error, e.g. ["TOPIC_ALREADY_EXISTS"]. */
export function kafkaErrorNames(error: unknown): string[] {
  return [...new Set(leaves(error).flatMap((leaf) => (leaf.apiId ? [leaf.apiId] : [])))];
}

/**
 * Kafka errors that say what is wrong with the request or its target rather than that Kafka refused it: each action
 * names the ones it expects (e.g. TOPIC_ALREADY_EXISTS → already_exists), with the error code the API answers.
 */
export type ExpectedKafkaErrors = Readonly<Record<string, ErrorCode>>;

/**
 * The one mapping of client errors to the error envelope: an expected Kafka error becomes its own code, no broker
 * answering becomes cluster_unreachable, anything else kafka_error naming Kafka's error (and the broker's message).
 */
export function toKafkaAppError(error: unknown, action: string, expected: ExpectedKafkaErrors = {}): AppError {
  if (error instanceof AppError) return error;
  const detail = describeKafkaError(error);
  const known = kafkaErrorNames(error).find((name) => expected[name] !== undefined);
  if (known)
    return new AppError(expected[known] as ErrorCode, `${capitalized(action)} failed: ${detail}`, { cause: error });
  return isUnreachable(error)
    ? new AppError("cluster_unreachable", `No broker answered while ${action}: ${detail}`, { cause: error })
    : new AppError("kafka_error", `Kafka refused ${action}: ${detail}`, { cause: error });
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
