import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { cacheDir } from "../common/index.js";
import type { ClusterDescription } from "./cluster.js";

/** Clusters started by the CLI's `up` outlive it: their descriptions are kept here until `down`. */
const registryDir = () => join(cacheDir, "clusters");
const fileOf = (name: string) => join(registryDir(), `${name}.json`);

export async function saveCluster(description: ClusterDescription): Promise<void> {
  await mkdir(registryDir(), { recursive: true });
  await writeFile(fileOf(description.name), JSON.stringify(description, null, 2));
}

export async function loadCluster(name: string): Promise<ClusterDescription | undefined> {
  try {
    return JSON.parse(await readFile(fileOf(name), "utf8")) as ClusterDescription;
  } catch {
    return undefined;
  }
}

export async function listClusters(): Promise<ClusterDescription[]> {
  const files = await readdir(registryDir()).catch(() => [] as string[]);
  const names = files.filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -".json".length));
  const loaded = await Promise.all(names.map(loadCluster));
  return loaded.filter((c): c is ClusterDescription => c !== undefined);
}

export async function forgetCluster(name: string): Promise<void> {
  await rm(fileOf(name), { force: true });
}

export function isAlive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function terminate(pids: number[], timeoutMs: number): Promise<void> {
  for (const pid of pids) if (isAlive(pid)) process.kill(pid, "SIGTERM");
  const deadline = Date.now() + timeoutMs;
  while (pids.some(isAlive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  for (const pid of pids) if (isAlive(pid)) process.kill(pid, "SIGKILL");
}

/**
 * SIGTERM to the brokers, then to the controllers (a broker's controlled shutdown needs the controllers: stopped
 * together, brokers hang until the timeout); SIGKILL to any still alive after `timeoutMs`. Removes the folder.
 */
export async function stopProcesses(description: ClusterDescription, timeoutMs = 30_000): Promise<void> {
  const pidsOf = (brokers: boolean) =>
    description.nodes
      .filter((n) => n.roles.includes("broker") === brokers)
      .flatMap((n) => (n.pid === undefined ? [] : [n.pid]));
  await terminate(pidsOf(true), timeoutMs);
  await terminate(pidsOf(false), timeoutMs);
  await rm(description.dir, { recursive: true, force: true });
}
