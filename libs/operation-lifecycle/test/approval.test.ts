import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AppError, type ApprovalRule, ApprovalRulesSchema, loadApprovalRules } from "@kcp/shared";
import { expect } from "chai";
import {
  approvalRequired,
  approvalView,
  decide,
  type OperationState,
  type PlannedApproval,
  plannedApproval,
  plannedDocument,
} from "../src/index.js";

const prod = { id: "c-prod", name: "payments-prod", labels: { env: "prod", team: "payments" } };
const staging = { id: "c-staging", name: "payments-staging", labels: { env: "staging" } };

const rules = (json: unknown): ApprovalRule[] => ApprovalRulesSchema.parse(json);

describe("four-eyes approval: which rule holds for a plan", () => {
  const typedNameOnProd = rules([{ name: "prod", clusters: { labels: { env: "prod" } } }]);

  it("by default a rule holds for the typed-name (irreversible) plans of the clusters it covers, and no others", () => {
    expect(approvalRequired(typedNameOnProd, prod, { type: "unregisterBrokers", irreversible: true })).to.deep.equal(
      typedNameOnProd[0],
    );
    expect(approvalRequired(typedNameOnProd, prod, { type: "rebalance", irreversible: false })).to.equal(undefined);
    expect(approvalRequired(typedNameOnProd, staging, { type: "unregisterBrokers", irreversible: true })).to.equal(
      undefined,
    );
  });

  it("a type's irreversibility comes from the plan: an unclean election needs approval, a preferred one does not", () => {
    expect(approvalRequired(typedNameOnProd, prod, { type: "electLeaders", irreversible: true })?.name).to.equal(
      "prod",
    );
    expect(approvalRequired(typedNameOnProd, prod, { type: "electLeaders", irreversible: false })).to.equal(undefined);
  });

  it("a rule naming types holds for every plan of them (risk all unless it says typed-name)", () => {
    const rebalances = rules([{ clusters: { all: true }, operationTypes: ["rebalance", "drainBrokers"] }]);
    expect(approvalRequired(rebalances, staging, { type: "rebalance", irreversible: false })).to.not.equal(undefined);
    expect(approvalRequired(rebalances, staging, { type: "cordonBrokers", irreversible: false })).to.equal(undefined);
    const typedUpgrades = rules([{ clusters: { all: true }, operationTypes: ["upgradeVersion"], risk: "typed-name" }]);
    expect(approvalRequired(typedUpgrades, prod, { type: "upgradeVersion", irreversible: false })).to.equal(undefined);
    expect(approvalRequired(typedUpgrades, prod, { type: "upgradeVersion", irreversible: true })).to.not.equal(
      undefined,
    );
  });

  it("risk all on a cluster scope holds for every plan there; clusters by id; the first rule that holds is named", () => {
    const list = rules([
      { name: "staging-all", clusters: { ids: ["c-staging"] }, risk: "all" },
      { name: "everything", clusters: { all: true }, risk: "all" },
    ]);
    expect(approvalRequired(list, staging, { type: "cordonBrokers", irreversible: false })?.name).to.equal(
      "staging-all",
    );
    expect(approvalRequired(list, prod, { type: "cordonBrokers", irreversible: false })?.name).to.equal("everything");
    expect(approvalRequired([], prod, { type: "unregisterBrokers", irreversible: true })).to.equal(undefined);
  });

  it("a label selector needs every label it names, with the same value", () => {
    const list = rules([{ clusters: { labels: { env: "prod", team: "billing" } } }]);
    expect(approvalRequired(list, prod, { type: "removeVoters", irreversible: true })).to.equal(undefined);
  });

  it("the rules file is checked at start: unknown types, risk classes and fields are refused with their path", () => {
    const dir = mkdtempSync(join(tmpdir(), "kcp-approval-"));
    const write = (name: string, text: string) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    };
    expect(loadApprovalRules({})).to.deep.equal([]);
    const good = write("good.json", JSON.stringify([{ clusters: { labels: { env: "prod" } } }]));
    expect(loadApprovalRules({ APPROVAL_RULES_FILE: good })).to.deep.equal([{ clusters: { labels: { env: "prod" } } }]);
    const badType = write("type.json", JSON.stringify([{ clusters: { all: true }, operationTypes: ["dropAll"] }]));
    expect(() => loadApprovalRules({ APPROVAL_RULES_FILE: badType })).to.throw(/type\.json: \[0\.operationTypes\.0\]/);
    const badRisk = write("risk.json", JSON.stringify([{ clusters: { all: true }, risk: "some" }]));
    expect(() => loadApprovalRules({ APPROVAL_RULES_FILE: badRisk })).to.throw(/\[0\.risk\]/);
    const extra = write("extra.json", JSON.stringify([{ clusters: { all: true }, approvers: ["bob"] }]));
    expect(() => loadApprovalRules({ APPROVAL_RULES_FILE: extra })).to.throw(/approvers/);
    const notJson = write("not.json", "[{");
    expect(() => loadApprovalRules({ APPROVAL_RULES_FILE: notJson })).to.throw(/is not JSON/);
    expect(() => loadApprovalRules({ APPROVAL_RULES_FILE: join(dir, "missing.json") })).to.throw(/ENOENT/);
  });
});

describe("four-eyes approval: the confirm decision", () => {
  const rule: ApprovalRule = { name: "prod", clusters: { labels: { env: "prod" } } };

  function planned(approval: PlannedApproval | undefined, irreversible = true): OperationState {
    return {
      id: "op1",
      clusterId: prod.id,
      type: "unregisterBrokers",
      status: "planned",
      version: 1,
      createdAt: new Date("2026-01-01T10:00:00Z"),
      updatedAt: new Date("2026-01-01T10:00:00Z"),
      expiresAt: new Date("2026-01-01T10:15:00Z"),
      document: plannedDocument({
        summary: "unregister 4",
        params: { brokers: [4] },
        plan: { summary: "unregister 4", warnings: [], irreversible },
        irreversible,
        createdBy: "alice",
        steps: [],
        ...(approval ? { approval } : {}),
      }),
    } as OperationState;
  }

  const approval = plannedApproval([rule], prod, { type: "unregisterBrokers", irreversible: true, createdBy: "alice" });
  const confirm = (by: string, confirmName = prod.name) =>
    ({ kind: "confirm", by, confirmName, clusterName: prod.name }) as const;

  it("the planner's confirm is refused 403 approval_required, naming the rule and who may approve", () => {
    const decision = decide(planned(approval), confirm("alice"));
    if (decision.kind !== "refused") expect.fail(`expected a refusal, got ${decision.kind}`);
    expect(decision.error).to.be.instanceOf(AppError);
    expect(decision.error.code).to.equal("approval_required");
    expect(decision.error.status).to.equal(403);
    expect(decision.error.message).to.include("'prod'");
    expect(decision.error.message).to.include(
      "another person than alice with the operator role on the whole cluster payments-prod may",
    );
  });

  it("the planner is told about approval before a mistyped name (the name would not help)", () => {
    const decision = decide(planned(approval), confirm("alice", "wrong"));
    expect(decision.kind === "refused" && decision.error.code).to.equal("approval_required");
  });

  it("another person confirms it, still with the cluster's name typed back; the confirm records the approver", () => {
    const mistyped = decide(planned(approval), confirm("bob", "wrong"));
    expect(mistyped.kind === "refused" && mistyped.error.code).to.equal("confirmation_mismatch");
    const decision = decide(planned(approval), confirm("bob"));
    if (decision.kind !== "change") expect.fail(`expected a change, got ${JSON.stringify(decision)}`);
    expect(decision.status).to.equal("pending");
    expect(decision.document.confirmedBy).to.equal("bob");
    expect(approvalView(decision.document.approval, decision.status, "alice", "bob")).to.deep.include({
      awaiting: false,
      plannedBy: "alice",
      approvedBy: "bob",
    });
  });

  it("the autopilot's own plan is not confirmed by the policy that planned it", () => {
    const own = plannedApproval([rule], prod, {
      type: "unregisterBrokers",
      irreversible: true,
      createdBy: "autopilot:p",
    });
    const state = planned(own);
    const decision = decide(
      { ...state, document: { ...state.document, createdBy: "autopilot:p" } },
      confirm("autopilot:p"),
    );
    expect(decision.kind === "refused" && decision.error.code).to.equal("approval_required");
  });

  it("without a rule for the plan its planner confirms it as before", () => {
    expect(decide(planned(undefined), confirm("alice")).kind).to.equal("change");
  });

  it("the view says awaiting while planned, with who planned it and who may approve", () => {
    expect(approvalView(approval, "planned", "alice", null)).to.deep.equal({
      required: true,
      rule,
      awaiting: true,
      plannedBy: "alice",
      approvers: "another person than alice with the operator role on the whole cluster payments-prod",
      approvedBy: null,
    });
    expect(approvalView(undefined, "planned", "alice", null)).to.equal(undefined);
  });

  it("an operation of changes is approved by someone with the roles its changes need", () => {
    const changes = plannedApproval([rule], prod, {
      type: "applyDesiredState",
      irreversible: true,
      createdBy: "alice",
    });
    expect(changes?.approvers).to.equal(
      "another person than alice with the roles its changes need on cluster payments-prod",
    );
  });
});
