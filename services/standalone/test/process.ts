import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { acquire, nodeBundle } from "@kcp/test-infra";

const servicesDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** The entry point of a service package (`standalone`, `api-gateway`, `collector`, `operations-worker`, `audit`). */
export const mainOf = (service: string) => join(servicesDir, service, "src", "main.ts");
const mainFile = mainOf("standalone");

export interface StandaloneProcess {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  exitCode: Promise<number | null>;
}

/**
 * Spawns a service's entry point, from its sources bundled (`nodeBundle`: one file, no TypeScript to compile at
 * start), and collects everything it prints.
 */
async function spawnService(
  main: string,
  env: Record<string, string | undefined>,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [await nodeBundle(main)], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString("utf8");
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  return { child, output: () => output };
}

/** Starts the real standalone process from its sources (as `npm start` would, without the build) and waits for it. */
export function startStandaloneProcess(env: Record<string, string>): Promise<StandaloneProcess> {
  return startServiceProcess(mainFile, env);
}

/** Starts a service's entry point from source and waits for its "listening" line. */
export async function startServiceProcess(main: string, env: Record<string, string>): Promise<StandaloneProcess> {
  await nodeBundle(main); // built before the start takes its units
  // Node.js loading the service is a heavy start: it takes its share of the machine's budget.
  const lease = await acquire("service", `the ${basename(dirname(dirname(main)))} service`);
  const { child, output } = await spawnService(main, { HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...env });
  const exitCode = once(child, "exit").then(([code]) => code as number | null);
  void exitCode.finally(() => lease.release());
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL"); // a process that never listens must not outlive the test run
      reject(new Error(`no "listening" line within 30 s:\n${output()}`));
    }, 30_000);
    const look = () => {
      const line = output()
        .split("\n")
        .find((l) => l.includes('"msg":"listening"'));
      if (line) {
        clearTimeout(timer);
        void lease.started();
        resolve((JSON.parse(line) as { url: string }).url);
      }
    };
    child.stdout?.on("data", look);
    void exitCode.then((code) => reject(new Error(`exited with ${code} before listening:\n${output()}`)));
  });
  return { child, url, stdout: output, exitCode };
}

/** Runs the process (standalone, or another service's `main`) to its end, for start-up failures: code and output. */
export async function runStandaloneToExit(
  env: Record<string, string>,
  main = mainFile,
): Promise<{ code: number | null; output: string }> {
  const { child, output } = await spawnService(main, env);
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, output: output() };
}
