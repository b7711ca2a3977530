import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { expect } from "chai";
import { freePort, freePortBlock } from "../src/common/index.js";

function ephemeralStart(): number {
  return Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
}

describe("test-infra: ports for the harness's servers", () => {
  it("hands out distinct free ports below the ephemeral range, even to calls made at the same time", async () => {
    const ports = await Promise.all(Array.from({ length: 200 }, () => freePort()));
    expect(new Set(ports).size).to.equal(200);
    for (const port of ports) {
      expect(port).to.be.at.least(10_000);
      expect(port).to.be.below(Math.min(ephemeralStart(), 32_768));
    }
  });

  it("skips a port that is bound, and a block never overlaps a port handed out before", async () => {
    const taken = await freePort();
    const server = createServer();
    // The port after `taken` is the cursor's next: bound now, it must be skipped.
    await new Promise<void>((resolve) => server.listen(taken + 1, "127.0.0.1", resolve));
    try {
      const next = await freePort();
      expect(next).to.not.equal(taken + 1);
      const base = await freePortBlock(10);
      const block = Array.from({ length: 10 }, (_, i) => base + i);
      expect(block).to.not.include(taken);
      expect(block).to.not.include(next);
      expect(block).to.not.include(taken + 1);
    } finally {
      server.close();
    }
  });
});
