import { execFile } from "node:child_process";
import { cp, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { cacheDir, makeRunDir, withFileLock } from "../common/index.js";
import { type KafkaVersion, resolveKafka } from "../kafka/index.js";
import type { PodmanEngine } from "./podman.js";

const run = promisify(execFile);

/** The images the harness builds: a Debian base with a JRE, and Kafka's jars on it per version. */
export const BASE_IMAGE = "localhost/kcp-test/debian-jre:base";
/** The Kafka versions the container tests run (an upgrade from the first to the second). */
export const CONTAINER_TEST_VERSIONS: readonly KafkaVersion[] = ["4.3.1", "4.4.0"];
/** The `settings.container.image` of the test clusters. */
export const KAFKA_IMAGE_PATTERN = "localhost/kcp-test/kafka:{version}";
export const kafkaImage = (version: string) => KAFKA_IMAGE_PATTERN.replace("{version}", version);

const progress = (line: string) => process.stderr.write(`test-infra: ${line}\n`);

async function imageExists(engine: PodmanEngine, image: string): Promise<boolean> {
  return engine.podman(["image", "exists", image]).then(
    () => true,
    () => false,
  );
}

/** The machine's Debian release (its packages are what the base is made of). */
async function debianSuite(): Promise<string> {
  const release = await readFile("/etc/os-release", "utf8").catch(() => "");
  return /^VERSION_CODENAME=(\w+)/m.exec(release)?.[1] ?? "bookworm";
}

/**
 * A minimal Debian made by debootstrap (minbase) from Debian's package mirror, with the packages of `include`, the
 * folders of `remove` deleted, imported into Podman as `image` (no image registry is needed).
 */
export async function debootstrapImage(
  podman: (args: string[]) => Promise<string>,
  image: string,
  options: { include: string[]; remove: string[] },
): Promise<void> {
  const dir = await makeRunDir("debootstrap");
  try {
    const suite = await debianSuite();
    const mirror = process.env.KCP_DEBIAN_MIRROR ?? "http://deb.debian.org/debian";
    progress(`building ${image} with debootstrap (${suite}, ${mirror})`);
    const root = join(dir, "root");
    const include = options.include.length > 0 ? [`--include=${options.include.join(",")}`] : [];
    await run("debootstrap", ["--variant=minbase", ...include, suite, root, mirror], {
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin:/sbin` },
    });
    for (const folder of options.remove) await rm(join(root, folder), { recursive: true, force: true });
    const tarball = join(dir, "root.tar");
    await run("tar", ["-C", root, "-cf", tarball, "."], { maxBuffer: 16 * 1024 * 1024 });
    await podman(["import", tarball, image]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The base image: debootstrap's minbase with the JRE Kafka runs on. Built once, kept in the harness's Podman storage. */
async function ensureBaseImage(engine: PodmanEngine): Promise<void> {
  if (await imageExists(engine, BASE_IMAGE)) return;
  await debootstrapImage((args) => engine.podman(args), BASE_IMAGE, {
    include: ["openjdk-17-jre-headless"],
    remove: ["var/cache/apt/archives", "usr/share/doc"],
  });
}

/** Kafka's log on the container's stdout (what the engine's logs show), noisy loggers at warnings only. */
const CONSOLE_LOGGING = `status = warn
appender.console.type = Console
appender.console.name = console
appender.console.target = SYSTEM_OUT
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = info
rootLogger.appenderRef.console.ref = console
logger.state-change.name = state.change.logger
logger.state-change.level = warn
logger.request.name = kafka.request.logger
logger.request.level = warn
`;

/** The image of a Kafka version: the base with the version's jars (from Maven Central) under /opt/kafka/libs. */
async function buildKafkaImage(engine: PodmanEngine, version: KafkaVersion): Promise<void> {
  const runtime = await resolveKafka(version);
  const context = await makeRunDir("kafka-image");
  try {
    progress(`building ${kafkaImage(version)}`);
    await cp(dirname(runtime.classpath), join(context, "libs"), { recursive: true });
    await writeFile(join(context, "log4j2.properties"), CONSOLE_LOGGING);
    await writeFile(
      join(context, "Containerfile"),
      `FROM ${BASE_IMAGE}\nCOPY libs/ /opt/kafka/libs/\nCOPY log4j2.properties /opt/kafka/config/log4j2.properties\n`,
    );
    await engine.podman([
      "build",
      "--quiet",
      "--tag",
      kafkaImage(version),
      "--file",
      join(context, "Containerfile"),
      context,
    ]);
  } finally {
    await rm(context, { recursive: true, force: true });
  }
}

/** The Kafka images of `versions`, built where missing (one build at a time across runs). */
export async function ensureKafkaImages(engine: PodmanEngine, versions: readonly KafkaVersion[]): Promise<void> {
  await withFileLock(join(cacheDir, "locks", "kafka-images"), async () => {
    await ensureBaseImage(engine);
    for (const version of versions)
      if (!(await imageExists(engine, kafkaImage(version)))) await buildKafkaImage(engine, version);
  });
}
