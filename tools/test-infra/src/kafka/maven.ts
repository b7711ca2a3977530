import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { cacheDir, repoRoot, withFileLock } from "../common/index.js";
import { type KafkaVersion, toolsVersionOf } from "./versions.js";

const run = promisify(execFile);
const templateDir = join(repoRoot, "tools", "test-infra", "maven");
/** Pinned, so that a fresh machine resolves with the same plugin as this one (Maven 3.8 would pick 2.8). */
const DEPENDENCY_PLUGIN = "org.apache.maven.plugins:maven-dependency-plugin:3.8.1";

export interface KafkaRuntime {
  version: KafkaVersion;
  /** Classpath entry for every jar: `<dir>/*`. */
  classpath: string;
  log4jConfig: string;
}

/** What can be resolved: a POM template under maven/ and the cache folder its jars go to. */
interface RuntimeKind {
  label: string;
  template: string;
  cacheFolder: string;
}

const SERVER: RuntimeKind = { label: "Apache Kafka", template: "pom.template.xml", cacheFolder: "kafka" };
const STREAMS_EXAMPLES: RuntimeKind = {
  label: "Kafka Streams examples",
  template: "streams-examples.pom.template.xml",
  cacheFolder: "kafka-streams-examples",
};

async function renderPom(kind: RuntimeKind, version: KafkaVersion): Promise<string> {
  const template = await readFile(join(templateDir, kind.template), "utf8");
  return template.replaceAll("@KAFKA_VERSION@", version).replaceAll("@TOOLS_VERSION@", toolsVersionOf(version));
}

/** The marker holds a hash of the POM: a changed POM (another dependency, an exclusion) resolves again. */
const markerContent = (pom: string) => `${createHash("sha256").update(pom).update(DEPENDENCY_PLUGIN).digest("hex")}\n`;

async function isResolved(marker: string, expected: string): Promise<boolean> {
  return (await readFile(marker, "utf8").catch(() => "")) === expected;
}

async function copyDependencies(name: string, dir: string, pom: string): Promise<void> {
  const started = Date.now();
  process.stderr.write(`test-infra: resolving ${name} from Maven Central with mvn...\n`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "pom.xml"), pom);
  const args = ["-q", "-B", `${DEPENDENCY_PLUGIN}:copy-dependencies`, `-DoutputDirectory=${join(dir, "libs")}`];
  await run("mvn", [...args, "-DincludeScope=runtime"], { cwd: dir, maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`Maven could not resolve ${name}: ${error.stdout || error.stderr || error.message}`);
    },
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stderr.write(`test-infra: ${name} resolved into ${dir} in ${seconds} s\n`);
}

async function resolveRuntime(kind: RuntimeKind, version: KafkaVersion): Promise<KafkaRuntime> {
  const dir = join(cacheDir, kind.cacheFolder, version);
  const marker = join(dir, "resolved");
  const runtime = { version, classpath: join(dir, "libs", "*"), log4jConfig: join(templateDir, "log4j2.properties") };
  const pom = await renderPom(kind, version);
  const expected = markerContent(pom);
  if (await isResolved(marker, expected)) return runtime;
  await withFileLock(join(cacheDir, "locks", `${kind.cacheFolder}-${version}`), async () => {
    if (await isResolved(marker, expected)) return;
    await copyDependencies(`${kind.label} ${version}`, dir, pom);
    await writeFile(marker, expected);
  });
  return runtime;
}

/**
 * The jars of one Kafka version, resolved from Maven Central with Maven into the cache once (a marker file is written
 * only after a complete copy), under a lock so concurrent runs do not resolve the same version twice.
 */
export const resolveKafka = (version: KafkaVersion) => resolveRuntime(SERVER, version);

/** Kafka Streams' example applications of one version (with kafka-streams and RocksDB), resolved like the server. */
export const resolveKafkaStreamsExamples = (version: KafkaVersion) => resolveRuntime(STREAMS_EXAMPLES, version);
