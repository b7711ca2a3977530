import type { Broker } from "@kcp/shared";
import { expect } from "chai";
import { capacityOf } from "../src/planner/index.js";

const GiB = 1024 ** 3;
const broker = (logDirs: Broker["logDirs"]) => ({ id: 1, logDirs }) as Broker;

describe("a broker's disk capacity for the planner", () => {
  it("two log dirs on one volume count the volume once: its free space plus the Kafka data of both", () => {
    const shared = { totalBytes: 100 * GiB, usableBytes: 60 * GiB };
    const capacity = capacityOf(
      broker([
        { path: "/data-1", ...shared, dataBytes: 10 * GiB },
        { path: "/data-2", ...shared, dataBytes: 20 * GiB },
      ]),
    );
    expect(capacity).to.equal(90 * GiB);
  });

  it("dirs on volumes of their own add up; a failed dir is left out; one dir without a size makes it unknown", () => {
    const dirs = [
      { path: "/a", totalBytes: 100 * GiB, usableBytes: 50 * GiB, dataBytes: 30 * GiB },
      { path: "/b", totalBytes: 200 * GiB, usableBytes: 150 * GiB, dataBytes: 50 * GiB },
      { path: "/c", totalBytes: 300 * GiB, usableBytes: 1 * GiB, dataBytes: 0, error: "KAFKA_STORAGE_ERROR" },
    ];
    expect(capacityOf(broker(dirs))).to.equal(80 * GiB + 200 * GiB);
    expect(capacityOf(broker([...dirs, { path: "/d", dataBytes: 0 }]))).to.equal(undefined);
  });
});
