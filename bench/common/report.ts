import { spawn } from "node:child_process";

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const mebibytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Prints an aligned two-column table. */
export function table(title: string, rows: [string, string][]): void {
  const width = Math.max(...rows.map(([label]) => label.length));
  process.stdout.write(`\n${title}\n`);
  for (const [label, value] of rows) process.stdout.write(`  ${label.padEnd(width)}  ${value}\n`);
}

/** Runs a TypeScript file in a fresh Node process (same loader as the tests) and parses the JSON it prints last. */
export function runNodeScript<T>(file: string, args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", file, ...args], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      const last = out.trim().split("\n").at(-1) ?? "";
      if (code !== 0) reject(new Error(`${file} exited with ${code}: ${out.slice(-2000)}`));
      else resolve(JSON.parse(last) as T);
    });
  });
}
