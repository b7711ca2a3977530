import { expect } from "chai";
import { sameSteps } from "../src/index.js";

describe("sameSteps", () => {
  it("sameSteps: a plan applies again only if it does exactly the same steps", () => {
    const a = [{ kind: "electLeaders", args: { partitions: [{ topic: "t", partition: 0 }] } }];
    expect(sameSteps(a, structuredClone(a))).to.equal(true);
    expect(sameSteps(a, [{ kind: "electLeaders", args: { partitions: [{ topic: "t", partition: 1 }] } }])).to.equal(
      false,
    );
    expect(sameSteps(a, [...a, ...a])).to.equal(false);
  });
});
