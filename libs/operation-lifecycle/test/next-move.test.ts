import type { StepStatus } from "@kcp/shared";
import { expect } from "chai";
import { finalStepStatus, nextMove, type ProgressState } from "../src/index.js";

const steps = (...list: [StepStatus, boolean?][]) =>
  list.map(([status, alwaysRun]) => ({ status, alwaysRun: !!alwaysRun }));
const state = (partial: Partial<ProgressState>): ProgressState => ({
  status: "running",
  requestedAction: null,
  steps: steps(["pending"]),
  ...partial,
});

describe("nextMove (the engine's next move)", () => {
  it("starts a pending operation, and ends one cancelled before it started", () => {
    expect(nextMove(state({ status: "pending" }))).to.deep.equal({ kind: "start" });
    expect(nextMove(state({ status: "pending", requestedAction: "cancel" }))).to.deep.equal({
      kind: "finish",
      status: "cancelled",
    });
  });

  it("runs the first unfinished step, a step left running first (its worker died), and succeeds when none is left", () => {
    expect(nextMove(state({ steps: steps(["succeeded"], ["pending"]) }))).to.deep.equal({ kind: "run", index: 1 });
    expect(nextMove(state({ steps: steps(["running"], ["pending"]) }))).to.deep.equal({ kind: "run", index: 0 });
    expect(nextMove(state({ steps: steps(["succeeded"], ["succeeded"]) }))).to.deep.equal({
      kind: "finish",
      status: "succeeded",
    });
  });

  it("after a failure runs only the remaining alwaysRun steps, then fails", () => {
    const failed = steps(["failed"], ["pending"], ["pending", true]);
    expect(nextMove(state({ steps: failed }))).to.deep.equal({ kind: "run", index: 2 });
    expect(nextMove(state({ steps: steps(["failed"], ["pending"], ["succeeded", true]) }))).to.deep.equal({
      kind: "finish",
      status: "failed",
    });
  });

  it("honours pause and resume between steps; a paused operation without a request waits", () => {
    expect(nextMove(state({ requestedAction: "pause" }))).to.deep.equal({ kind: "pause" });
    expect(nextMove(state({ status: "paused" }))).to.deep.equal({ kind: "wait" });
    expect(nextMove(state({ status: "paused", requestedAction: "resume" }))).to.deep.equal({ kind: "resume" });
  });

  it("cancel wins over pause and runs the cleanup; a paused operation resumes only to run it", () => {
    const withCleanup = steps(["succeeded"], ["pending"], ["pending", true]);
    expect(nextMove(state({ requestedAction: "cancel", steps: withCleanup }))).to.deep.equal({ kind: "run", index: 2 });
    expect(nextMove(state({ status: "paused", requestedAction: "cancel", steps: withCleanup }))).to.deep.equal({
      kind: "resume",
    });
    expect(
      nextMove(state({ status: "paused", requestedAction: "cancel", steps: steps(["succeeded"], ["pending"]) })),
    ).to.deep.equal({
      kind: "finish",
      status: "cancelled",
    });
  });

  it("ends with steps never run skipped and a step a dead worker left running failed", () => {
    expect(
      ["pending", "running", "succeeded", "failed", "skipped"].map((s) => finalStepStatus(s as StepStatus)),
    ).to.deep.equal(["skipped", "failed", "succeeded", "failed", "skipped"]);
  });
});
