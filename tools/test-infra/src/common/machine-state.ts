import { readdir, readFile } from "node:fs/promises";
import { cpus } from "node:os";
import { budgetHolders } from "./budget.js";

/** How many processes of the machine run a JVM (their command name is `java`). */
async function javaProcesses(): Promise<number> {
  const pids = (await readdir("/proc").catch(() => [])).filter((name) => /^\d+$/.test(name));
  const names = await Promise.all(pids.map((pid) => readFile(`/proc/${pid}/comm`, "utf8").catch(() => "")));
  return names.filter((name) => name.trim() === "java").length;
}

/**
 * What the machine was doing, on one line, for the message of a start that failed: the load averages against the
 * cores, how many JVMs ran and who held the test budget. A start that fails on a quiet machine is a bug; on a loaded
 * one, this says so.
 */
export async function describeMachine(): Promise<string> {
  const [loadavg, javas, budget] = await Promise.all([
    readFile("/proc/loadavg", "utf8").then(
      (text) => text.split(" ").slice(0, 3).join(" "),
      () => "unknown",
    ),
    javaProcesses(),
    budgetHolders().catch((error: unknown) => `unknown (${error instanceof Error ? error.message : String(error)})`),
  ]);
  return `the machine: load ${loadavg} (1, 5, 15 min) on ${cpus().length} cores, ${javas} java processes, budget: ${budget}`;
}

/** The error with what the machine was doing appended to its message (and its stack's first line). */
export async function withMachineState(error: unknown): Promise<unknown> {
  const state = await describeMachine().catch(() => "the machine: unknown");
  if (!(error instanceof Error)) return new Error(`${String(error)}\n${state}`);
  const before = error.message;
  error.message = `${before}\n${state}`;
  if (error.stack?.includes(before)) error.stack = error.stack.replace(before, error.message);
  return error;
}
