import { createHash } from "node:crypto";
import { closeSync, mkdirSync, openSync, realpathSync, statSync } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import { delimiter, dirname, join } from "node:path";
import { cacheDir } from "../common/paths.js";
import type { KafkaRuntime } from "./maven.js";

/**
 * Java's class-data sharing for the harness's Kafka JVMs. A test run starts hundreds of them (every node, every
 * `kafka-storage format`, every command-line tool), and on two cores each spends most of its start loading and
 * verifying the same classes. The first JVM of a kind (a node, a tool's main class) of a Kafka version on the machine dumps the
 * classes it loaded into an archive (`-XX:ArchiveClassesAtExit`, Java 13+) in the cache; every later one maps it
 * (`-XX:SharedArchiveFile`): measured here on 2 cores, a node's start took 1.6 CPU-seconds instead of 2.5 and a format
 * 0.5 instead of 0.9. An archive the JVM cannot use (another Java, another class path) is ignored by the JVM, which
 * then loads classes as before; its warnings go to stderr, never into a tool's stdout that a test reads. The node
 * agent's JVMs are not concerned: their options are the agent's own allow-list.
 */
/** A node (`kafka.Kafka`), or a tool by its main class: each loads its own classes, so each has its own archive. */
export type ClassDataKind = "node" | `tool-${string}`;

export interface ClassData {
  /** The JVM options: use the archive, or dump one, or nothing while another JVM is dumping it. */
  args: string[];
  /** After the JVM exited: a dump it made becomes the archive (or is dropped when it made none). */
  settle(): Promise<void>;
}

/** A short fingerprint of the `java` on PATH (its real file and modification time): an archive is per Java build. */
let javaFingerprint: string | undefined;
function fingerprint(): string {
  if (javaFingerprint !== undefined) return javaFingerprint;
  let identity = "unknown";
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    try {
      const real = realpathSync(join(dir, "java"));
      identity = `${real}:${statSync(real).mtimeMs}`;
      break;
    } catch {
      // not in this folder
    }
  }
  javaFingerprint = createHash("sha256").update(identity).digest("hex").slice(0, 12);
  return javaFingerprint;
}

/** How long a claim to dump an archive holds before another JVM may try (a run killed mid-dump leaves one). */
const CLAIM_STALE_MS = 10 * 60_000;

/** The warnings of the JVM's unified logging on stderr, not stdout (where a tool's output is read). */
const LOGGING_TO_STDERR = ["-Xlog:disable", "-Xlog:all=warning:stderr"];

/**
 * The class-data options of a JVM of `kind` for `runtime`. `mayDump` false (a JVM that outlives this process, whose exit
 * nobody here sees): it uses an archive that exists but never dumps one.
 */
export async function classData(runtime: KafkaRuntime, kind: ClassDataKind, mayDump = true): Promise<ClassData> {
  const archive = join(
    cacheDir,
    "class-data",
    `kafka-${runtime.version}-${kind}-${fingerprint()}.jsa`.replaceAll("$", "_"),
  );
  const done = async () => undefined;
  if (await stat(archive).catch(() => undefined))
    return { args: [...LOGGING_TO_STDERR, `-XX:SharedArchiveFile=${archive}`], settle: done };
  const claim = `${archive}.claim`;
  if (!mayDump || !takeClaim(claim)) return { args: LOGGING_TO_STDERR, settle: done };
  const dump = `${archive}.${process.pid}.${Date.now()}.tmp`;
  return {
    args: [...LOGGING_TO_STDERR, `-XX:ArchiveClassesAtExit=${dump}`],
    async settle() {
      const dumped = await stat(dump).catch(() => undefined);
      if (dumped && dumped.size > 0) await rename(dump, archive).catch(() => rm(dump, { force: true }));
      else await rm(dump, { force: true });
      await rm(claim, { force: true });
    },
  };
}

/** Creates the claim file exclusively (or takes over a stale one); false when another JVM holds it. */
function takeClaim(claim: string): boolean {
  mkdirSync(dirname(claim), { recursive: true });
  try {
    closeSync(openSync(claim, "wx"));
    return true;
  } catch {
    try {
      if (Date.now() - statSync(claim).mtimeMs < CLAIM_STALE_MS) return false;
      closeSync(openSync(claim, "w"));
      return true;
    } catch {
      return false;
    }
  }
}
