import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, utimes } from "node:fs/promises";
import { basename, join, relative } from "node:path";
import { promisify } from "node:util";
import { repoRoot } from "./paths.js";

const run = promisify(execFile);

/** esbuild, as the repository installs it. */
const ESBUILD = join(repoRoot, "node_modules", ".bin", "esbuild");

/**
 * Where bundles are kept: under the repository's node_modules, so that what a bundle leaves out (below) is found there
 * by Node's resolution from the bundle's own folder. Each bundle is a folder of this one, four levels below the
 * repository's root like the sources of a service (`services/<name>/src/<folder>/`): a path the code makes from its
 * own file (the web console's `apps/console/dist`) lands on the same place from the bundle.
 */
const BUNDLE_DIR = join(repoRoot, "node_modules", ".cache", "kcp-test-infra");

/** A bundle not used for this long is removed by the next build (one folder per version of the sources). */
const UNUSED_MS = 7 * 24 * 3600_000;

/**
 * A worker thread's entry that code starts from its own folder (`new URL("./thread-main.js", import.meta.url)`):
 * bundled beside every program's main, under the same name.
 */
const THREAD_ENTRIES = [join(repoRoot, "libs", "desired-state", "src", "thread-main.ts")];

/**
 * esbuild's arguments for the bundle of `entry` (with the worker threads' entries) written into `outdir`: one ES module
 * per entry, `<name>.mjs`, built from the TypeScript sources by the `source` condition, as under tsx.
 * `@platformatic/wasm-utils` stays outside: it reads its WebAssembly file next to itself.
 */
function bundleArgs(entry: string, outdir: string): string[] {
  return [
    entry,
    ...THREAD_ENTRIES,
    "--bundle",
    "--platform=node",
    "--format=esm",
    "--target=node22",
    "--conditions=source",
    "--external:@platformatic/wasm-utils",
    `--outdir=${outdir}`,
    "--entry-names=[name]",
    "--out-extension:.js=.mjs",
    "--log-level=error",
    // The CommonJS packages bundled (express, jsonwebtoken) call require: Node's, made for the bundle's folder.
    "--banner:js=import { createRequire as kcpCreateRequire } from 'node:module'; const require = kcpCreateRequire(import.meta.url);",
  ];
}

const bundles = new Map<string, Promise<string>>();

/**
 * The file to give `node` for a program's TypeScript entry point (`services/standalone/src/main.ts`, the node agent's,
 * the CLI's): its bundle, built by esbuild once per process and entry (1–3 s), kept in a folder named by its content
 * so that processes building the same sources share one. A process started from it loads one file instead of
 * compiling hundreds under tsx: the standalone service listens on about 0.9 CPU-seconds instead of 2.3, a node agent
 * on 0.7 instead of 1.7 (docs/testing.md).
 */
export function nodeBundle(entry: string): Promise<string> {
  let built = bundles.get(entry);
  if (!built) {
    built = build(entry);
    bundles.set(entry, built);
    built.catch(() => bundles.delete(entry));
  }
  return built;
}

async function build(entry: string): Promise<string> {
  await mkdir(BUNDLE_DIR, { recursive: true });
  const label = relative(repoRoot, entry)
    .replace(/\.ts$/, "")
    .replace(/[^A-Za-z0-9]+/g, "-");
  const building = join(BUNDLE_DIR, `${label}-${process.pid}-${Date.now()}.tmp`);
  try {
    await run(ESBUILD, bundleArgs(entry, building));
    const hash = createHash("sha256");
    for (const name of (await readdir(building)).sort()) hash.update(name).update(await readFile(join(building, name)));
    const folder = join(BUNDLE_DIR, `${label}-${hash.digest("hex").slice(0, 16)}`);
    // Another process may have made the same folder meanwhile: theirs is the same content.
    await rename(building, folder).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
      const now = new Date();
      await utimes(folder, now, now); // in use: not removed as unused
    });
    await removeUnused(label, folder);
    return join(folder, `${basename(entry, ".ts")}.mjs`);
  } finally {
    await rm(building, { recursive: true, force: true });
  }
}

async function removeUnused(label: string, keep: string): Promise<void> {
  for (const name of await readdir(BUNDLE_DIR).catch(() => [])) {
    const folder = join(BUNDLE_DIR, name);
    if (folder === keep || !name.startsWith(`${label}-`)) continue;
    const info = await stat(folder).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > UNUSED_MS) await rm(folder, { recursive: true, force: true });
  }
}
