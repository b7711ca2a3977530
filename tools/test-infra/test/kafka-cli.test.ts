import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { Admin } from "@platformatic/kafka";
import { expect } from "chai";
import { type ClusterDescription, repoRoot } from "../src/index.js";

const run = promisify(execFile);

async function cli(...args: string[]): Promise<unknown> {
  const { stdout } = await run("npm", ["run", "-s", "kafka", "--", ...args], { cwd: repoRoot, timeout: 180_000 });
  return JSON.parse(stdout.trim().split("\n").pop() ?? "{}");
}

describe("test-infra: the kafka command line", function () {
  this.timeout(240_000);
  const name = `cli-${process.pid}`;

  after(async () => {
    await cli("down", "--name", name).catch(() => undefined);
  });

  it("starts a cluster that outlives the command, reports it, and stops it", async () => {
    const up = (await cli("up", "--topology", "single", "--name", name)) as ClusterDescription;
    expect(up).to.include({ name, topology: "single", version: "4.3.1" });
    expect(up.bootstrapServers).to.have.lengthOf(1);
    expect(up.nodes).to.have.lengthOf(1);
    expect(up.nodes[0]).to.deep.include({ id: 1, roles: ["broker", "controller"] });
    expect(up.nodes[0]?.endpoints.PLAINTEXT).to.equal(up.bootstrapServers[0]);
    expect(up.controllerEndpoints).to.deep.equal([up.nodes[0]?.endpoints.CONTROLLER]);

    const admin = new Admin({ clientId: "cli-test", bootstrapBrokers: up.bootstrapServers, retries: 2 });
    try {
      const metadata = await admin.metadata({ topics: [] });
      expect(metadata.id).to.equal(up.clusterId);
    } finally {
      await admin.close();
    }

    const status = (await cli("status")) as { clusters: { name: string; nodes: { alive: boolean }[] }[] };
    expect(status.clusters.find((c) => c.name === name)?.nodes.every((n) => n.alive)).to.equal(true);

    expect(await cli("down", "--name", name)).to.deep.equal({ name, stopped: true });
    const after = (await cli("status")) as { clusters: { name: string }[] };
    expect(after.clusters.map((c) => c.name)).to.not.include(name);
  });

  it("refuses an unknown topology with a usage message", async () => {
    const failure = await run("npm", ["run", "-s", "kafka", "--", "up", "--topology", "huge"], { cwd: repoRoot }).then(
      () => "succeeded",
      (error: { stderr: string; code: number }) => `${error.code}: ${error.stderr}`,
    );
    expect(failure).to.match(/^2: /).and.include('unknown or missing --topology: "huge"').and.include("usage:");
  });
});
