import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AgentKafkaCluster } from "@kcp/test-infra";

const standaloneMain = fileURLToPath(new URL("../../services/standalone/src/main.ts", import.meta.url));

/**
 * The standalone service in its own process, as `npm start` runs it, able to act on the agent cluster's nodes; its
 * log goes to service.log in its data folder (`dir`, for the caller to remove once the run succeeded).
 */
export async function startStandaloneProcess(
  cluster: AgentKafkaCluster,
  name: string,
  admin: { username: string; password: string },
): Promise<{ url: string; child: ChildProcess; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), `kcp-bench-${name}-`));
  const log = createWriteStream(join(dir, "service.log"));
  const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", standaloneMain], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dir,
      SECRET_KEY: randomBytes(32).toString("hex"),
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      ...cluster.serviceEnv(),
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      log.write(chunk);
      out += chunk.toString("utf8");
      const line = out.split("\n").find((l) => l.includes('"msg":"listening"'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.on("exit", (code) => reject(new Error(`the service exited with ${code}`)));
  });
  return { url, child, dir };
}
