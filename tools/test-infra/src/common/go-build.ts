import { execFile } from "node:child_process";
import { access, chmod, cp, mkdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { withFileLock } from "./lock.js";
import { cacheDir } from "./paths.js";

const run = promisify(execFile);

export async function fileExists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** A command built from a module of the Go module proxy: `go build <packagePath>` in `module@version`. */
export interface GoCommand {
  name: string;
  module: string;
  version: string;
  /** The package of the command within the module, e.g. ./cmd/helm */
  packagePath: string;
}

/** Where the command is kept once built (the harness's cache, shared by every run and checkout). */
export function goCommandPath(command: GoCommand): string {
  return join(cacheDir, command.name, command.version, command.name);
}

/** Whether the command is already built in the cache (then Go is not needed for it). */
export function goCommandBuilt(command: GoCommand): Promise<boolean> {
  return fileExists(goCommandPath(command));
}

/**
 * The command, built once into the cache: the module is fetched with `go mod download` and the command built from a
 * writable copy with the module's go.mod alone (a go.work in it may name folders a download leaves out). Concurrent
 * runs wait for the one that builds it.
 */
export async function ensureGoCommand(command: GoCommand): Promise<string> {
  const target = goCommandPath(command);
  if (await fileExists(target)) return target;
  await withFileLock(join(cacheDir, "locks", command.name), async () => {
    if (await fileExists(target)) return;
    process.stderr.write(`test-infra: building ${command.name} ${command.version} from the Go module proxy\n`);
    const env = { ...process.env, GOFLAGS: "-buildvcs=false", GOTOOLCHAIN: "local", GOWORK: "off" };
    const coordinates = `${command.module}@${command.version}`;
    const { stdout } = await run("go", ["mod", "download", "-json", coordinates], { env });
    const moduleDir = (JSON.parse(stdout) as { Dir?: string }).Dir;
    if (!moduleDir) throw new Error(`go mod download did not return a folder for ${coordinates}`);
    const source = join(cacheDir, command.name, `src-${command.version}`);
    await rm(source, { recursive: true, force: true });
    await cp(moduleDir, source, { recursive: true });
    await run("chmod", ["-R", "u+w", source]);
    await mkdir(join(target, ".."), { recursive: true });
    await run("go", ["build", "-trimpath", "-o", `${target}.partial`, command.packagePath], {
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

/** Runs a built command with `args` in `cwd`; answers its output, or throws it when the command exits non-zero. */
export async function runGoCommand(command: GoCommand, args: string[], cwd: string): Promise<string> {
  const binary = await ensureGoCommand(command);
  try {
    const { stdout, stderr } = await run(binary, args, { cwd, maxBuffer: 64 * 1024 * 1024 });
    return `${stdout}${stderr}`;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${command.name} ${args.join(" ")} failed:\n${failed.stdout ?? ""}${failed.stderr ?? failed.message}`,
    );
  }
}
