import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Whether `command` is on PATH. */
export async function onPath(command: string): Promise<boolean> {
  try {
    await run("sh", ["-c", `command -v ${command}`]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the harness may install Debian packages: where it can without asking anyone (root, with apt-get, as on
 * CI machines and fresh containers), in CI, or when the developer says so (KCP_ALLOW_APT=1). KCP_ALLOW_APT=0 forbids
 * it everywhere: the harness then names what is missing instead.
 */
export function systemInstallAllowed(
  env: NodeJS.ProcessEnv = process.env,
  machine: { root: boolean; aptGet: boolean } = { root: process.getuid?.() === 0, aptGet: existsSync(APT_GET) },
): boolean {
  if (env.KCP_ALLOW_APT === "0") return false;
  return env.CI === "true" || env.KCP_ALLOW_APT === "1" || (machine.root && machine.aptGet);
}

const APT_GET = "/usr/bin/apt-get";

/** `apt-get install` of Debian packages (as root, where allowed), for servers the tests need. */
export async function aptInstall(packages: string[]): Promise<void> {
  process.stderr.write(`test-infra: installing ${packages.join(" ")} with apt-get\n`);
  const sudo = process.getuid?.() === 0 ? [] : ["sudo", "-n"];
  const [command, ...prefix] = [...sudo, "apt-get"];
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  await run(command as string, [...prefix, "update", "-qq"], { env, maxBuffer: 64 * 1024 * 1024 });
  await run(command as string, [...prefix, "install", "-y", "-qq", "--no-install-recommends", ...packages], {
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
}
