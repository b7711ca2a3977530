import { expect } from "chai";
import { CONTRACT_THROTTLE_POLICY, throttleDecision } from "../src/auth/throttle.js";

const t0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const at = (seconds: number) => new Date(t0 + seconds * 1000);
const fail = (seconds: number) => ({ at: at(seconds), succeeded: false });
const ok = (seconds: number) => ({ at: at(seconds), succeeded: true });

describe("login throttling (pure)", () => {
  it("allows four failures, locks for 60 s at the fifth within 15 minutes", () => {
    const four = [fail(0), fail(10), fail(20), fail(30)];
    expect(throttleDecision(four, at(31))).to.deep.equal({ locked: false });
    const five = [...four, fail(40)];
    expect(throttleDecision(five, at(41))).to.deep.equal({ locked: true, retryAfterSeconds: 59 });
    expect(throttleDecision(five, at(100))).to.deep.equal({ locked: false });
  });

  it("does not lock for five failures spread over more than 15 minutes", () => {
    const spread = [fail(0), fail(300), fail(600), fail(900), fail(1200)];
    expect(throttleDecision(spread, at(1201))).to.deep.equal({ locked: false });
  });

  it("doubles the lockout on each further failure, up to one hour", () => {
    const attempts = [fail(0), fail(1), fail(2), fail(3), fail(4)];
    let now = 4 + 60; // the first lockout (60 s) just ended
    const expected = [120, 240, 480, 960, 1920, 3600, 3600];
    for (const seconds of expected) {
      attempts.push(fail(now));
      expect(throttleDecision(attempts, at(now))).to.deep.equal({ locked: true, retryAfterSeconds: seconds });
      now += seconds;
    }
  });

  it("is reset by a success", () => {
    const attempts = [fail(0), fail(1), fail(2), fail(3), ok(200), fail(201)];
    expect(throttleDecision(attempts, at(202))).to.deep.equal({ locked: false });
  });

  it("ends a streak after a quiet window", () => {
    const attempts = [fail(0), fail(1), fail(2), fail(3), fail(4), fail(4 + 60 + 16 * 60)];
    expect(throttleDecision(attempts, at(4 + 60 + 16 * 60 + 1))).to.deep.equal({ locked: false });
  });

  it("uses the default numbers: 5 failures in 15 minutes, a 60 s lockout doubling up to 1 h", () => {
    expect(CONTRACT_THROTTLE_POLICY).to.deep.equal({
      maxFailures: 5,
      windowMs: 900_000,
      firstLockoutMs: 60_000,
      maxLockoutMs: 3_600_000,
    });
  });
});
