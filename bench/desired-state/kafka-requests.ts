/**
 * Loaded into the standalone service's process by the benchmark (`node --import`), before the service: counts every
 * Kafka request the process sends, by API key, and answers the counts when the benchmark asks over the IPC channel.
 *
 * The Kafka client (@platformatic/kafka) publishes each request it writes to a connection on the diagnostics channel
 * `plt:kafka:connections:api` (a tracing channel: `start` once per request, with its API key). Subscribing to it
 * changes nothing in the service: no product code knows this module is there.
 */
import { subscribe } from "node:diagnostics_channel";

/** Requests sent so far, by API key. */
const sent = new Map<number, number>();

subscribe("tracing:plt:kafka:connections:api:start", (message) => {
  const { apiKey } = message as { apiKey: number };
  sent.set(apiKey, (sent.get(apiKey) ?? 0) + 1);
});

process.on("message", (message) => {
  if (message === "kafka-requests") process.send?.({ kafkaRequests: Object.fromEntries(sent) });
});
// The channel does not keep the service running: it stops on SIGTERM as it does without the benchmark.
process.channel?.unref();
