import { execFile } from "node:child_process";
import { access, chmod, cp, mkdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { cacheDir, withFileLock } from "../common/index.js";

const run = promisify(execFile);

/** Prometheus' module as the Go module proxy serves it (v0.316.0 is Prometheus 3.x's promtool). */
export const PROMETHEUS_MODULE_VERSION = "v0.316.0";
const MODULE = "github.com/prometheus/prometheus";

const binaryPath = () => join(cacheDir, "promtool", PROMETHEUS_MODULE_VERSION, "promtool");

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** Whether promtool is already built in the cache (then Go is not needed for it). */
export function promtoolBuilt(): Promise<boolean> {
  return exists(binaryPath());
}

/**
 * Prometheus' promtool (rules checks and rule unit tests), built once into the cache from the Go module proxy: the
 * module is fetched with `go mod download` and its cmd/promtool built from a writable copy, as FerretDB is.
 */
export async function ensurePromtool(): Promise<string> {
  const target = binaryPath();
  if (await exists(target)) return target;
  await withFileLock(join(cacheDir, "locks", "promtool"), async () => {
    if (await exists(target)) return;
    process.stderr.write(`test-infra: building promtool ${PROMETHEUS_MODULE_VERSION} from the Go module proxy\n`);
    // The module's go.work names folders a module download leaves out: build with its go.mod alone.
    const env = { ...process.env, GOFLAGS: "-buildvcs=false", GOTOOLCHAIN: "local", GOWORK: "off" };
    const { stdout } = await run("go", ["mod", "download", "-json", `${MODULE}@${PROMETHEUS_MODULE_VERSION}`], { env });
    const moduleDir = (JSON.parse(stdout) as { Dir?: string }).Dir;
    if (!moduleDir) throw new Error(`go mod download did not return a folder for ${MODULE}`);
    const source = join(cacheDir, "promtool", `src-${PROMETHEUS_MODULE_VERSION}`);
    await rm(source, { recursive: true, force: true });
    await cp(moduleDir, source, { recursive: true });
    await run("chmod", ["-R", "u+w", source]);
    await mkdir(join(target, ".."), { recursive: true });
    await run("go", ["build", "-trimpath", "-o", `${target}.partial`, "./cmd/promtool"], {
      cwd: source,
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
    await chmod(`${target}.partial`, 0o755);
    await rename(`${target}.partial`, target);
    await rm(source, { recursive: true, force: true });
  });
  return target;
}

/** Runs promtool with `args` in `cwd`; answers its output, or throws it when promtool exits non-zero. */
export async function runPromtool(args: string[], cwd: string): Promise<string> {
  const binary = await ensurePromtool();
  try {
    const { stdout, stderr } = await run(binary, args, { cwd, maxBuffer: 16 * 1024 * 1024 });
    return `${stdout}${stderr}`;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`promtool ${args.join(" ")} failed:\n${failed.stdout ?? ""}${failed.stderr ?? failed.message}`);
  }
}
