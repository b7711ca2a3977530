import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { makeRunDir } from "../common/index.js";
import type { KafkaCluster } from "./cluster.js";
import { startKafkaTool } from "./java.js";
import { resolveKafkaStreamsExamples } from "./maven.js";

/** The topic Kafka's WordCountDemo reads (fixed in the example). */
export const WORD_COUNT_INPUT = "streams-plaintext-input";

export interface StreamsApp {
  /** Stops the application's JVM and waits until it has exited. */
  stop(): Promise<void>;
}

/**
 * Runs Kafka Streams' own WordCountDemo (from the Maven jars of the cluster's version) against the cluster: a real
 * streams application with a repartition topic and a state store. With `groupProtocol: "streams"` it joins a KIP-1071
 * streams group (Kafka 4.2+), otherwise a classic group. The input topic must exist.
 */
export async function startWordCountApp(
  cluster: KafkaCluster,
  options: { applicationId: string; groupProtocol: "streams" | "classic" },
): Promise<StreamsApp> {
  const runtime = await resolveKafkaStreamsExamples(cluster.version);
  const dir = await makeRunDir("streams-app");
  const config = join(dir, "streams.properties");
  await writeFile(
    config,
    [
      `bootstrap.servers=${cluster.bootstrapServers.join(",")}`,
      `application.id=${options.applicationId}`,
      `group.protocol=${options.groupProtocol}`,
      `state.dir=${join(dir, "state")}`,
      "",
    ].join("\n"),
  );
  const running = await startKafkaTool(
    runtime,
    "org.apache.kafka.streams.examples.wordcount.WordCountDemo",
    [config],
    dir,
  );
  return { stop: () => running.stop() };
}
