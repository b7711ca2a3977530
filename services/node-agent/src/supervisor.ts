import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, open } from "node:fs/promises";
import { join } from "node:path";
import { AppError, type Logger } from "@kcp/shared";
import type { ClassDataArchives, ClassDataUse } from "./class-data.js";
import { writeFileAtomic } from "./files.js";
import type { Installation, Installations } from "./installations.js";
import { classpathOf, log4jOptions, nodeEnvironment } from "./jvm.js";
import { type NodeRecord, now } from "./node-record.js";
import type { Transition } from "./node-status.js";
import type { NodeStore } from "./node-store.js";
import { findNodeProcess, isNodeProcess, processStartTicks, startTimeOf, versionOf } from "./proc.js";
import { renderProperties } from "./properties.js";

/** Kafka's own default heap (kafka-server-start.sh) when the node's JVM options set none. */
const DEFAULT_HEAP = ["-Xms1G", "-Xmx1G"];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Exit = { code: number | null; signal: string | null };

export interface SupervisorOptions {
  store: NodeStore;
  installations: Installations;
  logger: Logger;
  java: string;
  /** The agent's logging configuration, for installations without their own (log4jOptions). */
  logConfig: string;
  /** The class-data archive a start maps, or dumps when its installation has none yet. */
  classData: ClassDataArchives;
}

/**
 * The nodes' Kafka processes: each started in its own process group (it outlives the agent and is adopted by the next
 * one), stopped with SIGTERM then SIGKILL, its exit recorded. A node that should run but does not is reported, never
 * restarted on the agent's own.
 */
export class ProcessSupervisor {
  private readonly children = new Map<number, { pid: number; exited: Promise<void> }>();
  private readonly transitions = new Map<number, Transition>();
  private watcher: NodeJS.Timeout | undefined;

  constructor(private readonly options: SupervisorOptions) {}

  private get store(): NodeStore {
    return this.options.store;
  }

  transitionOf(id: number): Transition | undefined {
    return this.transitions.get(id);
  }

  async isAlive(record: NodeRecord): Promise<boolean> {
    const p = record.process;
    return p !== null && (await isNodeProcess(p.pid, p.startTicks, this.store.paths(record.nodeId).properties));
  }

  /** At the agent's start: re-adopts the node's process if it still runs; reports it if it should run but does not. */
  async recover(record: NodeRecord): Promise<void> {
    if (record.process) {
      if (await this.isAlive(record)) {
        this.options.logger.info({ nodeId: record.nodeId, pid: record.process.pid }, "node process adopted");
        return;
      }
      // Recorded as exited; a warning follows below if it should run (unless found under another pid).
      record.process = null;
      record.lastExit = { code: null, signal: null, at: now() };
      await this.store.save(record);
    }
    if (await this.adoptUnrecorded(record)) return;
    if (record.desired === "running") this.warnNotRunning(record);
  }

  /** Checks every `intervalMs` whether processes the agent adopted (not its children) have exited. */
  watch(intervalMs: number): void {
    this.watcher = setInterval(() => void this.watchAdopted(), intervalMs);
    this.watcher.unref();
  }

  close(): void {
    if (this.watcher) clearInterval(this.watcher);
  }

  async start(record: NodeRecord): Promise<void> {
    const id = record.nodeId;
    if (await this.isAlive(record)) {
      if (record.desired !== "running") {
        record.desired = "running";
        await this.store.save(record);
      }
      return;
    }
    if (await this.adoptUnrecorded(record)) return;
    const installation = await this.options.installations.get(record.configuredVersion);
    if (!installation) {
      throw new AppError("invalid_request", `Version ${record.configuredVersion} is not installed on this agent`);
    }
    this.transitions.set(id, "starting");
    try {
      await this.launch(record, installation);
    } finally {
      this.transitions.delete(id);
    }
  }

  /** SIGTERM to the node's process group, up to `timeoutMs` for it to end, then SIGKILL. */
  async stop(record: NodeRecord, timeoutMs: number): Promise<void> {
    const id = record.nodeId;
    if (record.desired !== "stopped") {
      record.desired = "stopped";
      await this.store.save(record);
    }
    const p = record.process;
    if (!p) return;
    if (!(await this.isAlive(record))) {
      await this.noticeGone(record, p.pid);
      return;
    }
    this.transitions.set(id, "stopping");
    try {
      signalGroup(p.pid, "SIGTERM");
      this.options.logger.info({ nodeId: id, pid: p.pid }, "node stopping (SIGTERM)");
      let signal = "SIGTERM";
      if (!(await this.waitGone(record, p.pid, timeoutMs))) {
        this.options.logger.warn({ nodeId: id, pid: p.pid, timeoutMs }, "node did not stop in time: SIGKILL");
        signalGroup(p.pid, "SIGKILL");
        signal = "SIGKILL";
        await this.waitGone(record, p.pid, 30_000);
      }
      const child = this.children.get(id);
      if (child?.pid === p.pid) await child.exited;
      else await this.noticeGone(record, p.pid, signal);
      this.options.logger.info({ nodeId: id, pid: p.pid }, "node stopped");
    } finally {
      this.transitions.delete(id);
    }
  }

  private async launch(record: NodeRecord, installation: Installation): Promise<void> {
    const id = record.nodeId;
    const paths = this.store.paths(id);
    await mkdir(paths.logs, { recursive: true });
    await writeFileAtomic(paths.properties, renderProperties(record.config));
    const classData = await this.options.classData.forStart(installation);
    const child = await this.spawnKafka(record, installation.path, classData.args).catch(async (error: unknown) => {
      await classData.settle(undefined);
      throw error;
    });
    const pid = child.pid as number;
    // Listened to at once: the JVM may exit while the start is still being recorded.
    const exit = new Promise<Exit>((resolve) => {
      child.once("exit", (code, signal) => resolve({ code, signal }));
    });
    child.unref();
    const startTicks = await processStartTicks(pid);
    if (startTicks === undefined) {
      const { code, signal } = await exit;
      await classData.settle({ code, signal });
      record.lastExit = { code, signal, at: now() };
      await this.store.save(record);
      throw new AppError("internal", `The Kafka process of node ${id} exited at once; see its logs/stdout.log`);
    }
    record.process = { pid, startTicks, startedAt: now(), version: installation.version };
    record.desired = "running";
    this.children.set(id, { pid, exited: this.recordExit(record, pid, exit, classData) });
    await this.store.save(record);
    this.options.logger.info({ nodeId: id, pid, version: installation.version }, "node started");
  }

  private async spawnKafka(record: NodeRecord, installationPath: string, classData: string[]): Promise<ChildProcess> {
    const paths = this.store.paths(record.nodeId);
    const args = [
      ...(record.jvmOptions.some((o) => o.startsWith("-Xmx")) ? [] : DEFAULT_HEAP),
      ...log4jOptions(installationPath, this.options.logConfig),
      `-Dkafka.logs.dir=${paths.logs}`,
      ...classData,
      ...record.jvmOptions,
      "-cp",
      classpathOf(installationPath),
      "kafka.Kafka",
      paths.properties,
    ];
    const log = await open(join(paths.logs, "stdout.log"), "a");
    try {
      // Its own process group, not tied to the agent: the node outlives the agent and is adopted by the next one.
      const child = spawn(this.options.java, args, {
        cwd: paths.dir,
        env: nodeEnvironment(),
        stdio: ["ignore", log.fd, log.fd],
        detached: true,
      });
      await new Promise<void>((resolve, reject) => {
        child.once("spawn", resolve);
        child.once("error", reject);
      });
      return child;
    } finally {
      await log.close();
    }
  }

  private async recordExit(record: NodeRecord, pid: number, exit: Promise<Exit>, classData: ClassDataUse) {
    const id = record.nodeId;
    const { code, signal } = await exit;
    await classData.settle({ code, signal });
    if (this.children.get(id)?.pid === pid) this.children.delete(id);
    if (record.process?.pid !== pid) return;
    record.process = null;
    record.lastExit = { code, signal, at: now() };
    this.options.logger.info({ nodeId: id, pid, code, signal }, "node process exited");
    if (record.desired === "running") this.warnNotRunning(record);
    await this.store
      .save(record)
      .catch((error: unknown) => this.options.logger.error({ err: error }, "could not save node state"));
  }

  /** A JVM of the node that no record holds (the agent died before saving its pid): adopted, not started twice. */
  private async adoptUnrecorded(record: NodeRecord): Promise<boolean> {
    const found = await findNodeProcess(this.store.paths(record.nodeId).properties);
    if (!found) return false;
    record.process = {
      pid: found.pid,
      startTicks: found.startTicks,
      startedAt: ((await startTimeOf(found.startTicks)) ?? new Date()).toISOString(),
      version: (await versionOf(found.pid)) ?? record.configuredVersion,
    };
    record.desired = "running";
    await this.store.save(record);
    this.options.logger.warn({ nodeId: record.nodeId, pid: found.pid }, "unrecorded node process found and adopted");
    return true;
  }

  private async watchAdopted(): Promise<void> {
    for (const record of this.store.all()) {
      const p = record.process;
      if (!p || this.children.get(record.nodeId)?.pid === p.pid || this.transitions.has(record.nodeId)) continue;
      if (!(await this.isAlive(record))) await this.noticeGone(record, p.pid).catch(() => undefined);
    }
  }

  /** The recorded process is gone (found by a check, not by an exit event): its exit code is unknown. */
  private async noticeGone(record: NodeRecord, pid: number, signal: string | null = null): Promise<void> {
    if (record.process?.pid !== pid) return;
    record.process = null;
    record.lastExit = { code: null, signal, at: now() };
    await this.store.save(record);
    if (record.desired === "running") this.warnNotRunning(record);
  }

  private async waitGone(record: NodeRecord, pid: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    const props = this.store.paths(record.nodeId).properties;
    const ticks = record.process?.startTicks ?? "";
    while (Date.now() < deadline) {
      if (!(await isNodeProcess(pid, ticks, props))) return true;
      await sleep(100);
    }
    return !(await isNodeProcess(pid, ticks, props));
  }

  private warnNotRunning(record: NodeRecord): void {
    this.options.logger.warn(
      { nodeId: record.nodeId, lastExit: record.lastExit },
      "node should be running but its process is gone; not restarted (start it explicitly)",
    );
  }
}

/** To the process group (the JVM and anything it forked); to the process alone if it has no group of its own. */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}
