import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Anomaly, AuditEntry, DesiredStatePlanResponse, Operation } from "@kcp/shared";
import {
  createTopic,
  getSharedCluster,
  type KafkaCluster,
  reassignPartition,
  uniqueTopicName,
  waitFor,
  withAdmin,
} from "@kcp/test-infra";
import { expect } from "chai";
import { type Reply, startTestService, type TestService } from "./service-fixture.js";

/** Reorders a partition's replicas (same set: nothing moves) so that its leader is no longer the preferred one. */
async function unpreferLeader(cluster: KafkaCluster, topic: string): Promise<void> {
  const replicas = await withAdmin(cluster, async (admin) => {
    const metadata = await admin.metadata({ topics: [topic], forceUpdate: true });
    return metadata.topics.get(topic)?.partitions[0]?.replicas ?? [];
  });
  const [first, ...rest] = replicas;
  await reassignPartition(cluster, topic, 0, [...rest, first as number]);
}

const topicExists = (cluster: KafkaCluster, topic: string) =>
  withAdmin(cluster, async (admin) => (await admin.listTopics()).includes(topic));

describe("four-eyes approval on a prod-labelled cluster (standalone service, real Kafka)", function () {
  this.timeout(240_000);
  let cluster: KafkaCluster;
  let service: TestService;
  let clusterId: string;
  let rulesDir: string;
  const clusterName = "four-eyes-prod";
  const tokens: Record<string, string> = {};

  const as = <T = Reply>(who: string, method: string, path: string, body?: unknown) =>
    service.api<T & Reply>(method, path, { token: tokens[who] as string, ...(body === undefined ? {} : { body }) });

  async function operator(username: string): Promise<void> {
    const password = `${username}-password-1`;
    const created = await as("admin", "POST", "/api/v1/users", { username, password, role: "operator" });
    expect(created.status, created.text).to.equal(201);
    const login = await service.api<{ token: string }>("POST", "/api/v1/auth/login", { body: { username, password } });
    tokens[username] = login.body.token;
  }

  before(async () => {
    rulesDir = await mkdtemp(join(tmpdir(), "kcp-four-eyes-"));
    const rulesFile = join(rulesDir, "approval-rules.json");
    await writeFile(
      rulesFile,
      JSON.stringify([
        { name: "prod", clusters: { labels: { env: "prod" } } },
        { name: "prod-elections", clusters: { labels: { env: "prod" } }, operationTypes: ["electLeaders"] },
      ]),
    );
    cluster = await getSharedCluster("3c3b");
    service = await startTestService("four-eyes", { APPROVAL_RULES_FILE: rulesFile });
    tokens.admin = service.token;
    clusterId = await service.register({
      name: clusterName,
      bootstrapServers: cluster.bootstrapServers,
      labels: { env: "prod" },
      settings: { collectionIntervalSeconds: 5 },
    });
    await operator("ann");
    await operator("bob");
  });

  after(async () => {
    await service?.stop();
    if (rulesDir) await rm(rulesDir, { recursive: true, force: true });
  });

  it("ann plans a topic's deletion; her confirm is refused (403 approval_required, nothing changes); bob's runs it; the audit names both", async () => {
    const topic = await createTopic(cluster, {
      name: uniqueTopicName("four-eyes"),
      partitions: 1,
      replicationFactor: 1,
    });
    const file = { path: "four-eyes.yaml", documents: [{ kind: "Scope", topics: { names: [topic] }, prune: true }] };
    const plan = await waitFor("ann's plan to delete the new topic", async () => {
      const answer = await as<DesiredStatePlanResponse>(
        "ann",
        "POST",
        `/api/v1/clusters/${clusterId}/desired-state/plan`,
        {
          files: [file],
        },
      );
      expect(answer.status, answer.text).to.equal(200);
      return answer.body.changes.length > 0 ? answer.body : undefined;
    });
    expect(plan.changes).to.deep.equal([{ kind: "deleteTopic", topic, partitions: 1 }]);
    const planned = plan.operation as Operation;
    expect(planned).to.deep.include({ status: "planned", irreversible: true, createdBy: "ann" });
    expect(planned.approval).to.deep.equal({
      required: true,
      rule: { name: "prod", clusters: { labels: { env: "prod" } } },
      awaiting: true,
      plannedBy: "ann",
      approvers: `another person than ann with the roles its changes need on cluster ${clusterName}`,
      approvedBy: null,
    });

    const own = await as("ann", "POST", `/api/v1/operations/${planned.id}/confirm`, { confirmName: clusterName });
    expect(own.status, own.text).to.equal(403);
    expect(own.body.error.code).to.equal("approval_required");
    expect(own.body.error.message).to.include("ann, who planned it, may not confirm it");
    const still = await as<Operation>("bob", "GET", `/api/v1/operations/${planned.id}`);
    expect(still.body).to.deep.include({ status: "planned", confirmedBy: null });
    expect(still.body.approval?.awaiting).to.equal(true);
    expect(await topicExists(cluster, topic), "the topic is still there").to.equal(true);

    const second = await as<Operation>("bob", "POST", `/api/v1/operations/${planned.id}/confirm`, {
      confirmName: clusterName,
    });
    expect(second.status, second.text).to.equal(200);
    const done = await waitFor(
      "bob's confirmed deletion to end",
      async () => {
        const now = (await as<Operation>("bob", "GET", `/api/v1/operations/${planned.id}`)).body;
        return ["succeeded", "failed", "cancelled", "paused"].includes(now.status) ? now : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 500 },
    );
    expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
    expect(done).to.deep.include({ createdBy: "ann", confirmedBy: "bob" });
    expect(done.approval).to.deep.include({ awaiting: false, plannedBy: "ann", approvedBy: "bob" });
    expect(await topicExists(cluster, topic), "the topic is gone").to.equal(false);

    const entries = await waitFor("both confirms in the audit", async () => {
      const page = await as<{ entries: AuditEntry[] }>(
        "admin",
        "GET",
        "/api/v1/audit?action=operation.confirm&limit=50",
      );
      const mine = page.body.entries.filter((e) => e.target === planned.id);
      return mine.length >= 2 ? mine : undefined;
    });
    const refused = entries.find((e) => e.actor === "ann");
    const approved = entries.find((e) => e.actor === "bob");
    expect(refused).to.deep.include({ result: "denied" });
    expect(refused?.detail)
      .to.deep.include({ plannedBy: "ann", errorCode: "approval_required" })
      .and.not.have.property("approvedBy");
    expect(approved).to.deep.include({ result: "success", clusterId });
    expect(approved?.detail).to.deep.include({ plannedBy: "ann", approvedBy: "bob" });
    expect(approved?.detail.approvalRule).to.deep.equal({ name: "prod", clusters: { labels: { env: "prod" } } });
  });

  it("the autopilot's own election on the prod cluster is planned but left awaiting a person's approval: the policy does not confirm it", async () => {
    const topic = await createTopic(cluster, {
      name: uniqueTopicName("four-eyes-ap"),
      partitions: 1,
      replicationFactor: 3,
    });
    await unpreferLeader(cluster, topic);
    const created = await as<{ policy: { id: string } }>("admin", "POST", "/api/v1/policies", {
      name: "prefer-leaders",
      scope: { clusterId },
      trigger: { code: "leader_imbalance", for: "1s", thresholdPercent: 0.001 },
      action: { type: "electLeaders" },
      mode: "auto",
      guardRails: { cooldown: "1s" },
    });
    expect(created.status, created.text).to.equal(201);
    const event = await waitFor(
      "the policy's proposal",
      async () => {
        const { anomalies } = (
          await as<{ anomalies: Anomaly[] }>(
            "bob",
            "GET",
            `/api/v1/clusters/${clusterId}/anomalies?code=leader_imbalance`,
          )
        ).body;
        return anomalies.flatMap((a) => a.events).find((e) => e.policy === "prefer-leaders" && e.kind !== "observed");
      },
      { timeoutMs: 120_000, intervalMs: 500 },
    );
    // The policy stops before it plans again; the proposal stays for a person.
    expect((await as("admin", "DELETE", `/api/v1/policies/${created.body.policy.id}`)).status).to.equal(200);
    expect(event).to.deep.include({ kind: "proposed" });
    expect(event.reason).to.deep.equal({
      code: "approval_required",
      message: `A four-eyes rule holds for this plan: another person than autopilot:prefer-leaders with the operator role on the whole cluster ${clusterName} confirms it, never the policy`,
    });
    const operation = (await as<Operation>("bob", "GET", `/api/v1/operations/${event.operationId}`)).body;
    expect(operation).to.deep.include({
      type: "electLeaders",
      status: "planned",
      createdBy: "autopilot:prefer-leaders",
      confirmedBy: null,
    });
    expect(operation.approval).to.deep.include({
      awaiting: true,
      plannedBy: "autopilot:prefer-leaders",
      rule: { name: "prod-elections", clusters: { labels: { env: "prod" } }, operationTypes: ["electLeaders"] },
    });
    const confirms = (
      await as<{ entries: AuditEntry[] }>("admin", "GET", "/api/v1/audit?action=operation.confirm&limit=50")
    ).body.entries.filter((e) => e.target === operation.id);
    expect(confirms, "the policy did not confirm its plan").to.deep.equal([]);
    const cancelled = await as<Operation>("bob", "POST", `/api/v1/operations/${operation.id}/cancel`);
    expect(cancelled.status, cancelled.text).to.equal(200);
  });
});
