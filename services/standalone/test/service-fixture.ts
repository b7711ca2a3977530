import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger, loadConfig } from "@kcp/shared";
import type { Store } from "@kcp/store";
import { type Api, apiClient } from "@kcp/test-infra";
import { expect } from "chai";
import { standaloneConfigSchema } from "../src/config.js";
import { startStandalone } from "../src/standalone.js";

/** A response body of any shape, with the error envelope for errors. */
export type Reply = Record<string, unknown> & { error: { code: string; message: string } };

export interface TestService {
  api: Api;
  /** The service's base URL (for what is not JSON: /metrics). */
  url: string;
  /** The admin's session token. */
  token: string;
  admin: { username: string; password: string };
  /** The service's store: for what a test sets up beside the API (a provider's user and its session). */
  store: Store;
  /** Registers a cluster (expects 201) and answers its id. */
  register(body: Record<string, unknown>): Promise<string>;
  stop(): Promise<void>;
}

/**
 * A standalone service (embedded store, in-process queue) on a free port, in a fresh data folder, logged in as admin;
 * `env` adds configuration variables.
 */
export async function startTestService(name: string, env: Record<string, string> = {}): Promise<TestService> {
  const dataDir = await mkdtemp(join(tmpdir(), `kcp-${name}-`));
  const admin = { username: "admin", password: `${name}-admin-password` };
  const config = loadConfig(standaloneConfigSchema, {
    PORT: "0",
    DATA_DIR: dataDir,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    COLLECT_TIMEOUT_MS: "15000",
    ...env,
  });
  const service = await startStandalone(config, createLogger({ name: `${name}-test`, level: "silent" }));
  const api = apiClient(service.gateway.url);
  const token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
  return {
    api,
    url: service.gateway.url,
    token,
    admin,
    store: service.store,
    async register(body) {
      const response = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", { token, body });
      expect(response.status, response.text).to.equal(201);
      return response.body.cluster.id;
    },
    async stop() {
      for (const component of service.components) await component.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
