import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, open, readdir, readFile } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import { promisify } from "node:util";
import { AppError, type Logger } from "@kcp/shared";
import { readJson, writeFileAtomic, writeJsonAtomic } from "./files.js";
import type { Installations } from "./installations.js";
import { findNodeProcess, isNodeProcess, processStartTicks, startTimeOf, versionOf } from "./proc.js";
import { dataDirs, parseSimpleProperties, redactConfig, renderProperties } from "./properties.js";

const run = promisify(execFile);

export type Role = "broker" | "controller";
/**
 * How a controller's storage is formatted (kafka-storage format): `standalone` (a one-voter dynamic quorum),
 * `initial-controllers` (the first voters of a dynamic quorum), `observer` (`--no-initial-controllers`: joins as an
 * observer, made a voter later by AddRaftVoter), `static` (a `controller.quorum.voters` quorum: no flag).
 */
export type ControllerMode = "standalone" | "initial-controllers" | "observer" | "static";

export interface ProvisionRequest {
  roles: Role[];
  clusterId: string;
  version: string;
  config: Record<string, string>;
  controllerMode?: ControllerMode | undefined;
  initialControllers?: string | undefined;
  jvmOptions?: string[] | undefined;
}

interface ProcessRecord {
  pid: number;
  /** /proc/<pid>/stat start time: tells the node's process from a later process that got the same pid. */
  startTicks: string;
  startedAt: string;
  version: string;
}

export interface LastExit {
  /** Null when the process was not the agent's child (adopted after a restart of the agent): its code is unknown. */
  code: number | null;
  signal: string | null;
  at: string;
}

/** What the agent keeps of a node, in `<state>/nodes/<id>/node.json`. */
interface NodeRecord {
  nodeId: number;
  roles: Role[];
  clusterId: string;
  configuredVersion: string;
  controllerMode: ControllerMode | null;
  jvmOptions: string[];
  config: Record<string, string>;
  provisionHash: string;
  provisionedAt: string;
  /** What the last command asked for: a node that should run but does not is reported, never restarted silently. */
  desired: "running" | "stopped";
  process: ProcessRecord | null;
  lastExit: LastExit | null;
  /** The latest restart ids (bounded), each with when the restart began. */
  restarts: { restartId: string; at: string }[];
}

export interface NodeStatus {
  nodeId: number;
  roles: Role[];
  clusterId: string;
  version: string;
  state: "running" | "stopped" | "starting" | "stopping";
  pid: number | null;
  startedAt: string | null;
  uptimeSeconds: number | null;
  lastExit: LastExit | null;
  configuredVersion: string;
  desiredState: "running" | "stopped";
  /** Set when the node should run (its last command was start or restart) but its process is gone. */
  problem: string | null;
}

const RESTART_IDS_KEPT = 100;
/** Kafka's own default heap (kafka-server-start.sh) when the node's JVM options set none. */
const DEFAULT_HEAP = ["-Xms1G", "-Xmx1G"];

const now = () => new Date().toISOString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface NodeManagerOptions {
  stateDir: string;
  installations: Installations;
  logger: Logger;
  java: string;
  defaultStopTimeoutMs: number;
  /** How often processes the agent adopted (not its children) are checked for having exited. */
  watchIntervalMs?: number;
}

/** The nodes the agent owns: their records, their processes, and the commands on them (one at a time per node). */
export class NodeManager {
  private readonly records = new Map<number, NodeRecord>();
  private readonly children = new Map<number, { pid: number; exited: Promise<void> }>();
  private readonly transient = new Map<number, "starting" | "stopping">();
  private readonly locks = new Map<number, Promise<unknown>>();
  private readonly nodesDir: string;
  private watcher: NodeJS.Timeout | undefined;

  constructor(private readonly options: NodeManagerOptions) {
    this.nodesDir = join(options.stateDir, "nodes");
  }

  /** Loads every node's record and re-adopts the processes still running; reports the ones that should but do not. */
  async init(): Promise<void> {
    await mkdir(this.nodesDir, { recursive: true });
    for (const name of await readdir(this.nodesDir)) {
      if (!/^\d+$/.test(name)) continue;
      const record = await readJson<NodeRecord>(join(this.nodesDir, name, "node.json"));
      if (!record) continue;
      this.records.set(record.nodeId, record);
      if (record.process) {
        if (await this.isAlive(record)) {
          this.options.logger.info({ nodeId: record.nodeId, pid: record.process.pid }, "node process adopted");
        } else {
          // Recorded as exited; a warning follows below if it should run (unless found under another pid).
          record.process = null;
          record.lastExit = { code: null, signal: null, at: now() };
          await this.save(record);
        }
      }
      if (!record.process && (await this.adoptUnrecorded(record))) continue;
      if (!record.process && record.desired === "running") this.warnNotRunning(record);
    }
    this.watcher = setInterval(() => void this.watchAdopted(), this.options.watchIntervalMs ?? 2000);
    this.watcher.unref();
  }

  /** A JVM of the node that no record holds (the agent died before saving its pid): adopted, not started twice. */
  private async adoptUnrecorded(record: NodeRecord): Promise<boolean> {
    const found = await findNodeProcess(this.propertiesPath(record.nodeId));
    if (!found) return false;
    record.process = {
      pid: found.pid,
      startTicks: found.startTicks,
      startedAt: ((await startTimeOf(found.startTicks)) ?? new Date()).toISOString(),
      version: (await versionOf(found.pid)) ?? record.configuredVersion,
    };
    record.desired = "running";
    await this.save(record);
    this.options.logger.warn({ nodeId: record.nodeId, pid: found.pid }, "unrecorded node process found and adopted");
    return true;
  }

  /** The agent stops; the nodes keep running (they are in their own process groups) and are adopted at next start. */
  close(): void {
    if (this.watcher) clearInterval(this.watcher);
  }

  private nodeDir = (id: number) => join(this.nodesDir, String(id));
  propertiesPath = (id: number) => join(this.nodeDir(id), "server.properties");
  private logsDir = (id: number) => join(this.nodeDir(id), "logs");

  private save(record: NodeRecord): Promise<void> {
    return writeJsonAtomic(join(this.nodeDir(record.nodeId), "node.json"), record);
  }

  /** Commands on one node run one after another. */
  private locked<T>(id: number, work: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(id) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.locks.set(id, settled);
    void settled.then(() => {
      if (this.locks.get(id) === settled) this.locks.delete(id);
    });
    return next;
  }

  private record(id: number): NodeRecord {
    const record = this.records.get(id);
    if (!record) throw new AppError("not_found", `The agent does not own node ${id}`);
    return record;
  }

  private async isAlive(record: NodeRecord): Promise<boolean> {
    const p = record.process;
    return p !== null && (await isNodeProcess(p.pid, p.startTicks, this.propertiesPath(record.nodeId)));
  }

  private warnNotRunning(record: NodeRecord): void {
    this.options.logger.warn(
      { nodeId: record.nodeId, lastExit: record.lastExit },
      "node should be running but its process is gone; not restarted (start it explicitly)",
    );
  }

  /** The recorded process is gone (found by a check, not by an exit event): its exit code is unknown. */
  private async noticeGone(record: NodeRecord, pid: number, signal: string | null = null): Promise<void> {
    if (record.process?.pid !== pid) return;
    record.process = null;
    record.lastExit = { code: null, signal, at: now() };
    await this.save(record);
    if (record.desired === "running") this.warnNotRunning(record);
  }

  private async watchAdopted(): Promise<void> {
    for (const record of this.records.values()) {
      const p = record.process;
      if (!p || this.children.get(record.nodeId)?.pid === p.pid || this.transient.has(record.nodeId)) continue;
      if (!(await this.isAlive(record))) await this.noticeGone(record, p.pid).catch(() => undefined);
    }
  }

  async status(id: number): Promise<NodeStatus> {
    const record = this.record(id);
    const alive = await this.isAlive(record);
    const p = alive ? record.process : null;
    const state = this.transient.get(id) ?? (alive ? "running" : "stopped");
    const problem =
      !alive && record.desired === "running" && state === "stopped"
        ? `node ${id} should be running but its process is gone${record.lastExit ? ` (since ${record.lastExit.at})` : ""}; the agent does not restart it on its own`
        : null;
    return {
      nodeId: id,
      roles: record.roles,
      clusterId: record.clusterId,
      version: p?.version ?? record.configuredVersion,
      state,
      pid: p?.pid ?? null,
      startedAt: p?.startedAt ?? null,
      uptimeSeconds: p ? Math.max(0, Math.floor((Date.now() - Date.parse(p.startedAt)) / 1000)) : null,
      lastExit: record.lastExit,
      configuredVersion: record.configuredVersion,
      desiredState: record.desired,
      problem,
    };
  }

  async list(): Promise<NodeStatus[]> {
    const ids = [...this.records.keys()].sort((a, b) => a - b);
    return Promise.all(ids.map((id) => this.status(id)));
  }

  start(id: number): Promise<NodeStatus> {
    return this.locked(id, async () => {
      await this.doStart(this.record(id));
      return this.status(id);
    });
  }

  stop(id: number, timeoutMs?: number): Promise<NodeStatus> {
    return this.locked(id, async () => {
      await this.doStop(this.record(id), timeoutMs ?? this.options.defaultStopTimeoutMs);
      return this.status(id);
    });
  }

  /** The same restartId twice restarts once: a repeated id whose restart finished answers the status. */
  restart(id: number, restartId: string, timeoutMs?: number): Promise<NodeStatus> {
    return this.locked(id, async () => {
      const record = this.record(id);
      const seen = record.restarts.find((r) => r.restartId === restartId);
      if (seen) {
        const p = record.process;
        const done = p !== null && p.startedAt >= seen.at && (await this.isAlive(record));
        if (!done) {
          // The agent died in the middle of this restart: finish it.
          await this.doStop(record, timeoutMs ?? this.options.defaultStopTimeoutMs);
          await this.doStart(record);
        }
        return this.status(id);
      }
      record.restarts = [...record.restarts, { restartId, at: now() }].slice(-RESTART_IDS_KEPT);
      await this.save(record);
      await this.doStop(record, timeoutMs ?? this.options.defaultStopTimeoutMs);
      await this.doStart(record);
      return this.status(id);
    });
  }

  private async doStart(record: NodeRecord): Promise<void> {
    const id = record.nodeId;
    if (await this.isAlive(record)) {
      if (record.desired !== "running") {
        record.desired = "running";
        await this.save(record);
      }
      return;
    }
    if (await this.adoptUnrecorded(record)) return;
    const installation = await this.options.installations.get(record.configuredVersion);
    if (!installation) {
      throw new AppError("invalid_request", `Version ${record.configuredVersion} is not installed on this agent`);
    }
    this.transient.set(id, "starting");
    try {
      await mkdir(this.logsDir(id), { recursive: true });
      await writeFileAtomic(this.propertiesPath(id), renderProperties(record.config));
      const args = [
        ...(record.jvmOptions.some((o) => o.startsWith("-Xmx")) ? [] : DEFAULT_HEAP),
        ...log4jOptions(installation.path),
        `-Dkafka.logs.dir=${this.logsDir(id)}`,
        ...record.jvmOptions,
        "-cp",
        join(installation.path, "libs", "*"),
        "kafka.Kafka",
        this.propertiesPath(id),
      ];
      const log = await open(join(this.logsDir(id), "stdout.log"), "a");
      let child: ChildProcess;
      try {
        // Its own process group, not tied to the agent: the node outlives the agent and is adopted by the next one.
        child = spawn(this.options.java, args, {
          cwd: this.nodeDir(id),
          env: nodeEnvironment(),
          stdio: ["ignore", log.fd, log.fd],
          detached: true,
        });
        await new Promise<void>((resolve, reject) => {
          child.once("spawn", resolve);
          child.once("error", reject);
        });
      } finally {
        await log.close();
      }
      const pid = child.pid as number;
      // Listened to at once: the JVM may exit while the start is still being recorded.
      const exit = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
        child.once("exit", (code, signal) => resolve({ code, signal }));
      });
      child.unref();
      const startTicks = await processStartTicks(pid);
      if (startTicks === undefined) {
        const { code, signal } = await exit;
        record.lastExit = { code, signal, at: now() };
        await this.save(record);
        throw new AppError("internal", `The Kafka process of node ${id} exited at once; see its logs/stdout.log`);
      }
      record.process = { pid, startTicks, startedAt: now(), version: installation.version };
      record.desired = "running";
      const exited = exit.then(async ({ code, signal }) => {
        if (this.children.get(id)?.pid === pid) this.children.delete(id);
        if (record.process?.pid !== pid) return;
        record.process = null;
        record.lastExit = { code, signal, at: now() };
        this.options.logger.info({ nodeId: id, pid, code, signal }, "node process exited");
        if (record.desired === "running") this.warnNotRunning(record);
        await this.save(record).catch((error: unknown) =>
          this.options.logger.error({ err: error }, "could not save node state"),
        );
      });
      this.children.set(id, { pid, exited });
      await this.save(record);
      this.options.logger.info({ nodeId: id, pid, version: installation.version }, "node started");
    } finally {
      this.transient.delete(id);
    }
  }

  /** SIGTERM to the node's process group, up to `timeoutMs` for it to end, then SIGKILL. */
  private async doStop(record: NodeRecord, timeoutMs: number): Promise<void> {
    const id = record.nodeId;
    if (record.desired !== "stopped") {
      record.desired = "stopped";
      await this.save(record);
    }
    const p = record.process;
    if (!p) return;
    if (!(await this.isAlive(record))) {
      await this.noticeGone(record, p.pid);
      return;
    }
    this.transient.set(id, "stopping");
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
      this.transient.delete(id);
    }
  }

  private async waitGone(record: NodeRecord, pid: number, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    const props = this.propertiesPath(record.nodeId);
    const ticks = record.process?.startTicks ?? "";
    while (Date.now() < deadline) {
      if (!(await isNodeProcess(pid, ticks, props))) return true;
      await sleep(100);
    }
    return !(await isNodeProcess(pid, ticks, props));
  }

  setVersion(id: number, version: string): Promise<NodeStatus> {
    return this.locked(id, async () => {
      const record = this.record(id);
      if (!(await this.options.installations.get(version))) {
        throw new AppError("invalid_request", `Version ${version} is not installed on this agent`);
      }
      if (record.configuredVersion !== version) {
        record.configuredVersion = version;
        await this.save(record);
      }
      return this.status(id);
    });
  }

  patchConfig(id: number, set: Record<string, string>, remove: string[]): Promise<{ config: Record<string, string> }> {
    return this.locked(id, async () => {
      const record = this.record(id);
      for (const key of [...Object.keys(set), ...remove]) {
        if (key === "node.id" || key === "process.roles") {
          throw new AppError("invalid_request", `${key} is set by provisioning and cannot be changed`);
        }
      }
      const config = { ...record.config, ...set };
      for (const key of remove) delete config[key];
      record.config = config;
      await writeFileAtomic(this.propertiesPath(id), renderProperties(config));
      await this.save(record);
      return { config: redactConfig(config) };
    });
  }

  config(id: number): Record<string, string> {
    return redactConfig(this.record(id).config);
  }

  /**
   * Provisions a node: its server.properties, and its storage formatted by its own version with the cluster id. A data
   * folder that already holds `meta.properties` is never formatted again (it must be this node's, of this cluster); a
   * folder that holds files but no meta.properties is refused. The same request twice provisions once.
   */
  provision(id: number, request: ProvisionRequest): Promise<NodeStatus> {
    return this.locked(id, async () => {
      const hash = createHash("sha256").update(canonicalJson(request)).digest("hex");
      const existing = this.records.get(id);
      if (existing) {
        if (existing.provisionHash === hash) return this.status(id);
        throw new AppError("conflict", `Node ${id} is already provisioned, with another request`);
      }
      const installation = await this.options.installations.get(request.version);
      if (!installation) throw new AppError("invalid_request", `Version ${request.version} is not installed`);
      const controllerMode = controllerModeOf(request);
      const config = { ...request.config, "node.id": String(id), "process.roles": request.roles.join(",") };
      const dirs = dataDirs(config);
      if (dirs.length === 0) throw new AppError("invalid_request", "The config must name the data folders (log.dirs)");
      if (dirs.some((dir) => !isAbsolute(dir))) {
        throw new AppError("invalid_request", "The data folders (log.dirs, metadata.log.dir) must be absolute paths");
      }
      const toFormat: string[] = [];
      for (const dir of dirs) {
        const meta = await readMeta(dir);
        if (meta) {
          if (meta["cluster.id"] !== request.clusterId || meta["node.id"] !== String(id)) {
            throw new AppError("conflict", `The data folder ${dir} holds another node's or cluster's data`);
          }
        } else if (await holdsFiles(dir)) {
          throw new AppError("conflict", `The data folder ${dir} holds files but no meta.properties: not formatted`);
        } else toFormat.push(dir);
      }
      await mkdir(this.logsDir(id), { recursive: true });
      await writeFileAtomic(this.propertiesPath(id), renderProperties(config));
      if (toFormat.length > 0) {
        await this.format(id, installation.path, request, controllerMode, toFormat.length < dirs.length);
      }
      const record: NodeRecord = {
        nodeId: id,
        roles: request.roles,
        clusterId: request.clusterId,
        configuredVersion: request.version,
        controllerMode,
        jvmOptions: request.jvmOptions ?? [],
        config,
        provisionHash: hash,
        provisionedAt: now(),
        desired: "stopped",
        process: null,
        lastExit: null,
        restarts: [],
      };
      await this.save(record);
      this.records.set(id, record);
      this.options.logger.info({ nodeId: id, version: request.version, formatted: toFormat }, "node provisioned");
      return this.status(id);
    });
  }

  private async format(
    id: number,
    installationPath: string,
    request: ProvisionRequest,
    mode: ControllerMode | null,
    someFormatted: boolean,
  ): Promise<void> {
    const flags =
      mode === "standalone"
        ? ["--standalone"]
        : mode === "initial-controllers"
          ? ["--initial-controllers", request.initialControllers as string]
          : mode === "observer"
            ? ["--no-initial-controllers"]
            : [];
    const args = [
      "-Xmx256m",
      ...log4jOptions(installationPath),
      `-Dkafka.logs.dir=${this.logsDir(id)}`,
      "-cp",
      join(installationPath, "libs", "*"),
      "kafka.tools.StorageTool",
      "format",
      "-t",
      request.clusterId,
      "-c",
      this.propertiesPath(id),
      ...flags,
      ...(someFormatted ? ["--ignore-formatted"] : []),
    ];
    try {
      await run(this.options.java, args, { env: nodeEnvironment(), maxBuffer: 16 * 1024 * 1024 });
      this.options.logger.info({ nodeId: id, flags }, "storage formatted");
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      const detail = (stderr || stdout || "").trim().split("\n").slice(-3).join(" ").slice(0, 500);
      this.options.logger.error({ nodeId: id, detail }, "kafka-storage format failed");
      throw new AppError("invalid_request", `kafka-storage format failed: ${detail}`, { cause: error });
    }
  }
}

function controllerModeOf(request: ProvisionRequest): ControllerMode | null {
  if (!request.roles.includes("controller")) {
    if (request.controllerMode !== undefined) {
      throw new AppError("invalid_request", "controllerMode is for nodes with the controller role");
    }
    return null;
  }
  const mode =
    request.controllerMode ?? (request.config["controller.quorum.voters"] !== undefined ? "static" : "observer");
  if (mode === "initial-controllers" && !request.initialControllers) {
    throw new AppError("invalid_request", "controllerMode initial-controllers needs initialControllers");
  }
  return mode;
}

async function readMeta(dir: string): Promise<Record<string, string> | undefined> {
  try {
    return parseSimpleProperties(await readFile(join(dir, "meta.properties"), "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

async function holdsFiles(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).some((name) => name !== "lost+found");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/** The installation's own logging configuration where it has one (a release tarball's `config/`). */
function log4jOptions(installationPath: string): string[] {
  const log4j2 = join(installationPath, "config", "log4j2.yaml");
  if (existsSync(log4j2)) return [`-Dlog4j2.configurationFile=${log4j2}`];
  const log4j = join(installationPath, "config", "log4j.properties");
  if (existsSync(log4j)) return [`-Dlog4j.configuration=file:${log4j}`];
  return [];
}

/** The agent's environment without its own variables (the nodes have no use for them). */
function nodeEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("AGENT_")));
}

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

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
