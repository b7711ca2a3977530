import { request } from "node:http";
import { prometheusValue, waitFor } from "@kcp/test-infra";
import { expect } from "chai";
import { LOGIN_FAILURES_ACTION } from "../src/audit/login-failures.js";
import { startTestGateway, TEST_ADMIN, type TestGateway } from "./helpers.js";

type Entry = { actor: string; action: string; target?: string; result: string; detail: Record<string, unknown> };

/** A login from a chosen loopback source address (127.0.0.x are as many clients), with the CSRF header unless told. */
function loginFrom(
  localAddress: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = { "x-service-request": "1" },
): Promise<{ status: number; retryAfter?: string; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      `${url}/api/v1/auth/login`,
      {
        method: "POST",
        localAddress,
        agent: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
        });
        res.on("end", () => {
          const retryAfter = res.headers["retry-after"];
          resolve({ status: res.statusCode ?? 0, text, ...(retryAfter ? { retryAfter } : {}) });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

const randomLogin = (i: number) => ({
  username: `random-${i}-${Math.random().toString(36).slice(2, 10)}`,
  password: "flood-password-".padEnd(64, "x"),
});

describe("logins under a flood from many addresses, and their audit", function () {
  // a quiet machine: the flood's test 11 s at load 5 (6 Dec 2026); ×5 margin
  this.timeout(60_000);

  describe("a real user during a flood", () => {
    let test: TestGateway;
    before(async () => {
      // Time enough for password checks on a loaded machine: what is checked is who goes first, not the wait's bound.
      test = await startTestGateway(undefined, { LOGIN_QUEUE_WAIT_MS: "5000" });
    });
    after(() => test.stop());

    it("logs in at the first attempt, 5 users of 5, while 100 other addresses each send a login a second", async () => {
      const url = test.gateway.url;
      const answers = new Map<number, number>();
      const answered = new Map<string, number>();
      const inFlight = new Set<Promise<unknown>>();
      let flooding = true;
      // Each address sends a login with a random username every second, whether or not the last was answered:
      // 100 a second in all, more than the instance's password checks can serve.
      const timers = Array.from({ length: 100 }, (_, i) => {
        const address = `127.0.0.${10 + i}`;
        const send = () => {
          if (!flooding) return;
          const sent = loginFrom(address, url, randomLogin(i))
            .then(
              (answer) => answers.set(answer.status, (answers.get(answer.status) ?? 0) + 1),
              () => answers.set(0, (answers.get(0) ?? 0) + 1),
            )
            .then(() => answered.set(address, (answered.get(address) ?? 0) + 1));
          inFlight.add(sent);
          void sent.finally(() => inFlight.delete(sent));
        };
        return setTimeout(() => {
          send();
          timers[i] = setInterval(send, 1000);
        }, i * 10);
      });
      try {
        // A flood just begun is as new as the user: the user comes once every flooding address has asked 5 times.
        await waitFor(
          "the flood under way",
          async () =>
            answered.size === 100 && Math.min(...answered.values()) >= 5 && (answers.get(429) ?? 0) > 0
              ? true
              : undefined,
          // a quiet machine: under way after about 6 s (5 logins a second apart per address); ×5 margin
          { timeoutMs: 30_000 },
        );
        const real: number[] = [];
        // Five users' first logins, one after another, each from an address of its own (all as the admin: what the
        // admission tells apart is the address).
        for (let i = 0; i < 5; i++) real.push((await loginFrom(`127.0.1.${i + 1}`, url, TEST_ADMIN)).status);
        expect(real, `the flood's answers so far: ${JSON.stringify([...answers])}`).to.deep.equal([
          200, 200, 200, 200, 200,
        ]);
      } finally {
        flooding = false;
        for (const timer of timers) clearInterval(timer);
        await Promise.all(inFlight);
      }
      expect(answers.get(401) ?? 0, "the flood's password checks").to.be.above(0);
    });
  });

  describe("the audit of failed logins", () => {
    let test: TestGateway;
    const auditEntries = async () => (await test.store.audit.list({ limit: 1000 })) as unknown as Entry[];
    before(async () => {
      test = await startTestGateway();
    });
    after(() => test.stop());

    it("records a login that names no user as anonymous, keeping nothing of what was typed", async () => {
      const typed = "Hunter2-typed-as-username";
      expect(
        (await loginFrom("127.0.0.3", test.gateway.url, { username: typed, password: "a-password-1" })).status,
      ).to.equal(401);
      // Refused before the login ran: an invalid username, a missing CSRF header.
      const tooLong = "my password typed here ".repeat(12);
      expect(
        (await loginFrom("127.0.0.3", test.gateway.url, { username: tooLong, password: "a-password-1" })).status,
      ).to.equal(400);
      const noHeader = await loginFrom("127.0.0.3", test.gateway.url, { username: `${typed}-2`, password: "p" }, {});
      expect(noHeader.status).to.equal(403);
      const entries = (await auditEntries()).filter((e) => e.detail.clientAddress === "127.0.0.3");
      expect(entries.map((e) => [e.actor, e.result, e.detail.status])).to.have.deep.members([
        ["anonymous", "denied", 401],
        ["anonymous", "failure", 400],
        ["anonymous", "denied", 403],
      ]);
      const text = JSON.stringify(entries);
      for (const secret of [typed, "Hunter2", "my password", "a-password-1"]) expect(text).to.not.include(secret);
    });

    it("writes the first 10 failures of an address one by one, then one summary counting the rest", async () => {
      const failures = async (audit: string) =>
        prometheusValue(await (await fetch(`${test.gateway.url}/metrics`)).text(), "kcp_login_failures_total", {
          audit,
        }) ?? 0;
      const [entriesBefore, summarizedBefore] = [await failures("entry"), await failures("summary")];
      const address = "127.0.0.7";
      for (let i = 0; i < 30; i++) {
        const answer = await loginFrom(address, test.gateway.url, randomLogin(i));
        expect(answer.status).to.equal(401);
      }
      // Another address keeps its own budget.
      expect((await loginFrom("127.0.0.8", test.gateway.url, randomLogin(99))).status).to.equal(401);
      const ofAddress = (entries: Entry[], ip: string) => entries.filter((e) => e.detail.clientAddress === ip);
      const written = ofAddress(await auditEntries(), address);
      expect(written.map((e) => e.action)).to.deep.equal(Array(10).fill("auth.login"));
      expect(ofAddress(await auditEntries(), "127.0.0.8")).to.have.length(1);

      expect((await failures("entry")) - entriesBefore).to.equal(11);
      expect((await failures("summary")) - summarizedBefore).to.equal(20);

      // The window is a minute; stopping the gateway writes the summary of what it counted so far.
      await test.gateway.stop();
      const summaries = (await auditEntries()).filter((e) => e.action === LOGIN_FAILURES_ACTION);
      expect(summaries).to.have.length(1);
      expect(summaries[0]).to.include({ actor: "anonymous", result: "denied" });
      expect(summaries[0]?.detail).to.include({ clientAddress: address, audited: 10, counted: 20 });
      expect(ofAddress(await auditEntries(), address)).to.have.length(11);
    });
  });
});
