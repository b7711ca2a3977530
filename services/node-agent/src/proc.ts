import { readFile } from "node:fs/promises";

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
