import { expect } from "chai";
import { z } from "zod";
import { ConfigError, httpSection, loadConfig, queueSection, storeSection } from "../src/index.js";

describe("configuration from the environment", () => {
  const all = httpSection.and(storeSection).and(queueSection);

  it("applies the embedded defaults when nothing is set", () => {
    const config = loadConfig(all, {});
    expect(config).to.include({ PORT: 8080, STORE: "embedded", QUEUE: "inprocess", DATA_DIR: "./data" });
  });

  it("reads PORT and DATA_DIR, treating blank values as unset", () => {
    expect(loadConfig(all, { PORT: "9090", DATA_DIR: "/tmp/x" })).to.include({ PORT: 9090, DATA_DIR: "/tmp/x" });
    expect(loadConfig(all, { PORT: "  " }).PORT).to.equal(8080);
  });

  it("names every bad variable in one message", () => {
    const attempt = () => loadConfig(all, { PORT: "eighty", STORE: "postgres" });
    expect(attempt).to.throw(ConfigError).with.property("message").that.matches(/PORT/).and.matches(/STORE/);
  });

  it("requires the distributed adapters' URLs", () => {
    expect(() => loadConfig(all, { STORE: "mongo" })).to.throw(ConfigError, /MONGO_URL: is required when STORE=mongo/);
    expect(() => loadConfig(all, { QUEUE: "bullmq" })).to.throw(ConfigError, /REDIS_URL: is required/);
    expect(loadConfig(all, { QUEUE: "bullmq", REDIS_URL: "redis://127.0.0.1:6379" }).QUEUE).to.equal("bullmq");
  });

  it("never echoes the offending value, which may be a secret", () => {
    const secretUrl = "http://user:hunter2-secret@db";
    const attempt = () => loadConfig(all, { STORE: "mongo", MONGO_URL: secretUrl });
    expect(attempt).to.throw(ConfigError).with.property("message").that.does.not.include("hunter2");
  });

  it("refuses a port out of range", () => {
    expect(() => loadConfig(z.object({ PORT: httpSection.shape.PORT }), { PORT: "70000" })).to.throw(/PORT/);
  });
});
