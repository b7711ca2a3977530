import { execFile } from "node:child_process";
import { chmod, cp, mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { fileExists } from "../common/go-build.js";
import { cacheDir, withFileLock } from "../common/index.js";

const run = promisify(execFile);

/** FerretDB v1, the last line with an embedded SQLite backend (v2 needs PostgreSQL with DocumentDB). */
export const FERRETDB_VERSION = "v1.24.2";
const MODULE = "github.com/FerretDB/FerretDB";

const binaryPath = () => join(cacheDir, "ferretdb", FERRETDB_VERSION, "ferretdb");

/**
 * Builds FerretDB from the Go module proxy into the cache, once. `go install module@version` is refused here (the
 * proxy does not serve the module's version list, which `go install` reads for deprecation notices), so the module is
 * fetched with `go mod download` and built from a writable copy, where the version file its build embeds is written.
 */
async function build(target: string): Promise<void> {
  process.stderr.write(`test-infra: building FerretDB ${FERRETDB_VERSION} from the Go module proxy (about a minute)\n`);
  const env = { ...process.env, GOFLAGS: "-buildvcs=false", GOTOOLCHAIN: "local" };
  const { stdout } = await run("go", ["mod", "download", "-json", `${MODULE}@${FERRETDB_VERSION}`], { env });
  const moduleDir = (JSON.parse(stdout) as { Dir?: string }).Dir;
  if (!moduleDir) throw new Error(`go mod download did not return a folder for ${MODULE}@${FERRETDB_VERSION}`);
  const source = join(cacheDir, "ferretdb", `src-${FERRETDB_VERSION}`);
  await rm(source, { recursive: true, force: true });
  await cp(moduleDir, source, { recursive: true });
  await run("chmod", ["-R", "u+w", source]);
  await writeFile(join(source, "build", "version", "version.txt"), `${FERRETDB_VERSION}\n`);
  await mkdir(join(target, ".."), { recursive: true });
  await run("go", ["build", "-trimpath", "-o", `${target}.partial`, "./cmd/ferretdb"], {
    cwd: source,
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  await chmod(`${target}.partial`, 0o755);
  await cp(`${target}.partial`, target);
  await rm(`${target}.partial`, { force: true });
  await rm(source, { recursive: true, force: true });
}

/** Whether FerretDB is already built in the cache (then Go is not needed). */
export function ferretDbBuilt(): Promise<boolean> {
  return fileExists(binaryPath());
}

/** The FerretDB binary, built on first use (and reused by later runs from the cache folder). */
export async function ensureFerretDb(): Promise<string> {
  const target = binaryPath();
  if (await fileExists(target)) return target;
  await withFileLock(join(cacheDir, "locks", "ferretdb"), async () => {
    if (!(await fileExists(target))) await build(target);
  });
  return target;
}
