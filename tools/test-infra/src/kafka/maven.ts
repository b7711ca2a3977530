import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { cacheDir, repoRoot, withFileLock } from "../common/index.js";
import { type KafkaVersion, streamsVersionOf, type ToolsCompat, toolsCompatOf, toolsVersionOf } from "./versions.js";

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
  /** The version of the template's main artifact (@KAFKA_VERSION@) for a Kafka version. */
  artifactVersion: (version: KafkaVersion) => string;
  /** Classes a substituted kafka-tools needs from its own version (the server runtime only). */
  toolsCompat?: (version: KafkaVersion) => ToolsCompat[] | undefined;
}

const SERVER: RuntimeKind = {
  label: "Apache Kafka",
  template: "pom.template.xml",
  cacheFolder: "kafka",
  artifactVersion: (v) => v,
  toolsCompat: toolsCompatOf,
};
const STREAMS_EXAMPLES: RuntimeKind = {
  label: "Kafka Streams examples",
  template: "streams-examples.pom.template.xml",
  cacheFolder: "kafka-streams-examples",
  artifactVersion: streamsVersionOf,
};

async function renderPom(kind: RuntimeKind, version: KafkaVersion): Promise<string> {
  const template = await readFile(join(templateDir, kind.template), "utf8");
  return template
    .replaceAll("@KAFKA_VERSION@", kind.artifactVersion(version))
    .replaceAll("@TOOLS_VERSION@", toolsVersionOf(version));
}

/**
 * The marker holds a hash of the POM (and of the compatibility classes, where a version has them): a changed POM
 * (another dependency, an exclusion) resolves again.
 */
function markerContent(pom: string, compat: ToolsCompat[] | undefined): string {
  const hash = createHash("sha256").update(pom).update(DEPENDENCY_PLUGIN);
  if (compat) hash.update(JSON.stringify(compat.map((c) => [c.artifact, c.classes.source])));
  return `${hash.digest("hex")}\n`;
}

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

/** `jar tf`: the entries of a jar. */
async function jarEntries(jar: string): Promise<string[]> {
  const { stdout } = await run("jar", ["tf", jar], { maxBuffer: 64 * 1024 * 1024 });
  return stdout.split("\n").filter((line) => line !== "");
}

/**
 * Adds `libs/kcp-tools-compat-<tools version>.jar`: the classes of `compat` that the tools' version of each artifact
 * has and the release's own no longer has (see versions.ts), copied from the tools' version's jar (downloaded with
 * Maven, without its dependencies).
 */
async function addToolsCompat(dir: string, version: KafkaVersion, compat: ToolsCompat[]): Promise<void> {
  const toolsVersion = toolsVersionOf(version);
  const work = join(dir, "tools-compat");
  const classes = join(work, "classes");
  await mkdir(classes, { recursive: true });
  for (const { artifact, classes: pattern } of compat) {
    await run(
      "mvn",
      [
        "-q",
        "-B",
        `${DEPENDENCY_PLUGIN}:copy`,
        `-Dartifact=org.apache.kafka:${artifact}:${toolsVersion}`,
        `-DoutputDirectory=${work}`,
      ],
      { cwd: dir, maxBuffer: 64 * 1024 * 1024 },
    );
    const own = new Set(await jarEntries(join(dir, "libs", `${artifact}-${version}.jar`)));
    const old = join(work, `${artifact}-${toolsVersion}.jar`);
    const missing = (await jarEntries(old)).filter((entry) => pattern.test(entry) && !own.has(entry));
    if (missing.length > 0) await run("jar", ["xf", old, ...missing], { cwd: classes });
  }
  await run("jar", ["cf", join(dir, "libs", `kcp-tools-compat-${toolsVersion}.jar`), "-C", classes, "."]);
  await rm(work, { recursive: true, force: true });
}

async function resolveRuntime(kind: RuntimeKind, version: KafkaVersion): Promise<KafkaRuntime> {
  const dir = join(cacheDir, kind.cacheFolder, version);
  const marker = join(dir, "resolved");
  const runtime = { version, classpath: join(dir, "libs", "*"), log4jConfig: join(templateDir, "log4j2.properties") };
  const pom = await renderPom(kind, version);
  const compat = kind.toolsCompat?.(version);
  const expected = markerContent(pom, compat);
  if (await isResolved(marker, expected)) return runtime;
  await withFileLock(join(cacheDir, "locks", `${kind.cacheFolder}-${version}`), async () => {
    if (await isResolved(marker, expected)) return;
    await copyDependencies(`${kind.label} ${version}`, dir, pom);
    if (compat) await addToolsCompat(dir, version, compat);
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
