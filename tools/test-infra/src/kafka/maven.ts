import { execFile } from "node:child_process";
import { access, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { cacheDir, repoRoot, withFileLock } from "../common/index.js";
import { type KafkaVersion, toolsVersionOf } from "./versions.js";

const run = promisify(execFile);
const templateDir = join(repoRoot, "tools", "test-infra", "maven");

export interface KafkaRuntime {
  version: KafkaVersion;
  /** Classpath entry for every jar: `<dir>/*`. */
  classpath: string;
  log4jConfig: string;
}

const runtimeDir = (version: KafkaVersion) => join(cacheDir, "kafka", version);

/**
 * The jars of one Kafka version, resolved from Maven Central with Maven into the cache once (a marker file is written
 * only after a complete copy), under a lock so concurrent runs do not resolve the same version twice.
 */
export async function resolveKafka(version: KafkaVersion): Promise<KafkaRuntime> {
  const dir = runtimeDir(version);
  const marker = join(dir, "resolved");
  const runtime = { version, classpath: join(dir, "libs", "*"), log4jConfig: join(templateDir, "log4j2.properties") };
  const resolved = () =>
    access(marker).then(
      () => true,
      () => false,
    );
  if (await resolved()) return runtime;
  await withFileLock(join(cacheDir, "locks", `kafka-${version}`), async () => {
    if (await resolved()) return;
    process.stderr.write(`test-infra: resolving Apache Kafka ${version} from Maven Central\n`);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const template = await readFile(join(templateDir, "pom.template.xml"), "utf8");
    await writeFile(
      join(dir, "pom.xml"),
      template.replaceAll("@KAFKA_VERSION@", version).replaceAll("@TOOLS_VERSION@", toolsVersionOf(version)),
    );
    await run(
      "mvn",
      ["-q", "-B", "dependency:copy-dependencies", `-DoutputDirectory=${join(dir, "libs")}`, "-DincludeScope=runtime"],
      { cwd: dir, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string; message: string }) => {
      throw new Error(`Maven could not resolve Kafka ${version}: ${error.stdout ?? error.message}`);
    });
    await writeFile(marker, new Date().toISOString());
  });
  return runtime;
}
