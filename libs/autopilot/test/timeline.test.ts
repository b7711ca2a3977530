import type { Anomaly } from "@kcp/shared";
import { expect } from "chai";
import type { Finding } from "../src/find.js";
import { EVENTS_KEPT, trackAnomalies, withEvent } from "../src/timeline.js";

const down = (broker: number, message = `Broker ${broker} does not answer`): Finding => ({
  code: "broker_down",
  subject: `broker:${broker}`,
  brokerId: broker,
  message,
  facts: { broker },
});

const T0 = new Date("2026-11-28T03:00:00Z");
const T1 = new Date("2026-11-28T03:00:30Z");
let ids = 0;
const context = (now: Date, complete = true) => ({ clusterId: "c1", now, complete, newId: () => `a${++ids}` });

describe("autopilot: the anomaly timeline", () => {
  beforeEach(() => {
    ids = 0;
  });

  it("opens an anomaly when first seen, continues it while seen, clears it when a complete view no longer shows it", () => {
    const first = trackAnomalies([], [down(5)], context(T0));
    expect(first.cleared).to.deep.equal([]);
    expect(first.seen).to.deep.equal([
      {
        id: "a1",
        clusterId: "c1",
        code: "broker_down",
        subject: "broker:5",
        brokerId: 5,
        message: "Broker 5 does not answer",
        facts: { broker: 5 },
        firstSeenAt: T0.toISOString(),
        lastSeenAt: T0.toISOString(),
        clearedAt: null,
        events: [],
      },
    ]);
    const again = trackAnomalies(first.seen, [down(5, "Broker 5 does not answer and is fenced")], context(T1));
    expect(again.seen).to.have.length(1);
    expect(again.seen[0]).to.include({
      id: "a1",
      firstSeenAt: T0.toISOString(),
      lastSeenAt: T1.toISOString(),
      message: "Broker 5 does not answer and is fenced",
    });
    const gone = trackAnomalies(again.seen, [], context(new Date("2026-11-28T03:01:00Z")));
    expect(gone.seen).to.deep.equal([]);
    expect(gone.cleared.map((a) => [a.id, a.clearedAt])).to.deep.equal([["a1", "2026-11-28T03:01:00.000Z"]]);
  });

  it("a view with parts missing never clears: it cannot tell that something is gone", () => {
    const open = trackAnomalies([], [down(5)], context(T0)).seen;
    expect(trackAnomalies(open, [], context(T1, false))).to.deep.equal({ seen: [], cleared: [] });
  });

  it("the same broker down again after it cleared is a new anomaly, with its own first-seen time", () => {
    const open = trackAnomalies([], [down(5)], context(T0)).seen;
    const cleared = trackAnomalies(open, [], context(T1)).cleared;
    const back = trackAnomalies(cleared, [down(5)], context(new Date("2026-11-28T04:00:00Z"))).seen;
    expect(back.map((a) => [a.id, a.firstSeenAt])).to.deep.equal([["a2", "2026-11-28T04:00:00.000Z"]]);
  });

  it("records a policy's refusal once while it repeats, again when the reason changes; keeps the first and latest events", () => {
    let anomaly: Anomaly = trackAnomalies([], [down(5)], context(T0)).seen[0] as Anomaly;
    const refusal = (code: "cooldown" | "paused", at: string) => ({
      at,
      policy: "restart",
      kind: "refused" as const,
      reason: { code, message: code },
    });
    anomaly = withEvent(anomaly, refusal("paused", "2026-11-28T03:01:00.000Z"));
    anomaly = withEvent(anomaly, refusal("paused", "2026-11-28T03:01:30.000Z"));
    anomaly = withEvent(anomaly, { at: "2026-11-28T03:01:30.000Z", policy: "other", kind: "observed" });
    anomaly = withEvent(anomaly, refusal("cooldown", "2026-11-28T03:02:00.000Z"));
    expect(anomaly.events.map((e) => `${e.policy} ${e.kind} ${e.reason?.code ?? ""} ${e.at}`)).to.deep.equal([
      "restart refused paused 2026-11-28T03:01:00.000Z",
      "other observed  2026-11-28T03:01:30.000Z",
      "restart refused cooldown 2026-11-28T03:02:00.000Z",
    ]);
    for (let i = 0; i < 2 * EVENTS_KEPT; i++)
      anomaly = withEvent(
        anomaly,
        refusal(i % 2 === 0 ? "paused" : "cooldown", `2026-11-28T05:00:${String(i % 60).padStart(2, "0")}.000Z`),
      );
    expect(anomaly.events).to.have.length(EVENTS_KEPT);
    expect(anomaly.events[0]?.at).to.equal("2026-11-28T03:01:00.000Z");
  });
});
