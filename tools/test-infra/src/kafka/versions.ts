/**
 * The Apache Kafka versions the tests run against (all on Maven Central), oldest first. The default is the version
 * every test passes on; a newer version is listed before it becomes the default.
 */
export const KAFKA_VERSIONS = ["3.9.2", "4.2.2", "4.3.1", "4.4.0"] as const;
export type KafkaVersion = (typeof KAFKA_VERSIONS)[number];
export const DEFAULT_KAFKA_VERSION: KafkaVersion = "4.3.1";

/** Classes of a substituted kafka-tools that the release moved away: taken from the tools' version of an artifact. */
export interface ToolsCompat {
  /** An org.apache.kafka artifact, e.g. kafka-clients. */
  artifact: string;
  /** Class files (paths in the jar) to copy when the release's own artifact no longer has them. */
  classes: RegExp;
}

/**
 * Artifacts a release did not publish to Maven Central, and the version taken instead (checked against
 * repo.maven.apache.org's maven-metadata.xml). The server jars (kafka_2.13 and what its POM brings) are always the
 * release's own: Maven keeps the first-declared kafka_2.13's versions of the shared kafka-* jars.
 * - 4.2.2: no kafka-tools (tools of 4.2.1).
 * - 4.4.0: no kafka-tools, kafka-streams, kafka-streams-examples nor connect-runtime (as of 2026-11-23): the
 *   command-line tools' classes and Kafka Streams' examples are those of 4.3.1, run on 4.4.0's server-common and
 *   clients, so `kafka-features` knows 4.4's metadata.version levels. 4.4 moved 58 classes of kafka-clients'
 *   `org.apache.kafka.common.utils` (Exit, KafkaThread, LogContext, …) to `…utils.internals`, and moved
 *   `kafka.admin.ConfigCommand` out of kafka_2.13, so 4.3.1's copies of those classes are added as a jar of their own
 *   (`toolsCompat`): without them every 4.3.1 tool fails at exit (NoClassDefFoundError: …/utils/Exit), most at start.
 */
const SUBSTITUTES: Partial<Record<KafkaVersion, { tools?: string; streams?: string; toolsCompat?: ToolsCompat[] }>> = {
  "4.2.2": { tools: "4.2.1" },
  "4.4.0": {
    tools: "4.3.1",
    streams: "4.3.1",
    toolsCompat: [
      { artifact: "kafka-clients", classes: /^org\/apache\/kafka\/common\/utils\/[^/]+\.class$/ },
      {
        artifact: "kafka_2.13",
        classes: /^kafka\/(admin\/ConfigCommand|utils\/Log4jControllerRegistration)[^/]*\.class$/,
      },
    ],
  },
};

/** The kafka-tools artifact (the command-line tools' classes) of each version. */
export function toolsVersionOf(version: KafkaVersion): string {
  return SUBSTITUTES[version]?.tools ?? version;
}

/** The classes a version's substituted kafka-tools needs from its own version (see SUBSTITUTES), if any. */
export function toolsCompatOf(version: KafkaVersion): ToolsCompat[] | undefined {
  return SUBSTITUTES[version]?.toolsCompat;
}

/** The kafka-streams-examples artifact (Kafka Streams' WordCountDemo) of each version. */
export function streamsVersionOf(version: KafkaVersion): string {
  return SUBSTITUTES[version]?.streams ?? version;
}

export function isKafkaVersion(value: string): value is KafkaVersion {
  return (KAFKA_VERSIONS as readonly string[]).includes(value);
}

/** Kafka 4.x; 3.9 differs in a few properties (no fenced brokers in DescribeCluster, no share groups). */
export function majorOf(version: KafkaVersion): number {
  return Number(version.split(".")[0]);
}
