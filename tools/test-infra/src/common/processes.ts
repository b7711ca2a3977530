import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { acquire, type HeavyKind } from "./budget.js";
import { markServerUse } from "./server-use.js";

export interface StartOptions {
  command: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** stdout and stderr are appended here. */
  logFile: string;
  /**
   * Keep running after this process exits (for `npm run kafka -- up`). Otherwise the child gets SIGKILL when this
   * process dies, however it dies (Linux `setpriv --pdeathsig`), and is stopped by the exit hooks below.
   */
  detached?: boolean;
  /**
   * The kind of heavy resource the process is, and what it is, for the machine's budget (common/budget.ts): its start
   * waits for units, which it holds until it exits; `up()` once it serves gives back the start's surplus.
   */
  budget?: { kind: HeavyKind; what: string };
}

export interface ManagedProcess {
  readonly pid: number;
  readonly logFile: string;
  /** Resolves with the exit code (or the signal name) when the process has exited. */
  readonly exited: Promise<number | string>;
  hasExited(): boolean;
  /** SIGTERM, then SIGKILL after `timeoutMs`. Resolves when the process is gone. */
  stop(timeoutMs?: number): Promise<void>;
  /** SIGKILL, no chance to clean up. Resolves when the process is gone. */
  kill(): Promise<void>;
  /** It serves: it holds its running weight of the budget from now on (nothing without `budget`). */
  up(): Promise<void>;
}

const live = new Set<ChildProcess>();
let hooksInstalled = false;

function installExitHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.once("exit", () => {
    for (const child of live) child.kill("SIGKILL");
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      for (const child of live) child.kill("SIGKILL");
      process.exit(130);
    });
  }
}

function withParentDeathSignal(command: string, args: string[]): [string, string[]] {
  if (process.platform !== "linux") return [command, args];
  return ["setpriv", ["--pdeathsig", "KILL", "--", command, ...args]];
}

export async function startProcess(options: StartOptions): Promise<ManagedProcess> {
  markServerUse(options.command);
  installExitHooks();
  const lease = options.budget ? await acquire(options.budget.kind, options.budget.what) : undefined;
  const log = createWriteStream(options.logFile, { flags: "a" });
  await once(log, "open");
  const [command, args] = options.detached
    ? [options.command, options.args]
    : withParentDeathSignal(options.command, options.args);
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", log, log],
    detached: options.detached ?? false,
  });
  if (child.pid === undefined) {
    const [error] = (await once(child, "error")) as [Error];
    await lease?.release();
    throw new Error(`could not start ${options.command}: ${error.message}`);
  }
  const pid = child.pid;
  let exitedFlag = false;
  const exited = new Promise<number | string>((resolveExit) => {
    child.once("exit", (code, signal) => {
      exitedFlag = true;
      live.delete(child);
      log.end();
      void lease?.release();
      resolveExit(code ?? signal ?? "unknown");
    });
  });
  if (options.detached) child.unref();
  else live.add(child);

  const waitGone = async (timeoutMs: number): Promise<boolean> => {
    if (exitedFlag) return true;
    const timer = new Promise<false>((r) => setTimeout(() => r(false), timeoutMs).unref());
    return (await Promise.race([exited.then(() => true), timer])) === true;
  };

  return {
    pid,
    logFile: options.logFile,
    exited,
    hasExited: () => exitedFlag,
    async stop(timeoutMs = 30_000) {
      if (exitedFlag) return;
      child.kill("SIGTERM");
      if (!(await waitGone(timeoutMs))) {
        child.kill("SIGKILL");
        await exited;
      }
    },
    async kill() {
      if (exitedFlag) return;
      child.kill("SIGKILL");
      await exited;
    },
    up: async () => lease?.started(),
  };
}

/**
 * Polls `check` until it returns a value other than undefined, or throws after `timeoutMs` with `what` in it.
 * `giveUpIf` is asked before each poll: an error it returns (a process that died) is thrown at once.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  { timeoutMs = 60_000, intervalMs = 250, giveUpIf = (): Error | undefined => undefined } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    const fatal = giveUpIf();
    if (fatal) throw fatal;
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const reason = lastError instanceof Error ? `: ${lastError.message}` : "";
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${reason}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
