import { execFile } from "node:child_process";
import { mkdir } from "node:fs/promises";
import { promisify } from "node:util";
import { isBroker, type NodeSpec } from "./spec.js";

const run = promisify(execFile);

/**
 * Mounts a tmpfs of `bytes` on each log dir of every broker (root only): brokers whose disks fill apart, as on machines
 * of their own, where on one test machine every dir would report the same disk. Returns the mount points, for
 * `unmountVolumes`.
 */
export async function mountBrokerVolumes(nodes: readonly NodeSpec[], bytes: number): Promise<string[]> {
  const mounted: string[] = [];
  try {
    for (const node of nodes.filter(isBroker))
      for (const path of (node.properties["log.dirs"] ?? "").split(",").filter((p) => p.length > 0)) {
        await mkdir(path, { recursive: true });
        await run("mount", ["-t", "tmpfs", "-o", `size=${bytes},mode=0755`, "kcp-test-volume", path]);
        mounted.push(path);
      }
  } catch (error) {
    await unmountVolumes(mounted);
    throw new Error(`Could not mount a tmpfs per log dir (root is needed): ${(error as Error).message}`);
  }
  return mounted;
}

/** Unmounts what `mountBrokerVolumes` mounted (lazily: a process still holding a file does not keep it). */
export async function unmountVolumes(paths: readonly string[]): Promise<void> {
  await Promise.allSettled(paths.map((path) => run("umount", ["-l", path])));
}
