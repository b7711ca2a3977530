import { expect } from "chai";
import { PROVIDER_KINDS, providerAbilities } from "../src/index.js";

describe("provider abilities", () => {
  const table = [
    { kind: "external", controlsNodes: false, scalesNodePools: false },
    { kind: "agent", controlsNodes: true, scalesNodePools: false },
    { kind: "container", controlsNodes: true, scalesNodePools: false },
    { kind: "operator-managed", controlsNodes: true, scalesNodePools: true },
  ] as const;

  for (const row of table) {
    it(`${row.kind}: controls nodes ${row.controlsNodes}, scales node pools ${row.scalesNodePools}`, () => {
      expect(providerAbilities(row.kind)).to.include({
        controlsNodes: row.controlsNodes,
        scalesNodePools: row.scalesNodePools,
      });
    });
  }

  it("explains every missing ability", () => {
    for (const kind of PROVIDER_KINDS) {
      const abilities = providerAbilities(kind);
      if (!abilities.controlsNodes || !abilities.scalesNodePools) expect(abilities.reason).to.be.a("string");
    }
  });
});
