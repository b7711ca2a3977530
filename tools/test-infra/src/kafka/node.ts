import { readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { acquire, type Lease, listening, settleWhen } from "../common/budget.js";
import { type ManagedProcess, startProcess } from "../common/index.js";
import { classData } from "./class-data.js";
import { jvmArgs } from "./java.js";
import type { KafkaRuntime } from "./maven.js";
import type { NodeSpec } from "./spec.js";
import { logsDir, propertiesFile } from "./storage.js";

/** One Kafka JVM (broker, controller, or both) that can be stopped, killed and started again on the same ports. */
export class KafkaNode {
  private process: ManagedProcess | undefined;
  /** The node's units of the machine's budget, held while its JVM runs. */
  protected budgetLease: Lease | undefined;

  constructor(
    readonly spec: NodeSpec,
    private readonly runtime: KafkaRuntime,
    private readonly detached: boolean,
  ) {}

  get id(): number {
    return this.spec.id;
  }

  get pid(): number | undefined {
    return this.process?.pid;
  }

  isRunning(): boolean {
    return this.process !== undefined && !this.process.hasExited();
  }

  async start(): Promise<void> {
    if (this.isRunning()) return;
    const shared = await classData(this.runtime, "node", !this.detached);
    const lease = await this.takeBudget();
    const started = startProcess({
      command: "java",
      args: [
        ...shared.args,
        ...jvmArgs(this.runtime, logsDir(this.spec), { heapMb: this.heapMb() }),
        "kafka.Kafka",
        propertiesFile(this.spec),
      ],
      logFile: join(logsDir(this.spec), "stdout.log"),
      detached: this.detached,
    });
    const child = await started.catch(async (error: unknown) => {
      await this.releaseBudget();
      throw error;
    });
    this.process = child;
    this.settleBudget(() => child.hasExited());
    void child.exited.then(async () => {
      await shared.settle();
      if (this.budgetLease === lease) await this.releaseBudget();
    });
  }

  /** Takes the units of a starting Kafka node (waiting for them: common/budget.ts), unless this node holds them. */
  protected async takeBudget(): Promise<Lease> {
    this.budgetLease ??= await acquire("kafka-node", `Kafka node ${this.id} (${basename(dirname(this.spec.dir))})`);
    return this.budgetLease;
  }

  /** The node holds its running weight once its first listener accepts connections. */
  protected settleBudget(gone: () => boolean): void {
    const lease = this.budgetLease;
    const port = this.spec.listeners[0]?.port;
    if (lease && port !== undefined) settleWhen(lease, () => listening(port), gone);
  }

  /** Gives the node's units back (its JVM is gone, or its cluster is being removed). */
  async releaseBudget(): Promise<void> {
    const lease = this.budgetLease;
    this.budgetLease = undefined;
    await lease?.release();
  }

  /** A controller alone holds only the metadata: 256 MiB; a broker 384 MiB. */
  private heapMb(): number {
    return this.spec.roles.includes("broker") ? 384 : 256;
  }

  /** A clean shutdown (SIGTERM: controlled shutdown for a broker). */
  async stop(timeoutMs = 30_000): Promise<void> {
    await this.process?.stop(timeoutMs);
  }

  /** kill -9: the node vanishes as in a crash. */
  async kill(): Promise<void> {
    await this.process?.kill();
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** The pid of the node's JVM now (the agent asked, for a node an agent runs). */
  async currentPid(): Promise<number | undefined> {
    return this.pid;
  }

  /** The node's Kafka log (log4j's server.log). */
  serverLog(): string {
    return join(logsDir(this.spec), "server.log");
  }

  /** An error saying the node's JVM has exited, or undefined while it runs (or was never started). */
  exitError(): Error | undefined {
    return this.process?.hasExited()
      ? new NodeExitedError(
          `Kafka node ${this.id} exited; see ${this.serverLog()}: ${whyExited(this.serverLog(), join(logsDir(this.spec), "stdout.log"))}`,
        )
      : undefined;
  }
}

/**
 * Why a JVM exited, on one line, from its logs (kept in the message: a cluster that fails to start is removed with
 * its folder): the server log's last ERROR or FATAL lines, else the last lines of its standard output and error.
 */
export function whyExited(serverLog: string, stdoutLog: string): string {
  const last = (file: string): string[] => {
    try {
      const text = readFileSync(file, "utf8");
      return text
        .slice(-65_536)
        .split("\n")
        .filter((line) => line.trim() !== "");
    } catch {
      return [];
    }
  };
  const errors = last(serverLog).filter((line) => /\b(ERROR|FATAL)\b/.test(line));
  const lines = errors.length > 0 ? errors.slice(-3) : last(stdoutLog).slice(-5);
  return lines.length > 0 ? lines.map((line) => line.slice(0, 400)).join(" | ") : "(no log)";
}

/** A node's JVM exited while it was expected to run. */
export class NodeExitedError extends Error {
  override name = "NodeExitedError";
}
