import type { Logger } from "@kcp/shared";
import { Redis, type RedisOptions } from "ioredis";

/**
 * The Redis connection policy of the BullMQ adapter:
 * - one connection for producing (Queue) and one for consuming (Worker, QueueEvents); BullMQ duplicates the
 *   consuming one for each blocking command it needs;
 * - both reconnect forever (ioredis' default back-off, capped at 2 s) so the process recovers when Redis returns;
 * - producing commands fail at once while Redis is away (`enableOfflineQueue: false`), so an HTTP request never hangs
 *   on a lost Redis; consuming commands wait (`maxRetriesPerRequest: null`, which BullMQ requires for workers);
 * - a lost connection is logged once, and its return once.
 */
export interface RedisConnections {
  producer: Redis;
  consumer: Redis;
  /** From now on no connection (nor BullMQ's duplicates) reconnects. */
  stopReconnecting(): void;
  close(): Promise<void>;
}

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND"]);

/**
 * An error that only says Redis cannot be reached (refused, reset, closed, or a command given up while it was away):
 * while Redis is away BullMQ's queues and workers report one on every reconnection attempt, and the connections' own
 * "lost" and "restored" lines say it once.
 */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  return (
    (typeof code === "string" && CONNECTION_CODES.has(code)) ||
    error.name === "MaxRetriesPerRequestError" ||
    error.message === "Connection is closed." ||
    error.message.startsWith("Stream isn't writeable") ||
    error.message.startsWith("connect ECONNREFUSED")
  );
}

function watch(connection: Redis, role: string, logger: Logger, isClosing: () => boolean): void {
  let lost = false;
  const onLost = (reason: string) => {
    if (lost || isClosing()) return;
    lost = true;
    logger.warn({ role, reason }, "redis connection lost; retrying");
  };
  connection.on("close", () => onLost("connection closed"));
  connection.on("error", (error: Error) => onLost(error.message));
  connection.on("ready", () => {
    if (!lost) return;
    lost = false;
    logger.info({ role }, "redis connection restored");
  });
}

export function openRedisConnections(url: string, logger: Logger): RedisConnections {
  let closing = false;
  // BullMQ duplicates these connections with the same options: once closing, none of them reconnects any more.
  const retryStrategy = (attempt: number) => (closing ? null : Math.min(attempt * 100, 2000));
  const common: RedisOptions = { retryStrategy, lazyConnect: false, connectionName: "kcp" };
  const producer = new Redis(url, { ...common, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const consumer = new Redis(url, { ...common, maxRetriesPerRequest: null });
  watch(producer, "producer", logger, () => closing);
  watch(consumer, "consumer", logger, () => closing);
  return {
    producer,
    consumer,
    stopReconnecting() {
      closing = true;
    },
    async close() {
      closing = true;
      // quit() waits for Redis; when it is away, disconnect at once instead.
      const quit = (connection: Redis) =>
        connection.status === "ready" ? connection.quit().catch(() => undefined) : undefined;
      await Promise.allSettled([quit(producer), quit(consumer)]);
      producer.disconnect();
      consumer.disconnect();
    },
  };
}
