import type { Capabilities } from "@kcp/shared";
import { expect } from "chai";
import { capabilityRefusal } from "../src/index.js";

const capabilities = (overrides: Partial<Capabilities>): Capabilities => ({ notes: [], ...overrides });

describe("capability gate of direct actions", () => {
  it("refuses an action the cluster does not offer, with the capability's note (422 capability_unavailable)", () => {
    const refusal = capabilityRefusal(
      capabilities({
        manageConfigs: false,
        notes: ["manageConfigs: not offered — managed-b clusters do not allow configs"],
      }),
      "manageConfigs",
    );
    expect(refusal?.code).to.equal("capability_unavailable");
    expect(refusal?.message).to.equal("manageConfigs: not offered — managed-b clusters do not allow configs");
  });

  it("lets Kafka decide when only a cluster permission is missing (resource ACLs may grant the action)", () => {
    const refusal = capabilityRefusal(
      capabilities({
        manageTopics: false,
        notes: ["manageTopics: not offered — the principal lacks CREATE on the cluster"],
      }),
      "manageTopics",
    );
    expect(refusal).to.equal(undefined);
  });

  it("lets Kafka decide while the capabilities are unknown (never collected, or unreachable last time)", () => {
    expect(capabilityRefusal(undefined, "manageTopics")).to.equal(undefined);
    expect(capabilityRefusal(capabilities({ error: "capabilities unknown: timeout" }), "manageTopics")).to.equal(
      undefined,
    );
  });

  it("does not refuse an offered action", () => {
    expect(capabilityRefusal(capabilities({ manageTopics: true }), "manageTopics")).to.equal(undefined);
  });
});
