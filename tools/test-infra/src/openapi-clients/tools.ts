import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { cacheDir, missingPrerequisitesMessage, onPath, type Prerequisite, withFileLock } from "../common/index.js";
import { javaMajor } from "../common/prerequisites.js";
import { mustRun } from "./exec.js";

const run = promisify(execFile);

/** openapi-generator, from Maven Central (`org.openapitools:openapi-generator-cli`, the executable jar). */
export const OPENAPI_GENERATOR_VERSION = "7.17.0";
/** openapi-python-client, from PyPI. */
export const OPENAPI_PYTHON_CLIENT_VERSION = "0.29.1";
/** Pinned, so that every machine copies with the same plugin (as the Kafka jars are resolved). */
export const DEPENDENCY_PLUGIN = "org.apache.maven.plugins:maven-dependency-plugin:3.8.1";

/** The generators' tools, the Python environments and the generated clients: `~/.cache/kcp/test-infra/openapi-clients`. */
export const clientsCacheDir = () => join(cacheDir, "openapi-clients");
const lockOf = (name: string) => join(cacheDir, "locks", `openapi-clients-${name}`);
/** A download or install never waits longer than this for another run's lock. */
const TOOL_WAIT_MS = 15 * 60_000;

/** `KCP_PYTHON`, else `python3` from PATH (as for Schemathesis). */
export const python = () => process.env.KCP_PYTHON ?? "python3";

const marked = async (marker: string, text: string) => (await readFile(marker, "utf8").catch(() => "")) === text;

/**
 * What the generated clients need from the machine: Java 17+ and Maven (openapi-generator, the Java client), Go (the
 * Go client), Python 3.11+ with venv (the Python clients). Throws one message naming all that is missing.
 */
export async function checkClientPrerequisites(): Promise<void> {
  const java = await run("java", ["-version"]).then(
    ({ stdout, stderr }) => javaMajor(`${stderr}${stdout}`),
    () => 0,
  );
  const pythonOk = await run(python(), [
    "-c",
    "import sys, venv, ensurepip; sys.exit(0 if sys.version_info >= (3, 11) else 1)",
  ]).then(
    () => true,
    () => false,
  );
  const prerequisites: Prerequisite[] = [
    {
      name: "Java 17 or newer (with javac)",
      neededFor: "openapi-generator and the generated Java client",
      present: java >= 17 && (await onPath("javac")),
      install: "apt-get install openjdk-17-jdk-headless",
    },
    {
      name: "Maven (mvn)",
      neededFor: "openapi-generator's jar",
      present: await onPath("mvn"),
      install: "apt-get install maven",
    },
    {
      name: "Go",
      neededFor: "the generated Go client",
      present: await onPath("go"),
      install: "install Go 1.26+ from https://go.dev/dl/",
    },
    {
      name: "Python 3.11+ with venv",
      neededFor: "the generated Python clients",
      present: pythonOk,
      install: "apt-get install python3 python3-venv (or set KCP_PYTHON to a Python 3.11+)",
    },
  ];
  const message = missingPrerequisitesMessage(prerequisites, false);
  if (message) throw new Error(message);
}

/**
 * openapi-generator's executable jar, copied from Maven Central (through `~/.m2`) into the cache once, under a lock.
 */
export async function ensureOpenApiGenerator(): Promise<string> {
  const dir = join(clientsCacheDir(), "tools", `openapi-generator-${OPENAPI_GENERATOR_VERSION}`);
  const jar = join(dir, `openapi-generator-cli-${OPENAPI_GENERATOR_VERSION}.jar`);
  const marker = join(dir, ".installed");
  if (await marked(marker, OPENAPI_GENERATOR_VERSION)) return jar;
  await withFileLock(
    lockOf("openapi-generator"),
    async () => {
      if (await marked(marker, OPENAPI_GENERATOR_VERSION)) return;
      process.stderr.write(`test-infra: fetching openapi-generator ${OPENAPI_GENERATOR_VERSION} from Maven Central\n`);
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
      await mustRun(
        "mvn",
        [
          "-q",
          "-B",
          `${DEPENDENCY_PLUGIN}:copy`,
          `-Dartifact=org.openapitools:openapi-generator-cli:${OPENAPI_GENERATOR_VERSION}`,
          `-DoutputDirectory=${dir}`,
        ],
        { cwd: dir, timeoutMs: 10 * 60_000 },
      );
      await writeFile(marker, OPENAPI_GENERATOR_VERSION);
    },
    undefined,
    TOOL_WAIT_MS,
  );
  return jar;
}

/**
 * A virtual environment in the cache with exactly `requirements` installed from PyPI, shared by every client and
 * document that needs the same list (its folder is named by the list's digest). The marker names the folder too: a
 * virtual environment moved with its cache is installed again rather than failing to start.
 */
export async function ensurePythonEnv(requirements: string[]): Promise<string> {
  const list = [...new Set(requirements)].sort();
  const digest = createHash("sha256").update(list.join("\n")).digest("hex").slice(0, 16);
  const dir = join(clientsCacheDir(), "python", digest);
  const marker = join(dir, ".installed");
  const text = `${dir}\n${list.join("\n")}\n`;
  const bin = join(dir, "bin", "python");
  if (await marked(marker, text)) return bin;
  await withFileLock(
    lockOf(`python-${digest}`),
    async () => {
      if (await marked(marker, text)) return;
      process.stderr.write(`test-infra: installing ${list.join(", ")} from PyPI into ${dir}\n`);
      await rm(dir, { recursive: true, force: true });
      await mkdir(join(dir, ".."), { recursive: true });
      await mustRun(python(), ["-m", "venv", dir], { cwd: join(dir, ".."), timeoutMs: 5 * 60_000 });
      await mustRun(
        join(dir, "bin", "pip"),
        ["install", "--quiet", "--disable-pip-version-check", "--no-input", ...list],
        { cwd: dir, timeoutMs: 10 * 60_000 },
      );
      await writeFile(marker, text);
    },
    undefined,
    TOOL_WAIT_MS,
  );
  return bin;
}

/** The `openapi-python-client` command, in a virtual environment of its own. */
export async function ensureOpenApiPythonClient(): Promise<string> {
  const env = await ensurePythonEnv([`openapi-python-client==${OPENAPI_PYTHON_CLIENT_VERSION}`]);
  return join(env, "..", "openapi-python-client");
}

/** Writes a file whole or not at all (a reader never sees half of it). */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  await writeFile(`${path}.partial`, text);
  await rename(`${path}.partial`, path);
}
