import { expect } from "chai";
import { groupByVolume, VOLUME_READ_SLACK_BYTES } from "../../src/rules/volumes.js";

const MiB = 1024 * 1024;

describe("log dirs by volume", () => {
  it("dirs reporting the same size and free space share one volume; others stand alone, in their order", () => {
    const dirs = [
      { path: "/a", totalBytes: 100, usableBytes: 40 },
      { path: "/b", totalBytes: 200, usableBytes: 40 },
      { path: "/c", totalBytes: 100, usableBytes: 40 },
      { path: "/d" },
      { path: "/e", totalBytes: 100 },
    ];
    expect(groupByVolume(dirs).map((g) => g.map((d) => d.path))).to.deep.equal([["/a", "/c"], ["/b"], ["/d"], ["/e"]]);
  });

  it("a busy volume read twice is still one volume: free space apart by what was written between the reads", () => {
    const total = 500_000 * MiB;
    const dirs = [
      { path: "/data", totalBytes: total, usableBytes: 200_000 * MiB },
      { path: "/data-2", totalBytes: total, usableBytes: 200_000 * MiB - 3 * MiB },
      { path: "/data-3", totalBytes: total, usableBytes: 200_000 * MiB + 40 * MiB },
    ];
    expect(groupByVolume(dirs).map((g) => g.map((d) => d.path))).to.deep.equal([["/data", "/data-2", "/data-3"]]);
  });

  it("identical disks whose free space differs by more than a read's slack are volumes of their own", () => {
    const total = 500_000 * MiB;
    const dirs = [
      { path: "/disk1", totalBytes: total, usableBytes: 200_000 * MiB },
      { path: "/disk2", totalBytes: total, usableBytes: 200_000 * MiB + VOLUME_READ_SLACK_BYTES + 1 },
      { path: "/disk3", totalBytes: total, usableBytes: 300_000 * MiB },
    ];
    expect(groupByVolume(dirs).map((g) => g.map((d) => d.path))).to.deep.equal([["/disk1"], ["/disk2"], ["/disk3"]]);
  });
});
