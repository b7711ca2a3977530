/**
 * The services bench/fleet runs, each in its own process from source as the separate-services test starts them
 * (`node --conditions=source --import tsx services/<name>/src/main.ts`, STORE=mongo QUEUE=bullmq, configured by
 * environment): collectors and one operations worker. Their output is kept: the collectors' "cluster collected"
 * lines say which cluster was collected when.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

const mainOf = (service: string) => fileURLToPath(new URL(`../../services/${service}/src/main.ts`, import.meta.url));

/** One "cluster collected" line of a collector. */
export interface Collected {
  clusterId: string;
  /** When the line was logged (the collection's end), ms. */
  at: number;
  /** The collection's wall time as the collector measured it, ms. */
  ms: number;
  status: string;
}

export interface ServiceProcess {
  name: string;
  child: ChildProcess;
  pid: number;
  url: string;
  collected: Collected[];
  /** The last lines it printed (for a failure's message). */
  tail(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
}

/** Every process started here and not yet stopped: killed on the way out whatever happens. */
export const running = new Set<ServiceProcess>();
// test-infra's signal handlers exit the process (its own children get SIGKILL): ours go with it.
process.once("exit", () => {
  for (const service of running) service.child.kill("SIGKILL");
});

/** Starts a service's main and waits for its "listening" line (30 s at most). */
export async function startService(
  service: "collector" | "operations-worker",
  name: string,
  env: Record<string, string>,
): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", mainOf(service)], {
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", LOG_FORMAT: "json", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = once(child, "exit");
  const collected: Collected[] = [];
  const lastLines: string[] = [];
  let partial = "";
  let resolveUrl: (url: string) => void = () => {};
  const listening = new Promise<string>((resolve) => {
    resolveUrl = resolve;
  });
  const onLine = (line: string) => {
    lastLines.push(line);
    if (lastLines.length > 40) lastLines.shift();
    if (!line.startsWith("{")) return;
    if (line.includes('"msg":"cluster collected"')) {
      const entry = JSON.parse(line) as { clusterId: string; time: string; ms: number; status: string };
      collected.push({ clusterId: entry.clusterId, at: Date.parse(entry.time), ms: entry.ms, status: entry.status });
    } else if (line.includes('"msg":"listening"')) resolveUrl((JSON.parse(line) as { url: string }).url);
  };
  child.stdout?.on("data", (chunk: Buffer) => {
    const text = partial + chunk.toString("utf8");
    const lines = text.split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) onLine(line);
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) lastLines.push(line);
  });
  const tail = () => lastLines.slice(-20).join("\n");
  const failed = exited.then(([code]) => {
    throw new Error(`${name} exited with ${code} before listening:\n${tail()}`);
  });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name}: no "listening" line within 30 s:\n${tail()}`)), 30_000);
  });
  const stop = async (graceMs = 15_000) => {
    running.delete(proc);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    await exited;
    clearTimeout(killer);
  };
  const proc: ServiceProcess = { name, child, pid: child.pid ?? 0, url: "", collected, tail, stop };
  running.add(proc);
  try {
    proc.url = await Promise.race([listening, failed, late]);
  } catch (error) {
    await stop(0);
    throw error;
  } finally {
    clearTimeout(timer);
    failed.catch(() => undefined);
  }
  return proc;
}
