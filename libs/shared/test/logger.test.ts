import { PassThrough } from "node:stream";
import { expect } from "chai";
import { createLogger } from "../src/index.js";

function captureLogger() {
  const stream = new PassThrough();
  const lines: string[] = [];
  stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").trim().split("\n")));
  return { logger: createLogger({ level: "info", name: "test", destination: stream }), lines };
}

describe("logger", () => {
  it("writes structured JSON lines with the service name", () => {
    const { logger, lines } = captureLogger();
    logger.info({ requestId: "r-1" }, "hello");
    const line = JSON.parse(lines[0] ?? "{}");
    expect(line).to.include({ service: "test", requestId: "r-1", msg: "hello" });
  });

  it("redacts secret fields at any depth of a logged object", () => {
    const { logger, lines } = captureLogger();
    logger.info({
      password: "top-secret-1",
      body: { secrets: { password: "top-secret-2" }, token: "top-secret-3" },
      req: { headers: { authorization: "Bearer top-secret-4", cookie: "service_session=top-secret-5" } },
      profile: { security: { protocol: "SSL" }, secrets: { tlsClientKeyPem: "top-secret-6" } },
    });
    const text = lines.join("\n");
    expect(text).to.not.match(/top-secret/);
    expect(text).to.include("[redacted]").and.include("SSL");
  });
});
