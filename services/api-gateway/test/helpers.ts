import { PassThrough } from "node:stream";
import { createLogger, type ReadinessCheck } from "@kcp/shared";
import { type RunningGateway, startGateway } from "../src/index.js";

export interface TestGateway {
  gateway: RunningGateway;
  logLines: () => Record<string, unknown>[];
}

/** A real gateway on a free loopback port, logging into memory so tests can read the lines back. */
export async function startTestGateway(readinessChecks: readonly ReadinessCheck[] = []): Promise<TestGateway> {
  const stream = new PassThrough();
  const lines: string[] = [];
  stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
  const logger = createLogger({ name: "test-gateway", level: "info", destination: stream });
  const gateway = await startGateway({ host: "127.0.0.1", port: 0, shutdownTimeoutMs: 2000, logger, readinessChecks });
  return { gateway, logLines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

export const okCheck = (name: string): ReadinessCheck => ({ name, ping: async () => {} });
export const failingCheck = (name: string, message: string): ReadinessCheck => ({
  name,
  ping: async () => {
    throw new Error(message);
  },
});
