import { AppError } from "@kcp/shared";
import { kafkaErrorNames } from "./errors.js";

/**
 * Kafka's errors that say "not now, ask again" (the ones its own admin client retries): a coordinator still loading
 * its partition (a freshly started cluster), leadership or the controller moving, a broker-side timeout.
 */
export const RETRIABLE_KAFKA_ERRORS: ReadonlySet<string> = new Set([
  "COORDINATOR_LOAD_IN_PROGRESS",
  "NOT_COORDINATOR",
  "COORDINATOR_NOT_AVAILABLE",
  "LEADER_NOT_AVAILABLE",
  "NOT_CONTROLLER",
  "REQUEST_TIMED_OUT",
]);

/** Exponential backoff with jitter, Kafka's defaults: retry.backoff.ms 100, retry.backoff.max.ms 1000, ×2, ±20 %. */
export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
  multiplier: number;
  jitter: number;
  /** How long, from the first attempt, retries may go on (the admin client's default.api.timeout.ms). */
  budgetMs: number;
}

export const KAFKA_BACKOFF: BackoffPolicy = {
  initialMs: 100,
  maxMs: 1_000,
  multiplier: 2,
  jitter: 0.2,
  budgetMs: 20_000,
};

/** The wait before retry number `attempt` (0 = the first retry): `random` in [0, 1) spreads it by ±jitter. */
export function backoffDelay(attempt: number, policy: BackoffPolicy = KAFKA_BACKOFF, random = Math.random()): number {
  const base = Math.min(policy.maxMs, policy.initialMs * policy.multiplier ** attempt);
  return Math.round(base * (1 + policy.jitter * (2 * random - 1)));
}

/** The wait before the next retry, or undefined when it would end past the budget (the caller gives up then). */
export function nextRetryDelay(
  attempt: number,
  elapsedMs: number,
  policy: BackoffPolicy = KAFKA_BACKOFF,
  random = Math.random(),
): number | undefined {
  const delay = backoffDelay(attempt, policy, random);
  return elapsedMs + delay < policy.budgetMs ? delay : undefined;
}

/**
 * Kafka's produce errors that say the record was not appended, so that sending it again cannot write it twice: the
 * partition's leader or the topic is not yet known to the broker asked (a topic just created, leadership moving),
 * or too few replicas in sync to accept it. A timeout is not among them: the record may have been written.
 */
export const NOT_APPENDED_PRODUCE_ERRORS: ReadonlySet<string> = new Set([
  "NOT_LEADER_OR_FOLLOWER",
  "UNKNOWN_TOPIC_OR_PARTITION",
  "LEADER_NOT_AVAILABLE",
  "NOT_ENOUGH_REPLICAS",
]);

/** Whether a failure is only Kafka's retriable errors (raw client errors, or a kafka_error AppError made of them). */
export function isRetriableKafkaError(error: unknown, retriable = RETRIABLE_KAFKA_ERRORS): boolean {
  if (error instanceof AppError && error.code !== "kafka_error") return false;
  const names = kafkaErrorNames(error instanceof AppError ? error.cause : error);
  return names.length > 0 && names.every((name) => retriable.has(name));
}

export interface RetryClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: RetryClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Runs `work` again while it fails with retriable Kafka errors only (`retriable` names them), backing off, within
 * the policy's budget. `work` is given the attempt's number (0 = the first).
 */
export async function withKafkaRetries<T>(
  work: (attempt: number) => Promise<T>,
  policy: BackoffPolicy = KAFKA_BACKOFF,
  clock: RetryClock = realClock,
  retriable: ReadonlySet<string> = RETRIABLE_KAFKA_ERRORS,
): Promise<T> {
  const started = clock.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await work(attempt);
    } catch (error) {
      const delay = isRetriableKafkaError(error, retriable)
        ? nextRetryDelay(attempt, clock.now() - started, policy)
        : undefined;
      if (delay === undefined) throw error;
      await clock.sleep(delay);
    }
  }
}

/**
 * Kafka's retriable errors that also say a write was not applied (refused before anything was done): a write is
 * retried on these only. A timeout is not among them: the write may have been applied, and running it again could
 * answer "already exists" for what this very call created.
 */
export const NOT_APPLIED_KAFKA_ERRORS: ReadonlySet<string> = new Set([
  "COORDINATOR_LOAD_IN_PROGRESS",
  "NOT_COORDINATOR",
  "COORDINATOR_NOT_AVAILABLE",
  "LEADER_NOT_AVAILABLE",
  "NOT_CONTROLLER",
]);

/** How a call of the admin facade is retried: a read on every retriable error, a write only when not applied. */
export type RetryRule = "read" | "write";

/** Runs one call of the admin facade under its rule (withKafkaRetries with the rule's errors). */
export function retried<T>(
  rule: RetryRule,
  work: () => Promise<T>,
  policy: BackoffPolicy = KAFKA_BACKOFF,
  clock: RetryClock = realClock,
): Promise<T> {
  return withKafkaRetries(work, policy, clock, rule === "read" ? RETRIABLE_KAFKA_ERRORS : NOT_APPLIED_KAFKA_ERRORS);
}
