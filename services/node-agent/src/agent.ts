import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import type { Component, Logger } from "@kcp/shared";
import { SeenTokenIds, TokenVerifier } from "./auth.js";
import { ClassDataArchives } from "./class-data.js";
import { type AgentConfig, publicKeyPem } from "./config.js";
import { createAgentApp } from "./http.js";
import { Installations } from "./installations.js";
import { writeLoggingConfig } from "./logging-config.js";
import { NodeRules } from "./node-rules.js";
import { NodeManager } from "./nodes.js";

export interface StartedAgent {
  url: string;
  components: Component[];
  nodes: NodeManager;
}

/** Loads the agent's state (re-adopting running nodes), then serves its API. */
export async function startAgent(config: AgentConfig, logger: Logger): Promise<StartedAgent> {
  await mkdir(config.AGENT_STATE_DIR, { recursive: true, mode: 0o700 });
  const seen = new SeenTokenIds(config.AGENT_STATE_DIR);
  await seen.load();
  const verifier = new TokenVerifier(publicKeyPem(config), config.AGENT_ID, seen, logger);
  const installations = new Installations(config.AGENT_STATE_DIR, config.AGENT_ARTIFACTS, logger);
  await installations.init();
  const classData = new ClassDataArchives({
    stateDir: config.AGENT_STATE_DIR,
    java: config.AGENT_JAVA,
    enabled: config.AGENT_CLASS_DATA,
    logger,
  });
  await classData.init(await installations.list());
  const nodes = new NodeManager({
    stateDir: config.AGENT_STATE_DIR,
    installations,
    logger,
    java: config.AGENT_JAVA,
    classData,
    defaultStopTimeoutMs: config.AGENT_STOP_TIMEOUT_MS,
    logConfig: await writeLoggingConfig(config.AGENT_STATE_DIR),
    rules: await NodeRules.of(config),
  });
  await nodes.init();
  const app = createAgentApp({ agentId: config.AGENT_ID, nodes, installations, verifier, logger });
  const tls = config.AGENT_TLS_CERT_FILE !== undefined;
  const server: Server = tls
    ? createHttpsServer(
        {
          cert: readFileSync(config.AGENT_TLS_CERT_FILE as string),
          key: readFileSync(config.AGENT_TLS_KEY_FILE as string),
        },
        app,
      )
    : createHttpServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.AGENT_PORT, config.AGENT_HOST, resolve);
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `${tls ? "https" : "http"}://${host}:${address.port}`;
  const http: Component = {
    name: "http",
    stop: () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS);
        timer.unref();
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
  const watcher: Component = { name: "nodes", stop: async () => nodes.close() };
  return { url, components: [http, watcher], nodes };
}
