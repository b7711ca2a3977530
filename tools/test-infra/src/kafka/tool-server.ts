import { type ChildProcessWithoutNullStreams, execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import { acquire, withBudget } from "../common/budget.js";
import { fileExists } from "../common/go-build.js";
import { withFileLock } from "../common/lock.js";
import { cacheDir, makeRunDir, repoRoot } from "../common/paths.js";
import { jvmArgs } from "./java.js";
import type { KafkaRuntime } from "./maven.js";

const run = promisify(execFile);

/**
 * Kafka's command-line tools, run in one JVM per Kafka version and test process (`java/KafkaToolServer.java`) instead
 * of a JVM per call: a run calls kafka-topics, kafka-configs, kafka-storage format … about 400 times, and each JVM's
 * start cost about 1 CPU-second on two cores. The tool is the same main class on the same class path, given the same
 * arguments; what it prints on stdout and stderr is its own, and its exit status is the one it asked Kafka's `Exit` for.
 */
const SOURCE = join(repoRoot, "tools", "test-infra", "java", "KafkaToolServer.java");

/** The answer of one tool's run. */
export interface ToolRun {
  status: number;
  stdout: string;
  stderr: string;
}

interface Server {
  child: ChildProcessWithoutNullStreams;
  pending: Map<number, { resolve: (run: ToolRun | undefined) => void }>;
  alive: boolean;
}

/** The server keeps this process alive while it owes answers, never when idle (it ends when this process does). */
function hold(server: Server, held: boolean): void {
  const handles = [server.child, server.child.stdout] as unknown as { ref(): void; unref(): void }[];
  for (const handle of handles) held ? handle.ref() : handle.unref();
}

/** The compiled server, once per machine and source (javac, about 1 s): the folder its class is in. */
async function compiled(): Promise<string> {
  const source = await readFile(SOURCE);
  const dir = join(cacheDir, "kafka-tool-server", createHash("sha256").update(source).digest("hex").slice(0, 16));
  const done = join(dir, "KafkaToolServer.class");
  if (await fileExists(done)) return dir;
  return withFileLock("kafka-tool-server", async () => {
    if (await fileExists(done)) return dir;
    // Compiled aside, then moved in whole: an interrupted javac leaves no half folder.
    const building = `${dir}.building`;
    await rm(building, { recursive: true, force: true });
    await mkdir(building, { recursive: true });
    await withBudget("build", "javac KafkaToolServer", () => run("javac", ["-d", building, SOURCE]));
    await rename(building, dir);
    return dir;
  });
}

const servers = new Map<string, Promise<Server>>();
let nextId = 1;

async function startServer(runtime: KafkaRuntime): Promise<Server> {
  const classes = await compiled();
  const logs = await makeRunDir(`kafka-tool-server-${runtime.version}`);
  const jvm = jvmArgs(runtime, logs, {
    heapMb: 256,
    classpath: `${classes}:${runtime.classpath}`,
    // A tool's System.exit ends the tool, not the server (a security manager: Java 17 allows one when asked).
    properties: { "java.security.manager": "allow" },
  });
  const lease = await acquire("kafka-tool", `tool server ${runtime.version}`);
  const child = spawn("java", [...jvm, "KafkaToolServer"], { stdio: ["pipe", "pipe", "pipe"] });
  const server: Server = { child, pending: new Map(), alive: true };
  child.stderr.pipe(createWriteStream(join(logs, "server.stderr.log")));
  const lines = createInterface({ input: child.stdout });
  const ready = new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) =>
      reject(new Error(`the Kafka tool server exited (${code}) before it was ready; see ${logs}`)),
    );
    lines.on("line", (line) => {
      if (line === "ready") return resolve();
      const [id, status, stdout, stderr] = line.split("\t");
      const waiting = server.pending.get(Number(id));
      if (!waiting) return;
      server.pending.delete(Number(id));
      const text = (field = "") => Buffer.from(field, "base64").toString("utf8");
      waiting.resolve({ status: Number(status), stdout: text(stdout), stderr: text(stderr) });
    });
  });
  // A write to a server that has just ended fails (EPIPE): its exit answers what it owed, so the error is not thrown.
  child.on("error", () => undefined);
  child.stdin.on("error", () => undefined);
  child.once("exit", () => {
    server.alive = false;
    for (const waiting of server.pending.values()) waiting.resolve(undefined);
    server.pending.clear();
  });
  for (const stream of [child.stdin, child.stderr]) (stream as unknown as { unref(): void }).unref();
  try {
    await ready; // held meanwhile: a script whose only work is this start must not end while it waits
  } finally {
    await lease.release();
  }
  hold(server, false);
  return server;
}

/** Set once a server could not start in this process (no javac, say): every tool then runs in a JVM of its own. */
let unavailable = false;

/**
 * Runs `mainClass` with `args` in this process's tool server of the runtime's Kafka version (started on first use).
 * Undefined when there is no server: the caller then runs the tool in a JVM of its own. A server that ends while it
 * runs the tool is an error (running the tool again could do twice what it did once); the next call starts another.
 */
export async function runInToolServer(
  runtime: KafkaRuntime,
  mainClass: string,
  args: string[],
): Promise<ToolRun | undefined> {
  if (unavailable || process.env.KCP_KAFKA_TOOL_SERVER === "off") return undefined;
  let starting = servers.get(runtime.classpath);
  if (!starting) {
    starting = startServer(runtime);
    servers.set(runtime.classpath, starting);
  }
  let server: Server;
  try {
    server = await starting;
  } catch (error) {
    servers.delete(runtime.classpath);
    unavailable = true;
    process.stderr.write(
      `test-infra: no Kafka tool server (${(error as Error).message}): each tool runs in a JVM of its own\n`,
    );
    return undefined;
  }
  if (!server.alive) {
    if (servers.get(runtime.classpath) === starting) servers.delete(runtime.classpath);
    return runInToolServer(runtime, mainClass, args);
  }
  const id = nextId++;
  const encode = (text: string) => Buffer.from(text, "utf8").toString("base64");
  const result = await withBudget("kafka-tool-call", `${mainClass.split(".").pop()} ${args[0] ?? ""}`.trim(), () => {
    const answer = new Promise<ToolRun | undefined>((resolve) => server.pending.set(id, { resolve }));
    if (server.pending.size === 1) hold(server, true);
    server.child.stdin.write(`${[String(id), encode(mainClass), ...args.map(encode)].join("\t")}\n`);
    return answer;
  });
  if (server.pending.size === 0 && server.alive) hold(server, false);
  if (result) return result;
  if (servers.get(runtime.classpath) === starting) servers.delete(runtime.classpath);
  throw new Error(`the Kafka tool server ${runtime.version} ended while it ran ${mainClass} ${args.join(" ")}`);
}
