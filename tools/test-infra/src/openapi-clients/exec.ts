import { spawn } from "node:child_process";

/** What a command printed, and how it ended. */
export interface ExecResult {
  code: number | null;
  output: string;
  timedOut: boolean;
}

export interface ExecOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Killed (SIGKILL) after this long; the result says so. */
  timeoutMs: number;
}

/**
 * Runs a command to its end, dying with this process (`setpriv --pdeathsig` on Linux), with stdout and stderr in
 * one text. Never rejects for the command's own failure: the caller reads `code`.
 */
export function execCommand(command: string, args: string[], options: ExecOptions): Promise<ExecResult> {
  const [file, argv] =
    process.platform === "linux" ? ["setpriv", ["--pdeathsig", "KILL", "--", command, ...args]] : [command, args];
  const child = spawn(file, argv, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString("utf8");
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, options.timeoutMs);
  return new Promise((resolve) => {
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ code: null, output: `${output}${error.message}\n`, timedOut });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output, timedOut });
    });
  });
}

/** A command that must succeed: its output, or an error naming it with the tail of what it printed. */
export async function mustRun(command: string, args: string[], options: ExecOptions): Promise<string> {
  const result = await execCommand(command, args, options);
  if (result.code === 0) return result.output;
  throw new Error(describeFailure(command, args, result));
}

export function describeFailure(command: string, args: string[], result: ExecResult): string {
  const how = result.timedOut ? "was killed after its time limit" : `exited with ${result.code}`;
  return `${[command, ...args].join(" ")} ${how}:\n${lastLines(result.output, 80)}`;
}

/** The last `count` lines of a text. */
export function lastLines(text: string, count: number): string {
  const lines = text.trimEnd().split("\n");
  return (lines.length > count ? ["…", ...lines.slice(-count)] : lines).join("\n");
}
