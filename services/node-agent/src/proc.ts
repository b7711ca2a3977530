import { readdir, readFile } from "node:fs/promises";

/** What identifies a process across pid reuse: its start time in clock ticks since boot (/proc/<pid>/stat, field 22). */
export async function processStartTicks(pid: number): Promise<string | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const state = fields[0];
    if (state === "Z" || state === "X") return undefined; // a zombie has exited
    return fields[19];
  } catch {
    return undefined;
  }
}

export async function processCmdline(pid: number): Promise<string[] | undefined> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, "utf8")).split("\0").filter((arg) => arg !== "");
  } catch {
    return undefined;
  }
}

/**
 * Whether `pid` is still the node's process: alive, started at the recorded tick (not a reused pid), and a java
 * process whose arguments end with `kafka.Kafka <the node's server.properties>`.
 */
export async function isNodeProcess(pid: number, startTicks: string, propertiesPath: string): Promise<boolean> {
  if ((await processStartTicks(pid)) !== startTicks) return false;
  const args = await processCmdline(pid);
  if (!args) return false;
  const at = args.lastIndexOf("kafka.Kafka");
  return at >= 0 && args[at + 1] === propertiesPath;
}

/**
 * A running java process of the node found by its command line (`kafka.Kafka <server.properties>`), whatever its pid:
 * for a node whose start the agent did not get to record (it died between spawning the JVM and saving its pid).
 */
export async function findNodeProcess(
  propertiesPath: string,
): Promise<{ pid: number; startTicks: string } | undefined> {
  let entries: string[];
  try {
    entries = await readdir("/proc");
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const args = await processCmdline(pid);
    if (!args) continue;
    const at = args.lastIndexOf("kafka.Kafka");
    if (at < 0 || args[at + 1] !== propertiesPath) continue;
    const startTicks = await processStartTicks(pid);
    if (startTicks !== undefined) return { pid, startTicks };
  }
  return undefined;
}

/** When a process started, from its start ticks and the boot time (`btime` of /proc/stat; USER_HZ is 100 on Linux). */
export async function startTimeOf(startTicks: string): Promise<Date | undefined> {
  try {
    const btime = /^btime (\d+)$/m.exec(await readFile("/proc/stat", "utf8"))?.[1];
    return btime === undefined ? undefined : new Date((Number(btime) + Number(startTicks) / 100) * 1000);
  } catch {
    return undefined;
  }
}

/** The Kafka version a node's JVM runs, from its classpath (`…/installations/<version>/libs/*`). */
export async function versionOf(pid: number): Promise<string | undefined> {
  const args = (await processCmdline(pid)) ?? [];
  const classpath = args[args.indexOf("-cp") + 1] ?? "";
  return /installations\/([^/]+)\/libs\//.exec(classpath)?.[1];
}
