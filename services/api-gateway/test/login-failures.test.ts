import { expect } from "chai";
import { LoginFailureBudget, loginFailureSummaryEvent, OTHER_ADDRESSES } from "../src/audit/login-failures.js";

const takeMany = (budget: LoginFailureBudget, address: string, times: number, now: number) =>
  Array.from({ length: times }, () => budget.take(address, now).audit);

describe("failed-login audit budget (pure)", () => {
  it("audits an address's first failures of a window one by one and only counts the rest", () => {
    const budget = new LoginFailureBudget(3, 60_000);
    expect(takeMany(budget, "10.0.0.1", 5, 0)).to.deep.equal([true, true, true, false, false]);
    expect(takeMany(budget, "10.0.0.2", 1, 10), "another address has its own budget").to.deep.equal([true]);
    expect(budget.ended(59_999)).to.deep.equal([]);
    expect(budget.ended(60_000)).to.deep.equal([
      { clientAddress: "10.0.0.1", from: new Date(0), to: new Date(60_000), audited: 3, counted: 2 },
    ]);
    expect(budget.ended(60_010), "a window with nothing counted needs no summary").to.deep.equal([]);
    expect(takeMany(budget, "10.0.0.1", 1, 60_001), "a new window, a new budget").to.deep.equal([true]);
  });

  it("hands back the summary of an address's ended window when its next failure comes first", () => {
    const budget = new LoginFailureBudget(1, 1000);
    takeMany(budget, "10.0.0.1", 3, 0);
    const next = budget.take("10.0.0.1", 1500);
    expect(next.audit).to.equal(true);
    expect(next.ended).to.deep.include({ clientAddress: "10.0.0.1", audited: 1, counted: 2 });
    expect(budget.ended(1600)).to.deep.equal([]);
  });

  it("keeps at most maxAddresses windows: failures from further addresses share one window", () => {
    const budget = new LoginFailureBudget(2, 60_000, 2);
    takeMany(budget, "10.0.0.1", 1, 0);
    takeMany(budget, "10.0.0.2", 1, 0);
    expect(takeMany(budget, "10.0.0.3", 2, 0).concat(takeMany(budget, "10.0.0.4", 2, 0))).to.deep.equal([
      true,
      true,
      false,
      false,
    ]);
    expect(budget.drain(30_000)).to.deep.equal([
      { clientAddress: OTHER_ADDRESSES, from: new Date(0), to: new Date(30_000), audited: 2, counted: 2 },
    ]);
    expect(budget.ended(120_000), "drained: nothing left").to.deep.equal([]);
  });

  it("makes a summary entry that says how many and when, as anonymous, with nothing any login typed", () => {
    const event = loginFailureSummaryEvent({
      clientAddress: "10.0.0.1",
      from: new Date(0),
      to: new Date(60_000),
      audited: 10,
      counted: 4000,
    });
    expect(event).to.deep.equal({
      at: "1970-01-01T00:01:00.000Z",
      actor: "anonymous",
      action: "auth.login.failures",
      result: "denied",
      detail: {
        clientAddress: "10.0.0.1",
        from: "1970-01-01T00:00:00.000Z",
        to: "1970-01-01T00:01:00.000Z",
        audited: 10,
        counted: 4000,
      },
    });
  });
});
