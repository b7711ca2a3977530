import { expect } from "chai";
import { groupByVolume, volumeKey } from "../../src/rules/volumes.js";

describe("log dirs by volume", () => {
  it("dirs reporting the same size and free space share one volume; others stand alone", () => {
    const dirs = [
      { path: "/a", totalBytes: 100, usableBytes: 40 },
      { path: "/b", totalBytes: 200, usableBytes: 40 },
      { path: "/c", totalBytes: 100, usableBytes: 40 },
      { path: "/d" },
      { path: "/e" },
    ];
    expect(groupByVolume(dirs).map((g) => g.map((d) => d.path))).to.deep.equal([["/a", "/c"], ["/b"], ["/d"], ["/e"]]);
    expect(volumeKey({ totalBytes: 100 })).to.equal(undefined);
  });
});
