import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { protocolAPIsById } from "@platformatic/kafka";

const standaloneMain = fileURLToPath(new URL("../../services/standalone/src/main.ts", import.meta.url));
const counter = fileURLToPath(new URL("./kafka-requests.ts", import.meta.url));

/** Kafka requests by API name ("Metadata", "DescribeConfigs", …). */
export type RequestCounts = Record<string, number>;

export interface BenchService {
  url: string;
  child: ChildProcess;
  /** The service's data folder; its log is service.log there. */
  dir: string;
  /** Every Kafka request the service's process has sent since it started, by API. */
  kafkaRequests(): Promise<RequestCounts>;
  stop(): Promise<void>;
}

/**
 * The standalone service in its own process, as `npm start` runs it, with kafka-requests.ts loaded before it (the
 * count of its Kafka requests, asked over an IPC channel). Its log goes to service.log in its data folder.
 */
export async function startCountedService(
  admin: { username: string; password: string },
  env: Record<string, string>,
): Promise<BenchService> {
  const dir = mkdtempSync(join(tmpdir(), "kcp-bench-desired-state-"));
  const log = createWriteStream(join(dir, "service.log"));
  const child = spawn(
    process.execPath,
    ["--conditions=source", "--import", "tsx", "--import", counter, standaloneMain],
    {
      env: {
        ...process.env,
        HOST: "127.0.0.1",
        PORT: "0",
        DATA_DIR: dir,
        SECRET_KEY: randomBytes(32).toString("hex"),
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        LOG_LEVEL: "info",
        LOG_FORMAT: "json",
        ...env,
      },
      stdio: ["ignore", "pipe", "inherit", "ipc"],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      log.write(chunk);
      out += chunk.toString("utf8");
      const line = out.split("\n").find((l) => l.includes('"msg":"listening"'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once("exit", (code) => reject(new Error(`the service exited with ${code}`)));
  });
  return {
    url,
    child,
    dir,
    kafkaRequests: () =>
      new Promise<RequestCounts>((resolve) => {
        child.once("message", (message) => {
          const byKey = (message as { kafkaRequests: Record<string, number> }).kafkaRequests;
          const byName: RequestCounts = {};
          for (const [key, count] of Object.entries(byKey))
            byName[protocolAPIsById[Number(key) as keyof typeof protocolAPIsById] ?? `API ${key}`] = count;
          resolve(byName);
        });
        child.send("kafka-requests");
      }),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      log.end();
    },
  };
}

/** What `after` counts beyond `before`, by API (APIs with none left out), and the total. */
export function requestsBetween(before: RequestCounts, after: RequestCounts): { total: number; byApi: RequestCounts } {
  const byApi: RequestCounts = {};
  let total = 0;
  for (const [api, count] of Object.entries(after)) {
    const made = count - (before[api] ?? 0);
    if (made > 0) byApi[api] = made;
    total += made;
  }
  return { total, byApi };
}
