import type { Operation } from "@kcp/shared";
import {
  type Api,
  createTopic,
  getSharedCluster,
  type KafkaCluster,
  reassignPartition,
  uniqueTopicName,
  waitFor,
  withAdmin,
} from "@kcp/test-infra";
import { expect } from "chai";
import { startTestService, type TestService } from "./service-fixture.js";

type Reply = Operation & { error: { code: string; message: string }; operations: Operation[] };

/** Reorders a partition's replicas (same set: nothing moves) so that its leader is no longer the preferred one. */
async function unpreferLeader(cluster: KafkaCluster, topic: string): Promise<void> {
  const replicas = await withAdmin(cluster, async (admin) => {
    const metadata = await admin.metadata({ topics: [topic], forceUpdate: true });
    return metadata.topics.get(topic)?.partitions[0]?.replicas ?? [];
  });
  const [first, ...rest] = replicas;
  await reassignPartition(cluster, topic, 0, [...rest, first as number]);
}

describe("operations: plan, list and read (standalone service, real Kafka)", function () {
  this.timeout(240_000);
  let service: TestService;
  let api: Api;
  let token: string;
  let cluster: KafkaCluster;
  let clusterId: string;

  const plan = (body: unknown, id = clusterId) =>
    api<Reply>("POST", `/api/v1/clusters/${id}/operations`, { token, body });

  before(async () => {
    cluster = await getSharedCluster("3c3b");
    service = await startTestService("operations");
    ({ api, token } = service);
    clusterId = await service.register({ name: "operations-3c3b", bootstrapServers: cluster.bootstrapServers });
  });

  after(async () => {
    await service?.stop();
  });

  it("plans a preferred leader election for exactly the partition led by another replica, and changes nothing", async () => {
    const topic = await createTopic(cluster, {
      name: uniqueTopicName("elect-plan"),
      partitions: 1,
      replicationFactor: 3,
    });
    await unpreferLeader(cluster, topic);
    const planned = await waitFor("a plan that includes the reordered partition", async () => {
      const response = await plan({ type: "electLeaders", params: { electionType: "preferred" } });
      const args = response.body.steps?.[0]?.args as { partitions?: { topic: string }[] } | undefined;
      return response.status === 201 && args?.partitions?.some((p) => p.topic === topic) ? response.body : undefined;
    });
    expect(planned).to.deep.include({ clusterId, type: "electLeaders", status: "planned", irreversible: false });
    expect(planned.createdBy).to.equal(service.admin.username);
    expect(planned.steps.map((s) => [s.kind, s.status])).to.deep.equal([["electLeaders", "pending"]]);
    expect(planned.plan.summary).to.match(/^Preferred leader election for \d+ partition\(s\)$/);

    const read = await api<Reply>("GET", `/api/v1/operations/${planned.id}`, { token });
    expect(read.body).to.deep.equal(planned);
    // A plan is a dry run: the leader is still not the preferred replica.
    const leaders = await withAdmin(cluster, async (admin) => {
      const partition = (await admin.metadata({ topics: [topic], forceUpdate: true })).topics.get(topic)?.partitions[0];
      return [partition?.leader, partition?.replicas[0]];
    });
    expect(leaders[0]).to.not.equal(leaders[1]);
  });

  it("lists the cluster's operations newest first, up to the limit", async () => {
    const view = await api<{ snapshot: { quorum: { voters: { nodeId: number; directoryId: string }[] } } }>(
      "GET",
      `/api/v1/clusters/${clusterId}`,
      { token },
    );
    const removal = (nodeId: number) => {
      const voter = view.body.snapshot.quorum.voters.find((v) => v.nodeId === nodeId);
      return plan({ type: "removeVoters", params: { voters: [{ nodeId, directoryId: voter?.directoryId }] } });
    };
    const older = await removal(3);
    const newer = await removal(2);
    expect([older.status, newer.status], older.text).to.deep.equal([201, 201]);
    expect(newer.body).to.deep.include({ status: "planned", irreversible: true });
    const two = await api<Reply>("GET", `/api/v1/clusters/${clusterId}/operations?limit=2`, { token });
    expect(two.body.operations.map((o) => o.id)).to.deep.equal([newer.body.id, older.body.id]);
    const one = await api<Reply>("GET", `/api/v1/clusters/${clusterId}/operations?limit=1`, { token });
    expect(one.body.operations.map((o) => o.id)).to.deep.equal([newer.body.id]);
    const tooMany = await api<Reply>("GET", `/api/v1/clusters/${clusterId}/operations?limit=1001`, { token });
    expect(tooMany.status).to.equal(400);
  });

  it("refuses plans that cannot apply: the last voter, nothing to do, an unknown broker, node pools and restartNodes on an external cluster", async () => {
    const view = await api<{ snapshot: { quorum: { voters: { nodeId: number; directoryId: string }[] } } }>(
      "GET",
      `/api/v1/clusters/${clusterId}`,
      { token },
    );
    const all = view.body.snapshot.quorum.voters.map((v) => ({ nodeId: v.nodeId, directoryId: v.directoryId }));
    const cases: [unknown, number, string, RegExp][] = [
      [{ type: "removeVoters", params: { voters: all } }, 422, "invalid_request", /last voter/],
      [{ type: "electLeaders", params: { electionType: "unclean" } }, 422, "invalid_request", /Nothing to do/],
      [{ type: "unregisterBrokers", params: { brokers: [42] } }, 422, "invalid_request", /Broker 42 is not registered/],
      [
        { type: "scaleNodePools", params: { pool: "pool-a", replicas: 3 } },
        422,
        "capability_unavailable",
        /^scaleNodePools: not offered — only the operator-managed provider has node pools$/,
      ],
      [
        { type: "upgradeVersion", params: { version: "4.4.0" } },
        422,
        "capability_unavailable",
        /^upgradeVersion: not offered — provider external does not control nodes$/,
      ],
      // restartNodes has a builder now: on this external cluster the capability gate refuses it first.
      [
        { type: "restartNodes", params: {} },
        422,
        "capability_unavailable",
        /^restartNodes: not offered — provider external does not control nodes$/,
      ],
      [{ type: "electLeaders", params: { electionType: "sometimes" } }, 400, "validation_failed", /electionType/],
    ];
    for (const [body, status, code, message] of cases) {
      const response = await plan(body);
      expect(response.status, response.text).to.equal(status);
      expect(response.body.error.code).to.equal(code);
      expect(response.body.error.message).to.match(message);
    }
  });

  it("refuses a type the cluster's flavor does not offer (422 capability_unavailable) and answers 404 for unknown ids", async () => {
    const managed = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      token,
      body: { name: "operations-managed-b", bootstrapServers: cluster.bootstrapServers, flavor: "managed-b" },
    });
    const refused = await plan(
      { type: "electLeaders", params: { electionType: "preferred" } },
      managed.body.cluster.id,
    );
    expect(refused.status, refused.text).to.equal(422);
    expect(refused.body.error).to.deep.equal({
      code: "capability_unavailable",
      message: "electLeaders: not offered — managed-b clusters do not allow leader elections",
    });
    expect((await api("GET", "/api/v1/operations/no-such-operation", { token })).status).to.equal(404);
    expect((await plan({ type: "finalizeFeatures", params: {} }, "no-such-cluster")).status).to.equal(404);
  });
});
