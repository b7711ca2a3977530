import { execFile, spawn } from "node:child_process";
import { mkdir, rename } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { fileExists } from "../common/go-build.js";
import { cacheDir, repoRoot, withFileLock } from "../common/index.js";

const run = promisify(execFile);

/** tools/test-infra/go/promlint: a main over client_golang's promlint, pinned by its go.sum. */
const SOURCE = join(repoRoot, "tools", "test-infra", "go", "promlint");
const binaryPath = () => join(cacheDir, "promlint", "promlint");

/** Whether promlint is already built in the cache (then Go is not needed for it). */
export function promlintBuilt(): Promise<boolean> {
  return fileExists(binaryPath());
}

/**
 * The Prometheus metrics linter, built once into the cache from the Go module proxy (about 30 s cold). It is the
 * library `promtool check metrics` runs (client_golang's testutil/promlint), without promtool's hundreds of modules.
 */
export async function ensurePromlint(): Promise<string> {
  const target = binaryPath();
  if (await fileExists(target)) return target;
  await withFileLock(join(cacheDir, "locks", "promlint"), async () => {
    if (await fileExists(target)) return;
    process.stderr.write("test-infra: building promlint (promtool check metrics) from the Go module proxy\n");
    await mkdir(join(target, ".."), { recursive: true });
    await run("go", ["build", "-trimpath", "-o", `${target}.partial`, "."], {
      cwd: SOURCE,
      env: { ...process.env, GOFLAGS: "-buildvcs=false", GOTOOLCHAIN: "local" },
      maxBuffer: 64 * 1024 * 1024,
    });
    await rename(`${target}.partial`, target);
  });
  return target;
}

/** The problems promlint finds in a text exposition (`metric: text` lines); empty when it is clean. */
export async function lintMetrics(exposition: string): Promise<string[]> {
  const binary = await ensurePromlint();
  return new Promise((resolve, reject) => {
    const child = spawn(binary, [], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0 || code === 1) resolve(out.split("\n").filter(Boolean));
      else reject(new Error(`promlint exited ${code}: ${err.trim()}`));
    });
    child.stdin.end(exposition);
  });
}
