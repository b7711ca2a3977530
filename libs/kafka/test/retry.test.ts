import { AppError } from "@kcp/shared";
import { expect } from "chai";
import { toKafkaAppError } from "../src/errors.js";
import {
  backoffDelay,
  isRetriableKafkaError,
  KAFKA_BACKOFF,
  NOT_APPENDED_PRODUCE_ERRORS,
  nextRetryDelay,
  type RetryClock,
  retried,
  withKafkaRetries,
} from "../src/retry.js";

/** A failure as @platformatic/kafka reports Kafka's error codes: a MultipleErrors whose leaves carry `apiId`. */
const kafkaFailure = (...names: string[]) =>
  Object.assign(new Error("Received response with error while executing API"), {
    errors: names.map((apiId) => Object.assign(new Error(apiId), { apiId })),
  });

/** A clock that only moves when slept on: the waits are recorded instead of waited. */
function fakeClock(): RetryClock & { waits: number[] } {
  let now = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    async sleep(ms) {
      waits.push(ms);
      now += ms;
    },
  };
}

describe("Kafka retries", () => {
  it("backs off as Kafka's clients do: 100 ms doubling to at most 1 s, spread ±20 %", () => {
    expect([0, 1, 2, 3, 4, 5].map((a) => backoffDelay(a, KAFKA_BACKOFF, 0.5))).to.deep.equal([
      100, 200, 400, 800, 1000, 1000,
    ]);
    expect(backoffDelay(0, KAFKA_BACKOFF, 0)).to.equal(80);
    expect(backoffDelay(9, KAFKA_BACKOFF, 0.999_999)).to.equal(1200);
  });

  it("gives up when the next wait would end past the budget", () => {
    expect(nextRetryDelay(3, 19_000, KAFKA_BACKOFF, 0.5)).to.equal(800);
    expect(nextRetryDelay(4, 19_000, KAFKA_BACKOFF, 0.5)).to.equal(undefined);
  });

  it("retries only Kafka's retriable errors, raw or already made a kafka_error", () => {
    for (const name of [
      "COORDINATOR_LOAD_IN_PROGRESS",
      "NOT_COORDINATOR",
      "COORDINATOR_NOT_AVAILABLE",
      "LEADER_NOT_AVAILABLE",
      "NOT_CONTROLLER",
      "REQUEST_TIMED_OUT",
    ]) {
      expect(isRetriableKafkaError(kafkaFailure(name)), name).to.equal(true);
      expect(isRetriableKafkaError(toKafkaAppError(kafkaFailure(name), "resetting offsets")), name).to.equal(true);
    }
    expect(isRetriableKafkaError(kafkaFailure("TOPIC_AUTHORIZATION_FAILED"))).to.equal(false);
    expect(isRetriableKafkaError(kafkaFailure("NOT_COORDINATOR", "GROUP_AUTHORIZATION_FAILED"))).to.equal(false);
    expect(isRetriableKafkaError(new AppError("conflict", "group not empty"))).to.equal(false);
    expect(isRetriableKafkaError(new Error("socket hang up"))).to.equal(false);
  });

  it("a call that meets COORDINATOR_LOAD_IN_PROGRESS twice answers at the third attempt, after 100 + 200 ms", async () => {
    const clock = fakeClock();
    let calls = 0;
    const answer = await withKafkaRetries(
      async () => {
        calls++;
        if (calls < 3) throw toKafkaAppError(kafkaFailure("COORDINATOR_LOAD_IN_PROGRESS"), "resetting offsets");
        return "reset";
      },
      { ...KAFKA_BACKOFF, jitter: 0 },
      clock,
    );
    expect([answer, calls, clock.waits]).to.deep.equal(["reset", 3, [100, 200]]);
  });

  it("a retriable error that lasts past the budget is answered as it is; others at once", async () => {
    const clock = fakeClock();
    const lasting = toKafkaAppError(kafkaFailure("NOT_CONTROLLER"), "electing leaders");
    const error = await withKafkaRetries(
      async () => {
        throw lasting;
      },
      { ...KAFKA_BACKOFF, jitter: 0 },
      clock,
    ).catch((e: unknown) => e);
    expect(error).to.equal(lasting);
    expect(clock.waits.reduce((a, b) => a + b, 0)).to.be.within(19_000, 20_000);
    const once = fakeClock();
    await withKafkaRetries(
      async () => {
        throw new AppError("not_found", "no topic");
      },
      KAFKA_BACKOFF,
      once,
    ).catch(() => undefined);
    expect(once.waits).to.deep.equal([]);
  });

  it("a read is retried on every retriable error, a write only on those that say it was not applied", async () => {
    const attempts = async (rule: "read" | "write", refusal: string) => {
      let calls = 0;
      await retried(
        rule,
        async () => {
          calls++;
          if (calls === 1) throw kafkaFailure(refusal);
          return calls;
        },
        { ...KAFKA_BACKOFF, budgetMs: 5_000 },
        fakeClock(),
      ).catch(() => undefined);
      return calls;
    };
    expect(await attempts("read", "LEADER_NOT_AVAILABLE")).to.equal(2);
    expect(await attempts("read", "REQUEST_TIMED_OUT")).to.equal(2);
    expect(await attempts("write", "NOT_CONTROLLER"), "refused before it was applied").to.equal(2);
    expect(await attempts("write", "REQUEST_TIMED_OUT"), "a write that may have been applied").to.equal(1);
    expect(await attempts("write", "TOPIC_ALREADY_EXISTS")).to.equal(1);
  });

  it("a produce is sent again only after refusals that say the record was not appended, never after a timeout", async () => {
    const attempts = async (refusal: string) => {
      const clock = fakeClock();
      let sent = 0;
      await withKafkaRetries(
        async () => {
          sent++;
          if (sent === 1) throw kafkaFailure(refusal);
          return sent;
        },
        { ...KAFKA_BACKOFF, budgetMs: 5_000 },
        clock,
        NOT_APPENDED_PRODUCE_ERRORS,
      ).catch(() => undefined);
      return sent;
    };
    for (const refusal of ["NOT_LEADER_OR_FOLLOWER", "UNKNOWN_TOPIC_OR_PARTITION", "NOT_ENOUGH_REPLICAS"])
      expect(await attempts(refusal), refusal).to.equal(2);
    for (const refusal of ["REQUEST_TIMED_OUT", "NOT_ENOUGH_REPLICAS_AFTER_APPEND", "TOPIC_AUTHORIZATION_FAILED"])
      expect(await attempts(refusal), refusal).to.equal(1);
  });
});
