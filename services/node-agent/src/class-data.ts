import { createHash } from "node:crypto";
import { mkdir, open, readdir, realpath, rename, rm, stat } from "node:fs/promises";
import { delimiter, join } from "node:path";
import type { Logger } from "@kcp/shared";
import type { Installation } from "./installations.js";

/**
 * Java's class-data sharing for the nodes' JVMs, made and named by the agent alone (a request's JVM options never name
 * an archive: the allow-list refuses `-XX:SharedArchiveFile`). Per installation and Java, the first node start dumps
 * the classes its JVM loaded into an archive when it exits (`-XX:ArchiveClassesAtExit`, Java 13+); once the agent saw
 * that JVM exit by itself, the dump becomes the archive, and every later start of that installation maps it
 * (`-XX:SharedArchiveFile`), loading and verifying fewer classes: a node's restart in a roll costs about a CPU-second
 * less. An archive the JVM cannot use (another Java build, other jars, other heap settings) is ignored by the JVM with
 * a warning in the node's stdout.log, and the node starts as without one.
 */

/** What a node start does with class data: map the archive, dump one at exit, or neither. */
export type ClassDataPlan =
  | { kind: "map"; archive: string }
  | { kind: "dump"; archive: string; dump: string }
  | { kind: "none" };

/** How a node's JVM ended, as the agent saw it. */
export interface JvmExit {
  code: number | null;
  signal: string | null;
}

/** An archive's file name: the installation (version and checksum) and the Java build it was dumped by. */
export function archiveName(installation: Installation, javaId: string): string {
  return `kafka-${installation.version}-${installation.sha512.slice(0, 16)}-${javaId}.jsa`;
}

/**
 * The plan of one start: an archive that exists is mapped; without one, the start that takes the claim dumps, and
 * the others (another node dumping already) do neither.
 */
export function planClassData(archive: string, archiveExists: boolean, claimed: boolean, dump: string): ClassDataPlan {
  if (archiveExists) return { kind: "map", archive };
  return claimed ? { kind: "dump", archive, dump } : { kind: "none" };
}

/** The JVM's options for a plan. */
export function classDataArgs(plan: ClassDataPlan): string[] {
  if (plan.kind === "map") return [`-XX:SharedArchiveFile=${plan.archive}`];
  if (plan.kind === "dump") return [`-XX:ArchiveClassesAtExit=${plan.dump}`];
  return [];
}

/**
 * Whether a dump becomes the archive: only when the JVM exited by itself (its own exit code, SIGTERM included, which
 * the JVM handles) and wrote something. A JVM killed by a signal may have died in the middle of writing it.
 */
export function keepsDump(exit: JvmExit | undefined, dumpBytes: number): boolean {
  return exit !== undefined && exit.signal === null && dumpBytes > 0;
}

/** The archives an agent keeps (the archives of installations and a Java it no longer has are not). */
export function archivesToKeep(names: readonly string[], installations: readonly Installation[], javaId: string) {
  const wanted = new Set(installations.map((i) => archiveName(i, javaId)));
  return names.filter((name) => wanted.has(name));
}

/** One start's class data: its JVM options, and what to do with a dump once the agent saw the JVM end. */
export interface ClassDataUse {
  args: string[];
  /** `exit` undefined: the JVM never ran (or its end was not seen). Never throws. */
  settle(exit: JvmExit | undefined): Promise<void>;
}

const NOTHING: ClassDataUse = { args: [], settle: async () => undefined };

/**
 * How many dumps of one archive an agent tries while it runs: a dump costs its JVM's exit a few CPU-seconds, and one
 * dropped (its JVM killed, say after a stop's timeout on a loaded host) may well be dropped again.
 */
export const DUMP_ATTEMPTS = 2;

export interface ClassDataOptions {
  stateDir: string;
  /** The java command the nodes run with (AGENT_JAVA). */
  java: string;
  /** AGENT_CLASS_DATA: false, no archive is made or used and the folder is removed. */
  enabled: boolean;
  logger: Logger;
}

/**
 * The agent's archives, in `<state>/class-data/` (a folder of its own, never a path a request chose): one per
 * installation and Java build (`archiveName`). A dump in progress is `<archive>.<agent pid>.<time>.tmp`, claimed by
 * `<archive>.claim` (created exclusively: of two nodes of an installation starting at once, one dumps).
 */
export class ClassDataArchives {
  readonly dir: string;
  private readonly dumps = new Map<string, number>();

  constructor(private readonly options: ClassDataOptions) {
    this.dir = join(options.stateDir, "class-data");
  }

  /**
   * At the agent's start: drops the dumps and claims a previous agent left (it cannot see their JVMs end), and the
   * archives of installations no longer installed or of another Java build.
   */
  async init(installations: readonly Installation[]): Promise<void> {
    if (!this.options.enabled) {
      await rm(this.dir, { recursive: true, force: true });
      return;
    }
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const names = await readdir(this.dir);
    const keep = new Set(archivesToKeep(names, installations, await this.javaId()));
    for (const name of names) {
      if (!keep.has(name)) await rm(join(this.dir, name), { recursive: true, force: true });
    }
  }

  /** The class data of a node start of `installation`. */
  async forStart(installation: Installation): Promise<ClassDataUse> {
    if (!this.options.enabled) return NOTHING;
    try {
      const archive = join(this.dir, archiveName(installation, await this.javaId()));
      const exists = (await stat(archive).catch(() => undefined)) !== undefined;
      const claim = `${archive}.claim`;
      const dump = `${archive}.${process.pid}.${Date.now()}.tmp`;
      const mayDump = !exists && (this.dumps.get(archive) ?? 0) < DUMP_ATTEMPTS;
      const plan = planClassData(archive, exists, mayDump && (await this.takeClaim(claim, dump)), dump);
      if (plan.kind !== "dump") return { args: classDataArgs(plan), settle: NOTHING.settle };
      this.dumps.set(archive, (this.dumps.get(archive) ?? 0) + 1);
      return { args: classDataArgs(plan), settle: (exit) => this.settleDump(plan, claim, exit) };
    } catch (error) {
      this.options.logger.warn({ err: error, version: installation.version }, "class data unavailable for this start");
      return NOTHING;
    }
  }

  private async settleDump(plan: ClassDataPlan & { kind: "dump" }, claim: string, exit: JvmExit | undefined) {
    try {
      const bytes = (await stat(plan.dump).catch(() => undefined))?.size ?? 0;
      if (keepsDump(exit, bytes)) {
        await rename(plan.dump, plan.archive);
        this.options.logger.info({ archive: plan.archive, bytes }, "class-data archive made");
      } else await rm(plan.dump, { force: true });
    } catch (error) {
      this.options.logger.warn({ err: error, archive: plan.archive }, "class-data dump dropped");
      await rm(plan.dump, { force: true }).catch(() => undefined);
    } finally {
      await rm(claim, { force: true }).catch(() => undefined);
    }
  }

  /** Creates the claim exclusively, naming the dump; false when another start holds it. */
  private async takeClaim(claim: string, dump: string): Promise<boolean> {
    try {
      const file = await open(claim, "wx", 0o600);
      await file.writeFile(`${dump}\n`);
      await file.close();
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw error;
    }
  }

  /** A short fingerprint of the Java build the nodes run with: its real file, size and modification time. */
  private async javaId(): Promise<string> {
    const java = this.options.java;
    const candidates = java.includes("/")
      ? [java]
      : (process.env.PATH ?? "").split(delimiter).map((dir) => join(dir, java));
    let identity = `unresolved:${java}`;
    for (const candidate of candidates) {
      try {
        const real = await realpath(candidate);
        const info = await stat(real);
        if (!info.isFile()) continue;
        identity = `${real}:${info.size}:${info.mtimeMs}`;
        break;
      } catch {
        // not here
      }
    }
    return createHash("sha256").update(identity).digest("hex").slice(0, 12);
  }
}
