import { expect } from "chai";
import { type BusyWait, retryWhileBusy } from "../src/api/busy-retry.js";

/** Answers in the order given: a status and, for a 429, its Retry-After. */
function service(answers: [number, string?][]) {
  let sent = 0;
  return {
    get sent() {
      return sent;
    },
    send: async () => {
      const [status, retryAfter] = answers[Math.min(sent++, answers.length - 1)] as [number, string?];
      return { response: new Response(null, { status, headers: retryAfter ? { "retry-after": retryAfter } : {} }) };
    },
  };
}

/** Records the waits instead of waiting. */
function recorder() {
  const waits: BusyWait[] = [];
  const slept: number[] = [];
  return {
    waits,
    slept,
    options: {
      retries: 3,
      maxWaitSeconds: 5,
      onWait: (wait: BusyWait) => waits.push(wait),
      sleep: async (ms: number) => {
        slept.push(ms);
      },
    },
  };
}

describe("console: the login is sent again while the service is busy (pure)", () => {
  it("retries a 429 after its Retry-After, saying so before each wait, and hands back the success", async () => {
    const s = service([[429, "1"], [429, "2"], [200]]);
    const r = recorder();
    const result = await retryWhileBusy(s.send, r.options);
    expect(result.response.status).to.equal(200);
    expect(s.sent).to.equal(3);
    expect(r.waits).to.deep.equal([
      { seconds: 1, retry: 1, of: 3 },
      { seconds: 2, retry: 2, of: 3 },
    ]);
    expect(r.slept).to.deep.equal([1000, 2000]);
  });

  it("stops after the last retry and hands back the 429", async () => {
    const s = service([[429, "1"]]);
    const r = recorder();
    const result = await retryWhileBusy(s.send, r.options);
    expect(result.response.status).to.equal(429);
    expect(s.sent, "the first attempt and three retries").to.equal(4);
    expect(r.waits.map((w) => w.retry)).to.deep.equal([1, 2, 3]);
  });

  it("does not wait out a lockout (a long Retry-After), a 429 without one, or any other answer", async () => {
    for (const answers of [[[429, "60"]], [[429]], [[429, "soon"]], [[401]], [[500, "1"]]] as [number, string?][][]) {
      const s = service(answers);
      const r = recorder();
      const result = await retryWhileBusy(s.send, r.options);
      expect(result.response.status, JSON.stringify(answers)).to.equal(answers[0]?.[0]);
      expect(s.sent, JSON.stringify(answers)).to.equal(1);
      expect(r.waits).to.deep.equal([]);
    }
  });
});
