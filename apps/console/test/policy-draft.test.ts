import { expect } from "chai";
import { firstDraft, policySpec, TEMPLATES, templateChoice, templateOf } from "../src/pages/autopilot/policy-draft.js";

const indexOf = (name: string) => TEMPLATES.findIndex((t) => t.name === name);

describe("console: a new autopilot policy from the form's draft", () => {
  it("the untouched form asks for the first template, on every cluster, proposed, with the default guard rails and no window or cap", () => {
    expect(policySpec(firstDraft())).to.deep.equal({
      name: "restart-down-brokers",
      scope: { labels: {} },
      trigger: { code: "broker_down", for: "2m" },
      action: { type: "restartNodes" },
      mode: "propose",
      guardRails: { cooldown: "30m", timeZone: "UTC", minHealthyBrokers: 0 },
    });
  });

  it("choosing a template takes its name; a name typed afterwards and a cluster, mode and window days are sent as typed", () => {
    const chosen = { ...firstDraft(), ...templateChoice(indexOf("prefer-leaders")) };
    expect(chosen.name).to.equal("prefer-leaders");
    const draft = {
      ...chosen,
      name: "console-leaders",
      scope: "c-1",
      mode: "observe" as const,
      days: " Sat, sun ,,",
      timeZone: "Europe/Berlin",
    };
    expect(policySpec(draft)).to.deep.equal({
      name: "console-leaders",
      scope: { clusterId: "c-1" },
      trigger: { code: "leader_imbalance", for: "2m" },
      action: { type: "electLeaders" },
      mode: "observe",
      guardRails: {
        cooldown: "30m",
        timeZone: "Europe/Berlin",
        minHealthyBrokers: 0,
        windows: [{ days: ["sat", "sun"], start: "02:00", end: "06:00" }],
      },
    });
  });

  it("a cap is sent in bytes; a throttle only with a rebalance, in bytes per second", () => {
    const rebalance = {
      ...firstDraft(),
      ...templateChoice(indexOf("even-out-disks")),
      capGiB: "1.5",
      throttleMiB: "2.5",
      minHealthy: 3,
    };
    const spec = policySpec(rebalance);
    expect(spec.action).to.deep.equal({ type: "rebalance", throttleBytesPerSec: Math.round(2.5 * 1024 ** 2) });
    expect(spec.guardRails).to.deep.equal({
      cooldown: "30m",
      timeZone: "UTC",
      minHealthyBrokers: 3,
      maxBytesPerAction: Math.round(1.5 * 1024 ** 3),
    });
    const restart = { ...rebalance, ...templateChoice(indexOf("restart-fenced-brokers")) };
    expect(policySpec(restart).action).to.deep.equal({ type: "restartNodes" });
  });

  it("a template index out of range reads as the first template", () => {
    expect(templateOf({ ...firstDraft(), template: 99 })).to.equal(TEMPLATES[0]);
  });
});
