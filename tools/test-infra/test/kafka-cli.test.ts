import { execFile } from "node:child_process";
import { readFile, stat } from "node:fs/promises";
import { promisify } from "node:util";
import { Admin } from "@platformatic/kafka";
import { expect } from "chai";
import {
  type AgentClusterDescription,
  type ClusterDescription,
  httpsRequest,
  processesUnder,
  repoRoot,
} from "../src/index.js";

const run = promisify(execFile);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

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

  it("--agents: every node run by a node agent; the JSON names the agents and the key file (0600), never the key", async () => {
    const agentName = `${name}-agents`;
    try {
      const { stdout } = await run(
        "npm",
        ["run", "-s", "kafka", "--", "up", "--topology", "single", "--agents", "--name", agentName],
        {
          cwd: repoRoot,
          timeout: 180_000,
        },
      );
      expect(stdout).to.not.include("PRIVATE KEY");
      const up = JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as AgentClusterDescription;
      expect(up).to.include({ name: agentName, provider: "agent", version: "4.3.1" });
      expect(up.settings.agents).to.deep.equal([
        { url: up.agents[0]?.url, agentId: `${agentName}-agent-1`, nodeIds: [1] },
      ]);
      expect((await stat(up.signingKeyFile)).mode & 0o777).to.equal(0o600);
      expect(await readFile(up.signingKeyFile, "utf8")).to.include("BEGIN PRIVATE KEY");
      expect(up.serviceEnv).to.deep.equal({
        AGENT_SIGNING_KEY_FILE: up.signingKeyFile,
        AGENT_URLS: `${agentName}-agent-1=${up.agents[0]?.url}`,
        AGENT_CA_FILE: up.caFile,
      });
      const health = await httpsRequest(`${up.agents[0]?.url}/v1/health`, { ca: await readFile(up.caFile, "utf8") });
      expect(JSON.parse(health.text)).to.deep.equal({ status: "ok", agentId: `${agentName}-agent-1` });
      const pids = [up.agents[0]?.pid, up.nodes[0]?.pid] as number[];
      expect(pids.every(alive)).to.equal(true);

      const status = (await cli("status")) as { clusters: { name: string; agents?: { alive: boolean }[] }[] };
      expect(status.clusters.find((c) => c.name === agentName)?.agents?.map((a) => a.alive)).to.deep.equal([true]);
      expect(await cli("down", "--name", agentName)).to.deep.equal({ name: agentName, stopped: true });
      expect(pids.filter(alive)).to.deep.equal([]);
      expect(await processesUnder(up.dir)).to.deep.equal([]);
    } finally {
      await cli("down", "--name", agentName).catch(() => undefined);
    }
  });

  it("refuses an unknown topology with a usage message", async () => {
    const failure = await run("npm", ["run", "-s", "kafka", "--", "up", "--topology", "huge"], { cwd: repoRoot }).then(
      () => "succeeded",
      (error: { stderr: string; code: number }) => `${error.code}: ${error.stderr}`,
    );
    expect(failure).to.match(/^2: /).and.include('unknown or missing --topology: "huge"').and.include("usage:");
  });
});
