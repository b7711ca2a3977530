import { execFile } from "node:child_process";
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

/** Installing system packages happens only where it is allowed: in CI, or when the developer says so. */
export function systemInstallAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CI === "true" || env.KCP_ALLOW_APT === "1";
}

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
