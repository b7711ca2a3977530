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

/** SIGTERM to every node (brokers first), SIGKILL to any still alive after `timeoutMs`. */
export async function stopProcesses(description: ClusterDescription, timeoutMs = 30_000): Promise<void> {
  const ordered = [...description.nodes]
    .sort((a, b) => Number(a.roles.includes("broker")) - Number(b.roles.includes("broker")))
    .reverse();
  for (const node of ordered) if (isAlive(node.pid)) process.kill(node.pid as number, "SIGTERM");
  const deadline = Date.now() + timeoutMs;
  while (ordered.some((n) => isAlive(n.pid)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  for (const node of ordered) if (isAlive(node.pid)) process.kill(node.pid as number, "SIGKILL");
  await rm(description.dir, { recursive: true, force: true });
}
