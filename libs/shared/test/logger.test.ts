import { PassThrough } from "node:stream";
import { expect } from "chai";
import { createLogger, type LogFormat } from "../src/index.js";

function captureLogger(options: { format?: LogFormat; terminal?: boolean } = {}) {
  const stream = Object.assign(new PassThrough(), options.terminal ? { isTTY: true } : {});
  const lines: string[] = [];
  stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").trim().split("\n")));
  const logger = createLogger({
    level: "info",
    name: "test",
    destination: stream,
    ...(options.format ? { format: options.format } : {}),
  });
  return { logger, lines };
}

/** Colour codes a terminal gets, removed to read the words. */
const withoutColours = (text: string) => text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "");

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

  it("writes readable lines for a person (LOG_FORMAT=pretty, or auto on a terminal): time, level, service, message, fields", () => {
    for (const options of [{ format: "pretty" as const }, { format: "auto" as const, terminal: true }]) {
      const { logger, lines } = captureLogger(options);
      logger.info({ requestId: "r-7", password: "top-secret-7" }, "hello");
      const text = withoutColours(lines.join("\n"));
      expect(text, JSON.stringify(options)).to.match(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: test: hello/);
      expect(text).to.include('"requestId":"r-7"').and.include("[redacted]").and.not.include("top-secret-7");
      expect(() => JSON.parse(lines[0] ?? "")).to.throw();
    }
  });

  it("stays JSON where no person reads (auto without a terminal: a pipe, a file, a log collector; or json)", () => {
    for (const options of [{}, { format: "json" as const, terminal: true }]) {
      const { logger, lines } = captureLogger(options);
      logger.info("hello");
      expect(JSON.parse(lines[0] ?? "{}"), JSON.stringify(options)).to.include({ msg: "hello", service: "test" });
    }
  });
});
