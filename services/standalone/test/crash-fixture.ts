import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Api, apiClient } from "@kcp/test-infra";
import { type StandaloneProcess, startStandaloneProcess } from "./process.js";

/** A standalone service a crash test kills (SIGKILL) and starts again on the same data folder. */
export interface CrashableService {
  /** Starts a process on the data folder and logs in as the first admin; `env` adds to (or overrides) the service's. */
  start(env?: Record<string, string>): Promise<{ api: Api; token: string }>;
  /** Kills the running process with SIGKILL; resolves with its exit code (null: killed by the signal). */
  kill(): Promise<number | null | undefined>;
  /** Kills whatever runs and removes the data folder. */
  cleanup(): Promise<void>;
}

export async function crashableService(name: string, env: Record<string, string>): Promise<CrashableService> {
  const dataDir = await mkdtemp(join(tmpdir(), `kcp-${name}-`));
  const admin = { username: "admin", password: `${name}-admin-password` };
  let running: StandaloneProcess | undefined;
  const kill = async () => {
    running?.child.kill("SIGKILL");
    return running?.exitCode;
  };
  return {
    async start(more = {}) {
      running = await startStandaloneProcess({
        DATA_DIR: dataDir,
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        ...env,
        ...more,
      });
      const api = apiClient(running.url);
      const token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
      return { api, token };
    },
    kill,
    async cleanup() {
      await kill();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
