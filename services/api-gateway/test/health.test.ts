import { expect } from "chai";
import { failingCheck, okCheck, startTestGateway } from "./helpers.js";

describe("gateway: /healthz and /readyz", () => {
  it("reports the process up and every dependency reachable", async () => {
    const test = await startTestGateway([okCheck("store"), okCheck("queue")]);
    try {
      const health = await fetch(`${test.gateway.url}/healthz`);
      expect(health.status).to.equal(200);
      expect(await health.json()).to.deep.equal({ status: "ok" });
      const ready = await fetch(`${test.gateway.url}/readyz`);
      expect(ready.status).to.equal(200);
      expect(await ready.json()).to.deep.equal({
        status: "ready",
        checks: { store: { ok: true }, queue: { ok: true } },
      });
    } finally {
      await test.stop();
    }
  });

  it("answers 503 not_ready naming the unreachable dependency", async () => {
    const test = await startTestGateway([okCheck("store"), failingCheck("queue", "connection refused")]);
    try {
      const ready = await fetch(`${test.gateway.url}/readyz`);
      expect(ready.status).to.equal(503);
      expect(await ready.json()).to.deep.equal({
        error: { code: "not_ready", message: "Not ready: queue" },
        checks: { store: { ok: true }, queue: { ok: false, error: "connection refused" } },
      });
    } finally {
      await test.stop();
    }
  });

  it("answers 503 when a dependency does not answer in time", async () => {
    const hanging = { name: "store", ping: () => new Promise<void>(() => {}) };
    const test = await startTestGateway([hanging]);
    try {
      const ready = await fetch(`${test.gateway.url}/readyz`);
      expect(ready.status).to.equal(503);
      const body = (await ready.json()) as { checks: { store: { error: string } } };
      expect(body.checks.store.error).to.match(/no answer within/);
    } finally {
      await test.stop();
    }
  });
});
