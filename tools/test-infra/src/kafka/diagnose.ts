import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { apiVersionsV3, Connection } from "@platformatic/kafka";
import { tail } from "../common/index.js";
import type { KafkaNode } from "./node.js";
import { isAlive } from "./registry.js";
import { hostPort } from "./spec.js";

const run = promisify(execFile);

/** CPU time (user + system) of a process in clock ticks (1/100 s), or undefined when it is gone. */
async function cpuTicks(pid: number): Promise<number | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => undefined);
  const fields = stat?.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields ? Number(fields[11]) + Number(fields[12]) : undefined;
}

/** Whether the node's PLAINTEXT listener answers ApiVersions within 3 s; undefined for a node without one. */
async function answers(node: KafkaNode): Promise<string | undefined> {
  const listener = node.spec.listeners.find((l) => l.name === "PLAINTEXT");
  if (!listener) return undefined;
  const connection = new Connection("kcp-diagnose", { connectTimeout: 3000, requestTimeout: 3000 });
  try {
    const [host = "127.0.0.1", port = "0"] = hostPort(listener.port).split(":");
    await connection.connect(host, Number(port));
    await apiVersionsV3.api.async(connection, "kcp-diagnose", "0");
    return "answers ApiVersions";
  } catch (error) {
    return `does not answer ApiVersions (${(error as Error).message.slice(0, 120)})`;
  } finally {
    await connection.close().catch(() => undefined);
  }
}

/**
 * What a JVM that is alive but silent is doing: its heap and, from a thread dump, the threads blocked on a lock and
 * any deadlock the JVM found (jcmd attaches by pid; nothing is printed when it cannot).
 */
async function stuckJvm(pid: number): Promise<string[]> {
  const jcmd = async (command: string) =>
    (await run("jcmd", [String(pid), command], { timeout: 10_000, maxBuffer: 16 * 1024 * 1024 }).catch(() => undefined))
      ?.stdout ?? "";
  const heap = (await jcmd("GC.heap_info"))
    .split("\n")
    .filter((line) => /generation|space|Metaspace/.test(line))
    .slice(0, 6);
  const dump = await jcmd("Thread.print");
  const blocks = dump.split("\n\n");
  const blocked = blocks.filter((b) => /java.lang.Thread.State: BLOCKED/.test(b));
  const deadlock = dump.indexOf("Found one Java-level deadlock");
  return [
    ...heap.map((line) => `heap: ${line.trim()}`),
    `threads: ${blocks.filter((b) => b.startsWith('"')).length}, blocked on a lock: ${blocked.length}`,
    ...blocked.slice(0, 6).flatMap((b) => b.split("\n").slice(0, 5)),
    ...(deadlock >= 0 ? dump.slice(deadlock).split("\n").slice(0, 40) : []),
  ];
}

/**
 * A node as a failed test's reader needs it: its process alive or gone (with the CPU it used over the last second),
 * whether it answers; for a gone node the last lines of its log and stdout (an OutOfMemoryError, a crash), for an
 * alive one its log's last errors and last line, and for an alive broker that does not answer, its heap and blocked
 * threads.
 */
export async function diagnoseNode(node: KafkaNode): Promise<string[]> {
  const pid = await node.currentPid();
  const alive = pid !== undefined && isAlive(pid);
  const before = alive ? await cpuTicks(pid) : undefined;
  const answer = alive ? await answers(node) : undefined;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = alive ? await cpuTicks(pid) : undefined;
  const cpu = before !== undefined && after !== undefined ? `, ${after - before} % CPU` : "";
  const log = await tail(node.serverLog(), 256 * 1024);
  const head = `node ${node.id}: ${pid === undefined ? "no process" : `pid ${pid} ${alive ? "alive" : "gone"}${cpu}`}${answer ? `, ${answer}` : ""}; ${node.serverLog()}`;
  const shown = alive
    ? [...log.filter((line) => / (ERROR|FATAL) /.test(line)).slice(-8), ...log.slice(-1)]
    : [...log.slice(-30), ...(await tail(join(dirname(node.serverLog()), "stdout.log"), 16 * 1024)).slice(-10)];
  if (alive && answer?.startsWith("does not")) shown.push(...(await stuckJvm(pid)));
  return [`  ${head}`, ...shown.map((line) => `    ${line.slice(0, 400)}`)];
}
