import { AppError, OPERATION_STATUSES, type OperationStatus, type Step, type StepStatus } from "@kcp/shared";
import { expect } from "chai";
import {
  canTransition,
  type Decision,
  decide,
  OPERATION_TRANSITIONS,
  type OperationEvent,
  type OperationState,
  PLAN_EXPIRED_ERROR,
  plannedDocument,
  typed,
} from "../src/index.js";

const T0 = new Date("2026-01-01T10:00:00Z");
const LATER = new Date("2026-01-01T10:20:00Z");

const step = (index: number, status: StepStatus, alwaysRun = false): Step => ({
  index,
  name: `step ${index}`,
  kind: "electLeaders",
  args: {},
  alwaysRun,
  status,
  startedAt: status === "pending" ? null : T0.toISOString(),
  finishedAt: null,
});

function operation(
  status: OperationStatus,
  change: Partial<OperationState["document"]> = {},
  steps: Step[] = [step(0, "pending"), step(1, "pending", true)],
): OperationState {
  return {
    id: "op1",
    clusterId: "c1",
    type: "electLeaders",
    status,
    version: 3,
    createdAt: T0,
    updatedAt: T0,
    expiresAt: new Date(T0.getTime() + 15 * 60_000),
    document: {
      ...plannedDocument({
        summary: "s",
        params: {},
        plan: { summary: "s", warnings: [], irreversible: false },
        irreversible: false,
        createdBy: "alice",
        steps,
      }),
      ...change,
    },
  } as OperationState;
}

function changed(decision: Decision) {
  if (decision.kind !== "change") expect.fail(`expected a change, got ${JSON.stringify(decision)}`);
  return decision;
}

function refusal(decision: Decision) {
  if (decision.kind !== "refused") expect.fail(`expected a refusal, got ${decision.kind}`);
  expect(decision.error).to.be.instanceOf(AppError);
  return { code: decision.error.code, status: decision.error.status };
}

/** One event for each move the table lists, from an operation in the `from` status. */
const MOVES: Record<string, { operation: OperationState; event: OperationEvent }> = {
  "planned → pending": {
    operation: operation("planned"),
    event: { kind: "confirm", by: "bob", clusterName: "prod" },
  },
  "planned → cancelled": { operation: operation("planned"), event: { kind: "expire", at: LATER } },
  "pending → running": { operation: operation("pending"), event: { kind: "start", at: LATER } },
  "pending → cancelled": {
    operation: operation("pending", { requestedAction: "cancel" }),
    event: { kind: "finish", status: "cancelled", at: LATER },
  },
  "pending → failed": {
    operation: operation("pending"),
    event: { kind: "finish", status: "failed", reason: "the cluster was removed from the control plane", at: LATER },
  },
  "running → paused": {
    operation: operation("running", { requestedAction: "pause" }),
    event: { kind: "pause" },
  },
  "running → succeeded": {
    operation: operation("running", {}, [step(0, "succeeded"), step(1, "succeeded", true)]),
    event: { kind: "finish", status: "succeeded", at: LATER },
  },
  "running → failed": {
    operation: operation("running", {}, [step(0, "failed"), step(1, "succeeded", true)]),
    event: { kind: "finish", status: "failed", at: LATER },
  },
  "running → cancelled": {
    operation: operation("running", { requestedAction: "cancel" }, [step(0, "succeeded"), step(1, "succeeded", true)]),
    event: { kind: "finish", status: "cancelled", at: LATER },
  },
  "paused → running": {
    operation: operation("paused", { requestedAction: "resume", error: "broker 6 is down" }),
    event: { kind: "resume" },
  },
  "paused → cancelled": {
    operation: operation("paused", { requestedAction: "cancel" }, [step(0, "succeeded"), step(1, "succeeded", true)]),
    event: { kind: "finish", status: "cancelled", at: LATER },
  },
  "paused → failed": {
    operation: operation("paused"),
    event: { kind: "finish", status: "failed", reason: "the cluster was removed from the control plane", at: LATER },
  },
};

/** Events of every kind, to try on an operation in every status. */
const EVENTS: OperationEvent[] = [
  { kind: "confirm", by: "bob", clusterName: "prod" },
  { kind: "request", action: "pause", at: LATER },
  { kind: "request", action: "resume", at: LATER },
  { kind: "request", action: "cancel", at: LATER },
  { kind: "expire", at: LATER },
  { kind: "start", at: LATER },
  { kind: "pause" },
  { kind: "resume" },
  { kind: "stepStart", index: 0, at: LATER },
  { kind: "stepEnd", index: 0, outcome: { status: "succeeded", detail: {} }, at: LATER },
  { kind: "stepEnd", index: 0, outcome: { status: "pending", detail: {}, pauseReason: "not safe" }, at: LATER },
  { kind: "checkpoint", index: 0, detail: { done: 1 } },
  { kind: "report", details: { moved: 1 } },
  { kind: "finish", status: "succeeded", at: LATER },
  { kind: "finish", status: "failed", at: LATER },
  { kind: "finish", status: "cancelled", at: LATER },
];

describe("decide: an operation's lifecycle", () => {
  describe("each move of the transition table, made by its event", () => {
    const listed = Object.entries(OPERATION_TRANSITIONS).flatMap(([from, tos]) => tos.map((to) => `${from} → ${to}`));

    it("has an event for every move the table lists, and the table lists every move below", () => {
      expect(Object.keys(MOVES).sort()).to.deep.equal([...listed].sort());
    });

    for (const name of listed) {
      it(name, () => {
        const [from, to] = name.split(" → ") as [OperationStatus, OperationStatus];
        const { operation: before, event } = MOVES[name] as (typeof MOVES)[string];
        expect(before.status).to.equal(from);
        expect(changed(decide(before, event)).status).to.equal(to);
      });
    }
  });

  it("makes no move the table does not list: every event on an operation in every status", () => {
    // A plan's steps are all pending until it runs: only the first set for planned and pending operations.
    const stepSets: Step[][] = [
      [step(0, "pending"), step(1, "pending", true)],
      [step(0, "running"), step(1, "pending", true)],
      [step(0, "failed"), step(1, "pending", true)],
      [step(0, "succeeded"), step(1, "succeeded", true)],
    ];
    let moves = 0;
    for (const status of OPERATION_STATUSES)
      for (const requestedAction of [null, "pause", "resume", "cancel"] as const)
        for (const steps of status === "planned" || status === "pending" ? stepSets.slice(0, 1) : stepSets)
          for (const event of EVENTS) {
            const decision = decide(operation(status, { requestedAction }, steps), event);
            if (decision.kind !== "change" || decision.status === status) continue;
            moves++;
            expect(canTransition(status, decision.status), `${status} → ${decision.status} on ${event.kind}`).to.equal(
              true,
            );
          }
    expect(moves).to.be.greaterThan(50);
  });

  it("a move the table does not list is refused as an internal error, never made", () => {
    const decision = decide(operation("pending"), { kind: "finish", status: "succeeded", at: LATER });
    expect(refusal(decision)).to.deep.equal({ code: "internal", status: 500 });
  });

  describe("the API's events", () => {
    it("confirm: planned → pending, who confirmed recorded, a worker asked to run it", () => {
      const decision = changed(decide(operation("planned"), { kind: "confirm", by: "bob", clusterName: "prod" }));
      expect(decision.document.confirmedBy).to.equal("bob");
      expect(decision.enqueue).to.equal(true);
    });

    it("confirm of an irreversible plan needs the cluster's name typed back (422)", () => {
      const irreversible = operation("planned", { irreversible: true });
      const event = { kind: "confirm", by: "bob", clusterName: "prod" } as const;
      expect(refusal(decide(irreversible, { ...event, confirmName: "prd" }))).to.deep.equal({
        code: "confirmation_mismatch",
        status: 422,
      });
      expect(decide(irreversible, { ...event, confirmName: "prod" }).kind).to.equal("change");
    });

    it("confirm of anything not planned is 409, of a plan the sweep expired 410", () => {
      for (const status of ["pending", "running", "paused", "succeeded", "failed", "cancelled"] as const)
        expect(refusal(decide(operation(status), { kind: "confirm", by: "b", clusterName: "p" })).status).to.equal(409);
      const swept = changed(decide(operation("planned"), { kind: "expire", at: LATER }));
      const expired = operation("cancelled", swept.document);
      expect(refusal(decide(expired, { kind: "confirm", by: "b", clusterName: "p" }))).to.deep.equal({
        code: "plan_expired",
        status: 410,
      });
      // An error text alone is not a reason: a plan cancelled with any message is 409.
      const said = operation("cancelled", { error: PLAN_EXPIRED_ERROR });
      expect(refusal(decide(said, { kind: "confirm", by: "b", clusterName: "p" })).status).to.equal(409);
      // A plan that expired before reasons were stored (its error exactly the one it was given) is read with the
      // reason: still 410.
      const older = typed(said as never);
      expect(older.document.reason?.code).to.equal("plan_expired");
      expect(refusal(decide(older, { kind: "confirm", by: "b", clusterName: "p" })).status).to.equal(410);
      const otherwise = operation("cancelled", { error: "cancelled before it was confirmed" });
      expect(typed(otherwise as never)).to.equal(otherwise);
    });

    it("expire: only a planned operation past its lifetime, every step skipped, audited", () => {
      expect(decide(operation("planned"), { kind: "expire", at: T0 }).kind).to.equal("none");
      expect(decide(operation("pending"), { kind: "expire", at: LATER }).kind).to.equal("none");
      const decision = changed(decide(operation("planned"), { kind: "expire", at: LATER }));
      expect(decision.document.error).to.equal(PLAN_EXPIRED_ERROR);
      expect(decision.document.reason?.code).to.equal("plan_expired");
      expect(decision.document.steps.map((s) => s.status)).to.deep.equal(["skipped", "skipped"]);
      expect(decision.audits.map((a) => a.action)).to.deep.equal(["operation.expire"]);
    });

    it("cancel of a planned operation ends it at once; of an active one sets the request for the worker", () => {
      const planned = changed(decide(operation("planned"), { kind: "request", action: "cancel", at: LATER }));
      expect(planned).to.include({ status: "cancelled", enqueue: false });
      expect(planned.document.error).to.equal("cancelled before it was confirmed");
      const running = changed(decide(operation("running"), { kind: "request", action: "cancel", at: LATER }));
      expect(running).to.include({ status: "running", enqueue: true });
      expect(running.document.requestedAction).to.equal("cancel");
    });

    it("a resume withdraws a pause not yet honoured; pause and resume are refused where they mean nothing (409)", () => {
      const withdrawn = changed(
        decide(operation("running", { requestedAction: "pause" }), { kind: "request", action: "resume", at: LATER }),
      );
      expect(withdrawn.document.requestedAction).to.equal(null);
      expect(refusal(decide(operation("paused"), { kind: "request", action: "pause", at: LATER })).status).to.equal(
        409,
      );
      expect(refusal(decide(operation("running"), { kind: "request", action: "resume", at: LATER })).status).to.equal(
        409,
      );
      expect(refusal(decide(operation("succeeded"), { kind: "request", action: "cancel", at: LATER })).status).to.equal(
        409,
      );
    });

    it("nothing but another cancel is accepted while a cancel is under way (409)", () => {
      const cancelling = operation("paused", { requestedAction: "cancel" });
      expect(refusal(decide(cancelling, { kind: "request", action: "resume", at: LATER })).status).to.equal(409);
      expect(decide(cancelling, { kind: "request", action: "cancel", at: LATER }).kind).to.equal("change");
    });
  });

  describe("the worker's events", () => {
    it("a move another writer already made is nothing to do, not a refusal", () => {
      expect(decide(operation("running"), { kind: "start", at: LATER }).kind).to.equal("none");
      expect(decide(operation("running"), { kind: "pause" }).kind).to.equal("none");
      expect(decide(operation("paused"), { kind: "resume" }).kind).to.equal("none");
      expect(decide(operation("succeeded"), { kind: "finish", status: "failed", at: LATER }).kind).to.equal("none");
      expect(
        decide(operation("running"), {
          kind: "stepEnd",
          index: 0,
          outcome: { status: "failed", error: "x" },
          at: LATER,
        }).kind,
      ).to.equal("none");
    });

    it("a step started again after its worker died keeps its first start", () => {
      const again = operation("running", {}, [{ ...step(0, "running"), startedAt: "2026-01-01T09:00:00.000Z" }]);
      const decision = changed(decide(again, { kind: "stepStart", index: 0, at: LATER }));
      expect(decision.document.steps[0]?.startedAt).to.equal("2026-01-01T09:00:00.000Z");
    });

    it("a step that must not go on pauses the operation with its reason (step and pause audited), unless cancelling", () => {
      const running = operation("running", {}, [step(0, "running")]);
      const event: OperationEvent = {
        kind: "stepEnd",
        index: 0,
        outcome: { status: "pending", detail: { waited: 1 }, pauseReason: "partitions at risk" },
        at: LATER,
      };
      const paused = changed(decide(running, event));
      expect(paused).to.include({ status: "paused" });
      expect(paused.document).to.include({ error: "partitions at risk", requestedAction: null });
      expect(paused.document.steps[0]).to.include({ status: "pending", finishedAt: null });
      expect(paused.audits.map((a) => a.action)).to.deep.equal(["operation.step", "operation.pause"]);
      const cancelling = { ...running, document: { ...running.document, requestedAction: "cancel" as const } };
      expect(changed(decide(cancelling, event)).status).to.equal("running");
    });

    it("a credential step that succeeded is audited per credential, as its direct route, by the confirmer", () => {
      const credentials = [
        { user: "admin", mechanism: "SCRAM-SHA-256", iterations: 8192 },
        { user: "app", mechanism: "SCRAM-SHA-512", iterations: 4096 },
      ];
      const set = { ...step(0, "running"), kind: "setScramCredentials" as const, args: { credentials } };
      const running = operation("running", { confirmedBy: "ada" }, [set]);
      const event = (status: "succeeded" | "failed"): OperationEvent => ({
        kind: "stepEnd",
        index: 0,
        outcome: status === "succeeded" ? { status, detail: {} } : { status, error: "x" },
        at: LATER,
      });
      const audits = changed(decide(running, event("succeeded"))).audits;
      expect(audits.slice(1)).to.deep.equal([
        {
          action: "scram.upsert",
          actor: "ada",
          target: "admin/SCRAM-SHA-256",
          detail: { operationId: "op1", plannedBy: "alice", mechanism: "SCRAM-SHA-256" },
          result: "success",
        },
        {
          action: "scram.upsert",
          actor: "ada",
          target: "app/SCRAM-SHA-512",
          detail: { operationId: "op1", plannedBy: "alice", mechanism: "SCRAM-SHA-512" },
          result: "success",
        },
      ]);
      const deleted = { ...set, kind: "deleteScramCredentials" as const, args: { credentials: [credentials[0]] } };
      const deleting = operation("running", { confirmedBy: "ada" }, [deleted]);
      expect(changed(decide(deleting, event("succeeded"))).audits.map((a) => [a.action, a.target])).to.deep.equal([
        ["operation.step", undefined],
        ["scram.delete", "admin/SCRAM-SHA-256"],
      ]);
      // A failed step changed nothing it can name: only the step's own entry.
      expect(changed(decide(running, event("failed"))).audits.map((a) => a.action)).to.deep.equal(["operation.step"]);
    });

    it("finish: steps never run skipped, a step left running failed as interrupted, the first failure named", () => {
      const decision = changed(
        decide(operation("running", {}, [step(0, "failed"), step(1, "running", true), step(2, "pending")]), {
          kind: "finish",
          status: "failed",
          at: LATER,
        }),
      );
      expect(decision.document.steps.map((s) => s.status)).to.deep.equal(["failed", "failed", "skipped"]);
      expect(decision.document.steps[1]?.error).to.equal("interrupted");
      expect(decision.document.error).to.equal("Step 1 (step 0) failed: unknown error");
      expect(decision.audits).to.deep.equal([
        { action: "operation.finish", detail: { error: decision.document.error }, result: "failure" },
      ]);
    });
  });
});
