import { OPERATION_STATUSES, type OperationStatus } from "@kcp/shared";
import { expect } from "chai";
import { acceptsAction, canTransition, canTransitionStep, isActive, isFinal } from "../src/index.js";

describe("operation state machine", () => {
  const allowed: [OperationStatus, OperationStatus][] = [
    ["planned", "pending"],
    ["planned", "cancelled"],
    ["pending", "running"],
    ["pending", "cancelled"],
    ["pending", "failed"],
    ["running", "paused"],
    ["paused", "running"],
    ["running", "succeeded"],
    ["running", "failed"],
    ["running", "cancelled"],
    ["paused", "cancelled"],
    ["paused", "failed"],
  ];

  it("allows exactly the moves of the lifecycle (docs/operations.md)", () => {
    for (const from of OPERATION_STATUSES) {
      for (const to of OPERATION_STATUSES) {
        const expected = allowed.some(([f, t]) => f === from && t === to);
        expect(canTransition(from, to), `${from} → ${to}`).to.equal(expected);
      }
    }
  });

  it("treats pending, running and paused as active, and the rest of the end states as final", () => {
    expect(OPERATION_STATUSES.filter(isActive)).to.deep.equal(["pending", "running", "paused"]);
    expect(OPERATION_STATUSES.filter(isFinal)).to.deep.equal(["succeeded", "failed", "cancelled"]);
  });

  it("accepts pause, resume and cancel only where they mean something", () => {
    expect(acceptsAction("running", "pause")).to.equal(true);
    expect(acceptsAction("paused", "pause")).to.equal(false);
    expect(acceptsAction("paused", "resume")).to.equal(true);
    expect(acceptsAction("running", "resume")).to.equal(false);
    expect(acceptsAction("planned", "cancel")).to.equal(true);
    expect(acceptsAction("succeeded", "cancel")).to.equal(false);
  });

  it("moves steps pending → running → succeeded|failed, or pending → skipped", () => {
    expect(canTransitionStep("pending", "running")).to.equal(true);
    expect(canTransitionStep("pending", "skipped")).to.equal(true);
    expect(canTransitionStep("running", "failed")).to.equal(true);
    expect(canTransitionStep("succeeded", "running")).to.equal(false);
    expect(canTransitionStep("skipped", "running")).to.equal(false);
  });
});
