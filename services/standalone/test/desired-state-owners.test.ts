import type { DesiredStateDriftResponse, DesiredStatePlanResponse, Operation } from "@kcp/shared";
import { type KafkaCluster, kafkaToolOn, startCluster, waitFor } from "@kcp/test-infra";
import { expect } from "chai";
import { type Reply, startTestService, type TestService } from "./service-fixture.js";

const TOPICS = "org.apache.kafka.tools.TopicCommand";

/** Team A's file: the `orders.` topics, pruned. */
const teamA = {
  path: "team-a/orders.yaml",
  documents: [
    { kind: "Scope", topics: { prefixes: ["orders."] }, prune: true },
    { kind: "Topic", name: "orders.created", partitions: 1, replicationFactor: 1 },
    { kind: "Topic", name: "orders.paid", partitions: 1, replicationFactor: 1 },
  ],
};

/** Team B's own file: the prefix `orders` (which covers A's topics), pruned, declaring none of A's topics. */
const teamB = {
  path: "team-b/mine.yaml",
  documents: [
    { kind: "Scope", topics: { prefixes: ["orders"] }, prune: true },
    { kind: "Topic", name: "ordersb.audit", partitions: 1, replicationFactor: 1 },
  ],
};

describe("desired state on a real Kafka: one team's file never deletes another's applied topics", function () {
  this.timeout(300_000);
  let cluster: KafkaCluster;
  let service: TestService;
  let clusterId: string;
  const tokens: Record<string, string> = {};

  const as =
    (who: string) =>
    <T = Reply>(method: string, path: string, body?: unknown) =>
      service.api<T>(method, path, { token: tokens[who] as string, ...(body === undefined ? {} : { body }) });
  const plan = (who: string, files: unknown[]) =>
    as(who)<DesiredStatePlanResponse & Reply>("POST", `/api/v1/clusters/${clusterId}/desired-state/plan`, { files });
  const applied = async (who: string, files: unknown[]) => {
    const planned = await plan(who, files);
    expect(planned.status, planned.text).to.equal(200);
    const id = planned.body.operation?.id as string;
    const confirmed = await as(who)("POST", `/api/v1/operations/${id}/confirm`, {});
    expect(confirmed.status, confirmed.text).to.equal(200);
    return waitFor(
      "the apply to finish",
      async () => {
        const now = (await as(who)<Operation>("GET", `/api/v1/operations/${id}`)).body;
        return ["succeeded", "failed", "cancelled", "paused"].includes(now.status) ? now : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 300 },
    );
  };
  const topics = async () =>
    (await kafkaToolOn(cluster, TOPICS, ["--list"]))
      .split("\n")
      .map((line) => line.trim())
      .filter((name) => name.startsWith("orders"))
      .sort();

  before(async () => {
    cluster = await startCluster({ topology: "single", name: "desired-state-owners" });
    service = await startTestService("desired-state-owners");
    clusterId = await service.register({ name: "owners", bootstrapServers: cluster.bootstrapServers });
    tokens.admin = service.token;
    for (const username of ["alice", "bob"]) {
      const password = `${username}-operator-password`;
      const created = await as("admin")("POST", "/api/v1/users", { username, password, role: "operator" });
      expect(created.status, created.text).to.equal(201);
      tokens[username] = (
        await service.api<{ token: string }>("POST", "/api/v1/auth/login", { body: { username, password } })
      ).body.token;
    }
  });

  after(async () => {
    await service?.stop();
    await cluster?.stop();
  });

  it("team B's file whose pruning scope overlaps team A's applied one is refused at plan, naming A's file and who applied it; A's topics and A's record stay", async () => {
    const done = await applied("alice", [teamA]);
    expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
    expect(await topics()).to.deep.equal(["orders.created", "orders.paid"]);

    const refused = await plan("bob", [teamB]);
    expect(refused.status, refused.text).to.equal(422);
    expect(refused.body.error.code).to.equal("invalid_request");
    expect(refused.body.error.message).to.include(
      "team-b/mine.yaml, document 0 (Scope): The scope of team-b/mine.yaml and that of team-a/orders.yaml, applied by alice",
    );
    expect(refused.body.error.message).to.include("both own topics orders* and orders.*");
    // Nothing planned, nothing deleted.
    const listed = await as("bob")<{ operations: Operation[] } & Reply>(
      "GET",
      `/api/v1/clusters/${clusterId}/operations?limit=50`,
    );
    expect(listed.body.operations.filter((o) => o.createdBy === "bob")).to.deep.equal([]);
    expect(await topics()).to.deep.equal(["orders.created", "orders.paid"]);

    // B's file without A's prefix applies; A's record is not dropped by B's apply, and A's drift still shows it.
    const own = await applied("bob", [
      { ...teamB, documents: [{ kind: "Scope", topics: { prefixes: ["ordersb."] }, prune: true }, teamB.documents[1]] },
    ]);
    expect(own.status, JSON.stringify(own.steps)).to.equal("succeeded");
    const drift = await as("alice")<DesiredStateDriftResponse & Reply>(
      "GET",
      `/api/v1/clusters/${clusterId}/desired-state/drift`,
    );
    expect(drift.status, drift.text).to.equal(200);
    expect(drift.body.applied.map((a) => [a.path, a.appliedBy])).to.deep.equal([
      ["team-a/orders.yaml", "alice"],
      ["team-b/mine.yaml", "bob"],
    ]);
    expect(drift.body.changes).to.deep.equal([]);
    expect(await topics()).to.deep.equal(["orders.created", "orders.paid", "ordersb.audit"]);

    // A topic of A's deleted by hand is A's drift, not anyone else's.
    await kafkaToolOn(cluster, TOPICS, ["--delete", "--topic", "orders.paid"]);
    const after = await waitFor(
      "the deleted topic in A's drift",
      async () => {
        const now = await as("alice")<DesiredStateDriftResponse & Reply>(
          "GET",
          `/api/v1/clusters/${clusterId}/desired-state/drift`,
        );
        return now.body.changes.length > 0 ? now.body : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    expect(after.changes).to.deep.equal([
      { kind: "createTopic", topic: "orders.paid", partitions: 1, replicationFactor: 1, configs: {} },
    ]);
  });

  it("a plan body's schema problems name the file by its path and the document by its index, never files.0.documents.1", async () => {
    const broken = await plan("alice", [
      teamA,
      {
        path: "team-c/broken.yaml",
        documents: [
          { kind: "Scope", topics: { prefixes: ["c."] } },
          { kind: "Topic", name: "c.one", partitions: 0, replicationFactor: 1 },
        ],
      },
    ]);
    expect(broken.status, broken.text).to.equal(400);
    expect(broken.body.error.code).to.equal("validation_failed");
    expect(broken.body.error.message).to.match(/^Invalid body:\nteam-c\/broken\.yaml, document 1 \(partitions\): /);
    expect(broken.body.error.message).to.not.match(/files\.\d/);
  });
});
