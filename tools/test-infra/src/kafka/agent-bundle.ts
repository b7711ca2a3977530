import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { repoRoot } from "../common/index.js";

const run = promisify(execFile);

/**
 * Where bundles are kept: under the repository's node_modules, so that what a bundle leaves out (below) is found there
 * by Node's resolution from the bundle's own folder.
 */
const BUNDLE_DIR = join(repoRoot, "node_modules", ".cache", "kcp-test-infra");

/** A bundle not used for this long is removed by the next build (one file per version of the agent's sources). */
const UNUSED_MS = 7 * 24 * 3600_000;

let bundle: Promise<string> | undefined;

/**
 * The node agent's sources (`services/node-agent/src/main.ts` and what it imports, by the `source` condition, as under
 * tsx) in one ES module built by esbuild, once per process: an agent started from it listens on 0.7 CPU-seconds
 * instead of 1.7 under tsx (bench:node-start, docs/testing.md). Named by its content, so processes building the same
 * sources share one file. `@platformatic/wasm-utils` stays outside: it reads its WebAssembly file next to itself.
 */
/** esbuild, as the repository installs it. */
export const ESBUILD = join(repoRoot, "node_modules", ".bin", "esbuild");

/** esbuild's arguments for the node agent's bundle written to `outfile` (also what bench:node-start times). */
export function agentBundleArgs(outfile: string): string[] {
  return [
    join(repoRoot, "services/node-agent/src/main.ts"),
    "--bundle",
    "--platform=node",
    "--format=esm",
    "--target=node22",
    "--conditions=source",
    "--external:@platformatic/wasm-utils",
    `--outfile=${outfile}`,
    "--log-level=error",
    // The CommonJS packages bundled (express, jsonwebtoken) call require: Node's, made for the bundle's folder.
    "--banner:js=import { createRequire as kcpCreateRequire } from 'node:module'; const require = kcpCreateRequire(import.meta.url);",
  ];
}

function agentBundle(): Promise<string> {
  bundle ??= (async () => {
    await mkdir(BUNDLE_DIR, { recursive: true });
    const building = join(BUNDLE_DIR, `node-agent-${process.pid}-${Date.now()}.tmp.mjs`);
    try {
      await run(ESBUILD, agentBundleArgs(building));
      const digest = createHash("sha256")
        .update(await readFile(building))
        .digest("hex")
        .slice(0, 16);
      const file = join(BUNDLE_DIR, `node-agent-${digest}.mjs`);
      await rename(building, file);
      await removeUnused(file);
      return file;
    } finally {
      await rm(building, { force: true });
    }
  })();
  return bundle;
}

async function removeUnused(keep: string): Promise<void> {
  for (const name of await readdir(BUNDLE_DIR).catch(() => [])) {
    const file = join(BUNDLE_DIR, name);
    if (file === keep || !name.startsWith("node-agent-")) continue;
    const info = await stat(file).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > UNUSED_MS) await rm(file, { force: true });
  }
}

/** The arguments of `node` that start a node agent. */
export async function agentNodeArgs(): Promise<string[]> {
  return [await agentBundle()];
}
