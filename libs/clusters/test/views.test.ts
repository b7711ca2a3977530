import type { ClusterRecord, ClusterViewRecord } from "@kcp/store";
import { expect } from "chai";
import { clusterView } from "../src/index.js";

const AT = new Date("2026-01-01T00:00:00.000Z");

const record: ClusterRecord = {
  id: "c1",
  name: "prod",
  profile: {
    provider: "external",
    flavor: "managed-b",
    bootstrapServers: ["kafka-1:9092"],
    security: { protocol: "PLAINTEXT", saslMechanism: "" },
    secretsSet: [],
  },
  labels: {},
  settings: {},
  brokerClusterId: "k1",
  createdAt: AT,
  updatedAt: AT,
};

const stored = (capabilities: Record<string, unknown>): ClusterViewRecord => ({
  clusterId: "c1",
  health: { status: "ok", issues: [] },
  capabilities,
  updatedAt: AT,
});

describe("the Cluster view resource: capabilities", () => {
  it("before the first collection: no refusal, no note, an error saying so", () => {
    expect(clusterView(record, undefined, { withSnapshot: false }).capabilities).to.deep.equal({
      refusals: [],
      notes: [],
      error: "not collected yet",
    });
  });

  it("answers a collected view's refusals and notes as stored", () => {
    const capabilities = {
      manageQuotas: false,
      refusals: [
        { capability: "manageQuotas", code: "flavor_forbids", message: "managed-b clusters do not allow quotas" },
      ],
      notes: ["manageQuotas: not offered — managed-b clusters do not allow quotas"],
    };
    expect(clusterView(record, stored(capabilities), { withSnapshot: false }).capabilities).to.deep.equal(capabilities);
  });

  it("a view stored before capabilities carried refusals answers none, its notes as stored", () => {
    const notes = ["manageQuotas: not offered — managed-b clusters do not allow quotas"];
    expect(
      clusterView(record, stored({ manageQuotas: false, notes }), { withSnapshot: false }).capabilities,
    ).to.deep.equal({ refusals: [], manageQuotas: false, notes });
  });
});
