import { randomUUID } from "node:crypto";
import { connect } from "node:net";
import { type Api, apiClient } from "@kcp/test-infra";
import { expect } from "chai";
import { startTestGateway, TEST_ADMIN, type TestGateway } from "./helpers.js";

/**
 * One GET on a raw keep-alive connection: the answer's `Keep-Alive` header, and how long after the answer the server
 * closed the idle connection (or undefined when it was still open after `waitMs`).
 */
function idleLifetime(url: string, waitMs: number): Promise<{ keepAlive: string | undefined; closedAfterMs?: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = "";
    let answeredAt = 0;
    const keepAlive = () => /\r\nkeep-alive: ([^\r]+)/i.exec(text)?.[1];
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ keepAlive: keepAlive() });
    }, waitMs);
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
      if (!answeredAt && text.includes("\r\n\r\n")) answeredAt = Date.now();
    });
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ keepAlive: keepAlive(), closedAfterMs: Date.now() - answeredAt });
    });
    socket.on("error", reject);
    socket.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n\r\n`);
  });
}

describe("contract answers", () => {
  let gateway: TestGateway;
  let api: Api;
  let token: string;

  before(async () => {
    gateway = await startTestGateway();
    api = apiClient(gateway.gateway.url);
    const login = await api<{ token: string }>("POST", "/api/v1/auth/login", { body: TEST_ADMIN });
    token = login.body.token;
  });

  after(async () => {
    await gateway?.stop();
  });

  describe("an unknown operation type", () => {
    it("is 422 invalid_request naming the known types, not a 400", async () => {
      const res = await api<{ error: { code: string; message: string } }>(
        "POST",
        `/api/v1/clusters/${randomUUID()}/operations`,
        { token, body: { type: "defragment", params: {} } },
      );
      expect(res.status).to.equal(422);
      expect(res.body.error.code).to.equal("invalid_request");
      expect(res.body.error.message).to.include('"defragment"').and.include("rebalance");
    });

    it("a missing or non-text type is still a schema mismatch (400 validation_failed)", async () => {
      for (const body of [{ params: {} }, { type: 7, params: {} }]) {
        const res = await api<{ error: { code: string } }>("POST", `/api/v1/clusters/${randomUUID()}/operations`, {
          token,
          body,
        });
        expect([res.status, res.body.error.code], JSON.stringify(body)).to.deep.equal([400, "validation_failed"]);
      }
    });
  });

  describe("HTTP keep-alive", () => {
    it("by default keeps idle connections 65 s, above the 60 s of common load balancers (Node's own is 5 s)", async () => {
      const { keepAlive } = await idleLifetime(gateway.gateway.url, 300);
      expect(keepAlive).to.equal("timeout=65");
    });

    it("follows HTTP_KEEP_ALIVE_TIMEOUT_MS: the server closes an idle connection after it, not before", async function () {
      this.timeout(20_000);
      const short = await startTestGateway(undefined, {}, { keepAliveTimeoutMs: 1_500, headersTimeoutMs: 2_000 });
      try {
        const { keepAlive, closedAfterMs } = await idleLifetime(short.gateway.url, 10_000);
        expect(keepAlive).to.equal("timeout=1");
        expect(closedAfterMs).to.be.within(1_400, 4_000);
      } finally {
        await short.stop();
      }
    });
  });
});
