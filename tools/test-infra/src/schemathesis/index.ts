import { execFile, spawn } from "node:child_process";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { cacheDir, onPath, withFileLock } from "../common/index.js";

const run = promisify(execFile);

/** Schemathesis, the schema-driven API fuzzer, from PyPI (it needs Python 3.11 or newer). */
export const SCHEMATHESIS_VERSION = "4.32.5";

const venvDir = () => join(cacheDir, "schemathesis", SCHEMATHESIS_VERSION);
const marker = () => join(venvDir(), ".installed");
/**
 * What the marker holds: the version and the folder. A virtual environment is not relocatable (its scripts name its
 * Python by absolute path), so one moved with its cache is installed again rather than failing to start.
 */
const markerText = () => `${SCHEMATHESIS_VERSION} ${venvDir()}\n`;
const installed = async () => (await readFile(marker(), "utf8").catch(() => "")) === markerText();

/** `KCP_PYTHON`, else `python3` from PATH. */
function python(): string {
  return process.env.KCP_PYTHON ?? "python3";
}

async function install(dir: string): Promise<void> {
  process.stderr.write(`test-infra: installing Schemathesis ${SCHEMATHESIS_VERSION} from PyPI into ${dir}\n`);
  if (!process.env.KCP_PYTHON && !(await onPath("python3")))
    throw new Error("Schemathesis needs Python 3.11+: install python3 (with venv) or set KCP_PYTHON");
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await run(python(), ["-m", "venv", dir]);
  const pip = join(dir, "bin", "pip");
  await run(pip, ["install", "--quiet", "--disable-pip-version-check", `schemathesis==${SCHEMATHESIS_VERSION}`], {
    maxBuffer: 64 * 1024 * 1024,
  });
  await writeFile(marker(), markerText());
}

/**
 * The `schemathesis` command, installed on first use into a virtual environment in the cache
 * (`~/.cache/kcp/test-infra/schemathesis/<version>`, about 60 MB) and reused by later runs; a lock makes concurrent
 * runs install it once.
 */
export async function ensureSchemathesis(): Promise<string> {
  const bin = join(venvDir(), "bin", "schemathesis");
  if (await installed()) return bin;
  await withFileLock(join(cacheDir, "locks", "schemathesis"), async () => {
    if (!(await installed())) await install(venvDir());
  });
  return bin;
}

export interface SchemathesisRun {
  code: number | null;
  /** Everything it printed (its report: the failures with a curl line to reproduce each). */
  output: string;
}

/**
 * Runs `schemathesis <args>` (installed first if needed) to its end, dying with this process. Colour is off and
 * Schemathesis' own state stays out of the user's home (`HYPOTHESIS_STORAGE_DIRECTORY` in `cwd`).
 */
export async function runSchemathesis(
  args: string[],
  options: { cwd: string; timeoutMs: number; onOutput?: (chunk: string) => void },
): Promise<SchemathesisRun> {
  const bin = await ensureSchemathesis();
  const child = spawn("setpriv", ["--pdeathsig", "KILL", "--", bin, "--no-color", ...args], {
    cwd: options.cwd,
    env: {
      ...process.env,
      NO_COLOR: "1",
      PYTHONUNBUFFERED: "1",
      HYPOTHESIS_STORAGE_DIRECTORY: join(options.cwd, ".hypothesis"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    output += text;
    options.onOutput?.(text);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const timer = setTimeout(() => {
    output += `\n[test-infra: Schemathesis killed after ${options.timeoutMs} ms]\n`;
    child.kill("SIGKILL");
  }, options.timeoutMs);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (exitCode) => resolve(exitCode));
  });
  clearTimeout(timer);
  return { code, output };
}
