import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { acquire, withBudget } from "../common/budget.js";
import { classData } from "./class-data.js";
import type { KafkaRuntime } from "./maven.js";
import { runInToolServer } from "./tool-server.js";

const run = promisify(execFile);

export interface JvmOptions {
  heapMb?: number;
  /** Extra JVM flags; `KCP_KAFKA_JVM_OPTS` (space-separated) is added to every Kafka JVM too. */
  flags?: string[];
  /** Extra -D properties. */
  properties?: Record<string, string>;
  /** The class path (default: the runtime's jars). */
  classpath?: string;
}

/**
 * JVM arguments for a small, quick-starting Kafka process: a small heap, the serial collector and only the C1 compiler
 * (on 2 cores a node is ready in about 4 s instead of 7 s, a 3c3b cluster in 12–27 s instead of 42 s; Kafka's
 * throughput in tests is bound by I/O, not the JIT), smaller thread stacks (a node runs ~100 threads), no perf data
 * file, and our log4j2 configuration.
 */
export function jvmArgs(runtime: KafkaRuntime, logsDir: string, options: JvmOptions = {}): string[] {
  const heap = options.heapMb ?? 384;
  const properties = {
    "log4j2.configurationFile": runtime.log4jConfig,
    "kafka.logs.dir": logsDir,
    "java.awt.headless": "true",
    ...options.properties,
  };
  return [
    `-Xms${Math.min(128, heap)}m`,
    `-Xmx${heap}m`,
    "-XX:+UseSerialGC",
    "-XX:TieredStopAtLevel=1",
    "-Xss512k",
    "-XX:-UsePerfData",
    "-XX:+ExitOnOutOfMemoryError",
    ...(options.flags ?? []),
    ...(process.env.KCP_KAFKA_JVM_OPTS ?? "").split(" ").filter((flag) => flag !== ""),
    ...Object.entries(properties).map(([key, value]) => `-D${key}=${value}`),
    "-cp",
    options.classpath ?? runtime.classpath,
  ];
}

/**
 * Runs a Kafka main class to completion (StorageTool, the command-line tools) and returns its stdout, in this process's
 * tool server of its Kafka version (`tool-server.ts`), or in a JVM of its own where there is none.
 */
export async function runKafkaTool(
  runtime: KafkaRuntime,
  mainClass: string,
  args: string[],
  logsDir: string,
): Promise<string> {
  const answer = await runInToolServer(runtime, mainClass, args);
  if (answer?.status === 0) return answer.stdout;
  if (answer) throw new Error(`${mainClass} ${args.join(" ")} failed: ${answer.stderr || answer.stdout}`);
  const shared = await classData(runtime, `tool-${mainClass}`);
  try {
    const jvm = [...shared.args, ...jvmArgs(runtime, logsDir, { heapMb: 256 })];
    const { stdout } = await withBudget("kafka-tool", `${mainClass.split(".").pop()} ${args[0] ?? ""}`.trim(), () =>
      run("java", [...jvm, mainClass, ...args], { maxBuffer: 256 * 1024 * 1024 }),
    );
    return stdout;
  } catch (error) {
    const { stdout, stderr, message } = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${mainClass} ${args.join(" ")} failed: ${stderr || stdout || message}`);
  } finally {
    await shared.settle();
  }
}

/** A Kafka main class running in a JVM of its own until it ends or is stopped. */
export interface RunningKafkaTool {
  /** Its stdout once it ended by itself ("" once stopped or failed). */
  finished: Promise<string>;
  /** Stops it and waits for its end. */
  stop(): Promise<void>;
}

/** How long a long-running tool counts as starting: a tool JVM's start takes 2–3 s of CPU on two cores. */
const TOOL_START_MS = 10_000;

/**
 * Starts a Kafka main class that runs until told to stop (a console consumer, the streams demo), in a JVM of its own.
 * Resolves once the JVM is started — after the machine's budget granted its start, so that a test waiting for what it
 * does waits from then — and holds the start's units until it printed something or for `TOOL_START_MS`.
 */
export async function startKafkaTool(
  runtime: KafkaRuntime,
  mainClass: string,
  args: string[],
  logsDir: string,
): Promise<RunningKafkaTool> {
  const shared = await classData(runtime, `tool-${mainClass}`);
  const jvm = [...shared.args, ...jvmArgs(runtime, logsDir, { heapMb: 256 })];
  const lease = await acquire("kafka-client-tool", `${mainClass.split(".").pop()}`);
  const stopping = new AbortController();
  const child = execFile("java", [...jvm, mainClass, ...args], {
    maxBuffer: 256 * 1024 * 1024,
    signal: stopping.signal,
  });
  const settle = () => void lease.started();
  const timer = setTimeout(settle, TOOL_START_MS);
  child.stdout?.once("data", settle);
  child.stderr?.once("data", settle);
  let stdout = "";
  child.stdout?.on("data", (chunk: string) => {
    stdout += chunk;
  });
  const finished = new Promise<string>((resolve) => {
    child.once("exit", (code) => resolve(code === 0 ? stdout : ""));
    child.on("error", () => resolve("")); // every error handled: an unhandled one would end the process
  }).finally(async () => {
    clearTimeout(timer);
    await lease.release();
    await shared.settle();
  });
  return {
    finished,
    async stop() {
      stopping.abort();
      await finished;
    },
  };
}
