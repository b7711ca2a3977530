import { AUTOPILOT_SERVICE_SCOPE, type PolicySpec, PolicySpecSchema } from "@kcp/shared";
import { expect } from "chai";
import { findThresholds, pauseInForce } from "../src/scope.js";

const NOW = new Date("2026-11-28T03:00:00Z");

describe("autopilot: pauses in force and the thresholds anomalies are found at", () => {
  it("the service's pause first, then the cluster's; one that ended is not in force; another cluster's never", () => {
    const cluster = { scope: "c1", reason: "drill", by: "alice", at: NOW };
    const service = { scope: AUTOPILOT_SERVICE_SCOPE, reason: "freeze", by: "bob", at: NOW };
    const ended = { scope: "c1", reason: "old", by: "carol", at: NOW, until: new Date("2026-11-28T02:00:00Z") };
    expect(pauseInForce([cluster, service], "c1", NOW)).to.equal(service);
    expect(pauseInForce([cluster], "c1", NOW)).to.equal(cluster);
    expect(pauseInForce([cluster], "c2", NOW)).to.equal(undefined);
    expect(pauseInForce([ended], "c1", NOW)).to.equal(undefined);
    expect(pauseInForce([{ ...ended, until: new Date("2026-11-28T04:00:00Z") }], "c1", NOW)?.reason).to.equal("old");
  });

  it("the most sensitive band and share among the policies, the defaults where none sets one", () => {
    const policy = (trigger: Record<string, unknown>, action: string): PolicySpec =>
      PolicySpecSchema.parse({ name: "p", scope: { clusterId: "c1" }, trigger, action: { type: action } });
    expect(findThresholds([], 85)).to.deep.equal({
      diskHighPercent: 85,
      diskBandPercent: 10,
      leaderImbalancePercent: 10,
    });
    expect(
      findThresholds(
        [
          policy({ code: "disk_imbalance", bandPercent: 20 }, "rebalance"),
          policy({ code: "disk_imbalance", bandPercent: 5 }, "rebalance"),
          policy({ code: "leader_imbalance", thresholdPercent: 30 }, "electLeaders"),
        ],
        80,
      ),
    ).to.deep.equal({ diskHighPercent: 80, diskBandPercent: 5, leaderImbalancePercent: 30 });
  });
});
