/** The Apache Kafka versions the tests run against (all on Maven Central); the newest is the default. */
export const KAFKA_VERSIONS = ["3.9.2", "4.2.2", "4.3.1"] as const;
export type KafkaVersion = (typeof KAFKA_VERSIONS)[number];
export const DEFAULT_KAFKA_VERSION: KafkaVersion = "4.3.1";

/**
 * The kafka-tools artifact (the command-line tools' classes) of each version. kafka-tools 4.2.2 is missing from Maven
 * Central, so the 4.2.2 runtime takes the tools of 4.2.1; the server jars are 4.2.2 all the same.
 */
export function toolsVersionOf(version: KafkaVersion): string {
  return version === "4.2.2" ? "4.2.1" : version;
}

export function isKafkaVersion(value: string): value is KafkaVersion {
  return (KAFKA_VERSIONS as readonly string[]).includes(value);
}

/** Kafka 4.x; 3.9 differs in a few properties (no fenced brokers in DescribeCluster, no share groups). */
export function majorOf(version: KafkaVersion): number {
  return Number(version.split(".")[0]);
}
