import type { Operation, StepArgs } from "@kcp/shared";
import {
  type Api,
  configsFromTool,
  createTopic,
  getSharedCluster,
  type KafkaCluster,
  partitionFromTool,
  prometheusValue,
  reassignPartition,
  uniqueTopicName,
  votersFromTool,
  waitFor,
  waitForLeaderOnEveryBroker,
} from "@kcp/test-infra";
import { expect } from "chai";
import { operationRunner, runStepAgain } from "./operations-fixture.js";
import { startTestService, type TestService } from "./service-fixture.js";

type Reply = Operation & { error: { code: string; message: string } };

const voterIds = async (cluster: KafkaCluster) => (await votersFromTool(cluster)).map((v) => v.id);

describe("operations: confirm and run on a real 3c3b cluster (pause/resume/cancel, the worker)", function () {
  this.timeout(300_000);
  let service: TestService;
  let api: Api;
  let token: string;
  let cluster: KafkaCluster;
  let clusterId: string;
  let ops: ReturnType<typeof operationRunner>;
  const clusterName = "run-3c3b";

  before(async () => {
    cluster = await getSharedCluster("3c3b");
    service = await startTestService("operations-run");
    ({ api, token } = service);
    clusterId = await service.register({ name: clusterName, bootstrapServers: cluster.bootstrapServers });
    ops = operationRunner(service, clusterId);
  });

  after(async () => {
    await service?.stop();
  });

  async function unpreferredTopic(prefix: string): Promise<{ topic: string; preferred: number }> {
    const topic = await createTopic(cluster, { name: uniqueTopicName(prefix), partitions: 1, replicationFactor: 3 });
    const before = await partitionFromTool(cluster, topic);
    const [first, ...rest] = before.replicas;
    await reassignPartition(cluster, topic, 0, [...rest, first as number]);
    await waitFor("the new replica order", async () =>
      (await partitionFromTool(cluster, topic)).replicas[0] === rest[0] ? true : undefined,
    );
    return { topic, preferred: rest[0] as number };
  }

  it("electLeaders: confirmed, the worker moves the leader to the preferred replica; two confirms at once: one wins, one is 409", async () => {
    const { topic, preferred } = await unpreferredTopic("run-elect");
    expect((await partitionFromTool(cluster, topic)).leader).to.not.equal(preferred);
    const planned = await ops.plan({
      type: "electLeaders",
      params: { electionType: "preferred", partitions: [{ topic, partition: 0 }] },
    });
    expect(planned.status, planned.text).to.equal(201);
    expect(Date.parse(planned.body.expiresAt) - Date.parse(planned.body.createdAt)).to.equal(15 * 60 * 1000);
    // Two confirms at once: exactly one wins, the other is 409.
    const both = await Promise.all([ops.confirm(planned.body.id), ops.confirm(planned.body.id)]);
    expect(both.map((r) => r.status).sort()).to.deep.equal([200, 409]);
    const confirmed = both.find((r) => r.status === 200);
    expect(confirmed?.body).to.include({ confirmedBy: service.admin.username });
    expect(both.find((r) => r.status === 409)?.body.error.code).to.equal("conflict");

    const done = await ops.finished(planned.body.id);
    expect(done.status).to.equal("succeeded");
    expect(done.steps[0]).to.deep.include({ kind: "electLeaders", status: "succeeded", detail: { partitions: 1 } });
    expect((await partitionFromTool(cluster, topic)).leader).to.equal(preferred);
    // Safe to run twice: the second election is "not needed", and the leader stays.
    await runStepAgain(cluster, "electLeaders", { electionType: "preferred", partitions: [{ topic, partition: 0 }] });
    expect((await partitionFromTool(cluster, topic)).leader).to.equal(preferred);

    const audit = await waitFor("the operation's audit trail", async () => {
      const response = await api<{ entries: { action: string; target?: string; actor: string }[] }>(
        "GET",
        `/api/v1/audit?clusterId=${clusterId}&limit=100`,
        { token },
      );
      const mine = response.body.entries.filter((e) => e.target === planned.body.id);
      return mine.some((e) => e.action === "operation.finish") ? mine.map((e) => e.action).reverse() : undefined;
    });
    // The gateway audits the user's plan and confirms (the second one refused); the worker each of its moves.
    expect(audit.filter((a) => !["operation.plan", "operation.confirm"].includes(a))).to.deep.equal([
      "operation.start",
      "operation.step",
      "operation.finish",
    ]);
    expect(audit.filter((a) => a === "operation.plan" || a === "operation.confirm")).to.deep.equal([
      "operation.plan",
      "operation.confirm",
      "operation.confirm",
    ]);
  });

  it("confirm re-checks the plan against a fresh snapshot: 409 when the cluster changed, and the plan stays planned", async () => {
    const { topic, preferred } = await unpreferredTopic("run-stale");
    const planned = await ops.plan({
      type: "electLeaders",
      params: { electionType: "preferred", partitions: [{ topic, partition: 0 }] },
    });
    expect(planned.status, planned.text).to.equal(201);
    // Someone else elects the preferred leader meanwhile: the plan no longer applies (once the brokers know it).
    await runStepAgain(cluster, "electLeaders", { electionType: "preferred", partitions: [{ topic, partition: 0 }] });
    await waitForLeaderOnEveryBroker(cluster, topic, 0, preferred);
    const refused = await ops.confirm(planned.body.id);
    expect(refused.status, refused.text).to.equal(409);
    expect(refused.body.error).to.deep.include({ code: "conflict" });
    expect(refused.body.error.message).to.match(/cluster changed since the plan/);
    const read = await api<Reply>("GET", `/api/v1/operations/${planned.body.id}`, { token });
    expect(read.body.status).to.equal("planned");
  });

  it("addControllers then removeVoters: the observer becomes a voter (3 → 4) and leaves (→ 3); removal needs the name", async () => {
    const observer = cluster.describe().nodes.find((n) => n.observer);
    const nodeId = observer?.id as number;
    const [host, port] = (observer?.endpoints.CONTROLLER ?? "").split(":");
    expect(await voterIds(cluster)).to.deep.equal([1, 2, 3]);
    // DescribeQuorum tells an observer's directory id but not its endpoints: the request gives them.
    const endpoints = [{ name: "CONTROLLER", host, port: Number(port) }];
    const added = await ops.run({ type: "addControllers", params: { controllers: [{ nodeId, endpoints }] } });
    expect(added.steps.map((s) => [s.kind, s.status])).to.deep.equal([["addRaftVoter", "succeeded"]]);
    expect(await voterIds(cluster)).to.deep.equal([1, 2, 3, nodeId]);
    const addArgs = added.steps[0]?.args as StepArgs<"addRaftVoter">;
    expect(await runStepAgain(cluster, "addRaftVoter", addArgs)).to.deep.equal({ added: false });
    expect(await voterIds(cluster)).to.deep.equal([1, 2, 3, nodeId]);

    const voter = { nodeId, directoryId: addArgs.directoryId };
    const removal = await ops.plan({ type: "removeVoters", params: { voters: [voter] } });
    expect(removal.body).to.include({ status: "planned", irreversible: true });
    for (const name of [undefined, "not-the-name", clusterName.toUpperCase()]) {
      const refused = await ops.confirm(removal.body.id, name);
      expect(refused.status, refused.text).to.equal(422);
      expect(refused.body.error.code).to.equal("confirmation_mismatch");
    }
    expect((await api<Reply>("GET", `/api/v1/operations/${removal.body.id}`, { token })).body.status).to.equal(
      "planned",
    );
    expect(await voterIds(cluster)).to.deep.equal([1, 2, 3, nodeId]);
    expect((await ops.confirm(removal.body.id, clusterName)).status).to.equal(200);
    expect((await ops.finished(removal.body.id)).status).to.equal("succeeded");
    await waitFor("three voters", async () => ((await voterIds(cluster)).length === 3 ? true : undefined));
    expect(await voterIds(cluster)).to.deep.equal([1, 2, 3]);
    expect(await runStepAgain(cluster, "removeRaftVoter", voter)).to.deep.equal({ removed: false });
    expect(await voterIds(cluster)).to.deep.equal([1, 2, 3]);
  });

  it("cordonBrokers / uncordonBrokers (Kafka 4.3): cordoned.log.dirs set on the broker, then removed", async () => {
    const cordoned = await ops.run({ type: "cordonBrokers", params: { brokers: [6] } });
    const args = cordoned.steps[0]?.args as StepArgs<"setBrokerConfig">;
    expect(args.set?.["cordoned.log.dirs"]).to.be.a("string");
    const dirs = args.set?.["cordoned.log.dirs"] as string;
    expect(await configsFromTool(cluster, "brokers", 6)).to.include(`cordoned.log.dirs=${dirs}`);
    await runStepAgain(cluster, "setBrokerConfig", args);
    expect(await configsFromTool(cluster, "brokers", 6)).to.include(`cordoned.log.dirs=${dirs}`);

    const uncordoned = await ops.run({ type: "uncordonBrokers", params: { brokers: [6] } });
    expect(uncordoned.steps[0]?.args).to.deep.equal({ broker: 6, delete: ["cordoned.log.dirs"] });
    expect(await configsFromTool(cluster, "brokers", 6)).to.not.include("cordoned.log.dirs");
    await runStepAgain(cluster, "setBrokerConfig", { broker: 6, delete: ["cordoned.log.dirs"] });
    expect(await configsFromTool(cluster, "brokers", 6)).to.not.include("cordoned.log.dirs");
  });

  it("/metrics: collections per cluster, operations by type and outcome, queue jobs and their durations", async () => {
    const text = await (await fetch(`${service.url}/metrics`)).text();
    const value = (name: string, labels: Record<string, string>) =>
      prometheusValue(text, name, { service: "standalone", ...labels });
    expect(value("kcp_collection_duration_seconds_count", { cluster: clusterId, outcome: "success" })).to.be.above(0);
    expect(value("kcp_operations_finished_total", { type: "electLeaders", outcome: "succeeded" })).to.be.above(0);
    expect(value("kcp_operations_finished_total", { type: "addControllers", outcome: "succeeded" })).to.equal(1);
    expect(value("kcp_operations_finished_total", { type: "removeVoters", outcome: "succeeded" })).to.equal(1);
    expect(value("kcp_queue_job_duration_seconds_count", { queue: "operations", outcome: "success" })).to.be.above(0);
    expect(value("kcp_queue_jobs", { queue: "collect", state: "waiting" })).to.be.at.least(0);
    const confirms = { method: "POST", route: "/api/v1/operations/:op/confirm" };
    expect(value("kcp_http_request_duration_seconds_count", { ...confirms, status: "200" })).to.be.above(0);
    expect(value("kcp_http_request_duration_seconds_count", { ...confirms, status: "422" })).to.be.above(0);
  });
});
