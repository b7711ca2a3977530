import type { Capabilities, CapabilityName, CapabilityRefusalCode } from "@kcp/shared";
import { expect } from "chai";
import { capabilityRefusal } from "../src/index.js";

const capabilities = (overrides: Partial<Capabilities>): Capabilities => ({ refusals: [], notes: [], ...overrides });

/** Capabilities whose one false flag is refused with `code` and `message`, its note as the collector writes it. */
const refused = (flag: CapabilityName, code: CapabilityRefusalCode, message: string): Capabilities =>
  capabilities({
    [flag]: false,
    refusals: [{ capability: flag, code, message }],
    notes: [`${flag}: not offered — ${message}`],
  });

describe("capability gate of direct actions", () => {
  it("refuses an action the cluster does not offer, with the capability's note (422 capability_unavailable)", () => {
    const refusal = capabilityRefusal(
      refused("manageConfigs", "flavor_forbids", "managed-b clusters do not allow configs"),
      "manageConfigs",
    );
    expect(refusal?.code).to.equal("capability_unavailable");
    expect(refusal?.status).to.equal(422);
    expect(refusal?.message).to.equal("manageConfigs: not offered — managed-b clusters do not allow configs");
  });

  it("refuses with the note for every code but permission_missing", () => {
    const others: [CapabilityName, CapabilityRefusalCode, string][] = [
      ["manageTopics", "api_unsupported", "the brokers do not serve CreatePartitions"],
      ["cordon", "feature_unsupported", "cordoned log dirs need Kafka 4.3+ on every broker"],
      ["cordon", "feature_state", "cordoned log dirs need metadata.version 4.3-IV0+"],
      ["removeVoters", "quorum_state", "the quorum is static (kraft.version 0); migrate it to a dynamic quorum first"],
      ["restartNodes", "provider_unable", "provider external does not control nodes"],
    ];
    for (const [flag, code, message] of others) {
      const refusal = capabilityRefusal(refused(flag, code, message), flag);
      expect(refusal?.status, code).to.equal(422);
      expect(refusal?.message, code).to.equal(`${flag}: not offered — ${message}`);
    }
  });

  it("lets Kafka decide when only a cluster permission is missing (resource ACLs may grant the action)", () => {
    const refusal = capabilityRefusal(
      refused("manageTopics", "permission_missing", "the principal lacks CREATE on the cluster"),
      "manageTopics",
    );
    expect(refusal).to.equal(undefined);
  });

  it("reads the refusal of the flag asked, not another flag's", () => {
    const both = capabilities({
      manageTopics: false,
      manageConfigs: false,
      refusals: [
        {
          capability: "manageTopics",
          code: "permission_missing",
          message: "the principal lacks CREATE on the cluster",
        },
        { capability: "manageConfigs", code: "flavor_forbids", message: "managed-c clusters do not allow configs" },
      ],
      notes: [
        "manageTopics: not offered — the principal lacks CREATE on the cluster",
        "manageConfigs: not offered — managed-c clusters do not allow configs",
      ],
    });
    expect(capabilityRefusal(both, "manageTopics")).to.equal(undefined);
    expect(capabilityRefusal(both, "manageConfigs")?.message).to.equal(
      "manageConfigs: not offered — managed-c clusters do not allow configs",
    );
  });

  it("a false flag without a refusal is refused generically", () => {
    expect(capabilityRefusal(capabilities({ reassign: false }), "reassign")?.message).to.equal(
      "reassign: not offered for this cluster",
    );
  });

  it("a view stored before capabilities carried refusals is judged by its notes, as then", () => {
    const stored = (flag: CapabilityName, note: string) => ({ [flag]: false, notes: [note] });
    const flavor = capabilityRefusal(
      stored("manageConfigs", "manageConfigs: not offered — managed-b clusters do not allow configs"),
      "manageConfigs",
    );
    expect(flavor?.status).to.equal(422);
    expect(flavor?.message).to.equal("manageConfigs: not offered — managed-b clusters do not allow configs");
    const permission = stored("manageTopics", "manageTopics: not offered — the principal lacks CREATE on the cluster");
    expect(capabilityRefusal(permission, "manageTopics")).to.equal(undefined);
    expect(capabilityRefusal({ reassign: false, notes: [] }, "reassign")?.message).to.equal(
      "reassign: not offered for this cluster",
    );
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
