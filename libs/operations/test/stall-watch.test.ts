import { expect } from "chai";
import { watchStalls } from "../src/step-kinds/stall-watch.js";

const MINUTE = 60_000;

describe("watchStalls (moves whose copy stopped growing)", () => {
  it("lists a move whose copied bytes have not grown for the stall time, and forgets finished moves", () => {
    let state = watchStalls(
      new Map(),
      new Map([
        ["t:0", 100],
        ["t:1", 0],
      ]),
      0,
      5 * MINUTE,
    );
    expect(state.stalled).to.deep.equal([]);
    state = watchStalls(
      state.progress,
      new Map([
        ["t:0", 500],
        ["t:1", 0],
      ]),
      3 * MINUTE,
      5 * MINUTE,
    );
    expect(state.stalled).to.deep.equal([]);
    state = watchStalls(
      state.progress,
      new Map([
        ["t:0", 900],
        ["t:1", 0],
      ]),
      5 * MINUTE,
      5 * MINUTE,
    );
    expect(state.stalled).to.deep.equal(["t:1"]);
    // t:0 grew at 5 minutes: it stalls only 5 minutes after that.
    state = watchStalls(
      state.progress,
      new Map([
        ["t:0", 900],
        ["t:1", 0],
      ]),
      9 * MINUTE,
      5 * MINUTE,
    );
    expect(state.stalled).to.deep.equal(["t:1"]);
    state = watchStalls(state.progress, new Map([["t:0", 900]]), 10 * MINUTE, 5 * MINUTE);
    expect(state.stalled).to.deep.equal(["t:0"]);
    expect([...state.progress.keys()]).to.deep.equal(["t:0"]);
  });

  it("a copy that shrank (restarted) is not progress: the move stays stalled", () => {
    const first = watchStalls(new Map(), new Map([["t:0", 800]]), 0, MINUTE);
    const restarted = watchStalls(first.progress, new Map([["t:0", 100]]), 2 * MINUTE, MINUTE);
    expect(restarted.stalled).to.deep.equal(["t:0"]);
  });
});
