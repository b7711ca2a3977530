import type { Anomaly, AuditEntry, AutopilotStatus, Operation, Policy } from "@kcp/shared";
import { createTopic, type KafkaCluster, kafkaToolOn, startCluster, waitFor } from "@kcp/test-infra";
import { expect } from "chai";
import { leadership, tilt } from "./autopilot-fixture.js";
import { type Reply, startTestService, type TestService } from "./service-fixture.js";

const TOPIC = "tilted";

describe("autopilot: policies, the veto, and a preferred election by itself (standalone service, real 3c3b)", function () {
  this.timeout(300_000);
  let cluster: KafkaCluster;
  let service: TestService;
  let clusterId: string;
  let viewer: string;
  let operator: string;

  const as = <T = Reply>(token: string, method: string, path: string, body?: unknown) =>
    service.api<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
  const admin = <T = Reply>(method: string, path: string, body?: unknown) => as<T>(service.token, method, path, body);
  const anomalies = async (query = "") =>
    (await admin<{ anomalies: Anomaly[] }>("GET", `/api/v1/clusters/${clusterId}/anomalies?${query}`)).body.anomalies;
  const policy = (name: string, mode = "auto") => ({
    name,
    scope: { clusterId },
    trigger: { code: "leader_imbalance", for: "1s", thresholdPercent: 1 },
    action: { type: "electLeaders" },
    mode,
    guardRails: { cooldown: "1s" },
  });
  async function user(username: string, role: string): Promise<string> {
    const password = `${username}-password-1`;
    const created = await admin("POST", "/api/v1/users", { username, password, role });
    expect(created.status, created.text).to.equal(201);
    return (await service.api<{ token: string }>("POST", "/api/v1/auth/login", { body: { username, password } })).body
      .token;
  }

  before(async () => {
    // The controller's own preferred-leader election stays off, so that only the autopilot restores leadership.
    cluster = await startCluster({
      topology: "3c3b",
      name: "autopilot",
      properties: () => ({ "auto.leader.rebalance.enable": "false" }),
    });
    service = await startTestService("autopilot");
    clusterId = await service.register({
      name: "autopilot",
      bootstrapServers: cluster.bootstrapServers,
      settings: { collectionIntervalSeconds: 5 },
    });
    await createTopic(cluster, { name: TOPIC, partitions: 6, replicationFactor: 3 });
    viewer = await user("ap-viewer", "viewer");
    operator = await user("ap-operator", "operator");
  });

  after(async () => {
    await service?.stop();
    await cluster?.stop();
  });

  it("policies: an admin writes them (an action its trigger does not allow is refused by name), every role reads them, no one else writes", async () => {
    const wrong = await admin("POST", "/api/v1/policies", { ...policy("wrong"), action: { type: "rebalance" } });
    expect(wrong.status, wrong.text).to.equal(400);
    expect(wrong.body.error.message).to.include("action.type");
    const refused = await as(operator, "POST", "/api/v1/policies", policy("by-operator"));
    expect(refused.status).to.equal(403);
    const created = await admin<{ policy: Policy }>("POST", "/api/v1/policies", policy("observer", "observe"));
    expect(created.status, created.text).to.equal(201);
    expect(created.body.policy.spec.guardRails).to.deep.include({ timeZone: "UTC", windows: [], minHealthyBrokers: 0 });
    const twice = await admin("POST", "/api/v1/policies", policy("observer", "observe"));
    expect(twice.status).to.equal(409);
    const read = await as<{ policies: Policy[] }>(viewer, "GET", "/api/v1/policies");
    expect(read.body.policies.map((p) => p.spec.name)).to.include("observer");
    const disabled = await admin<{ policy: Policy }>("PUT", `/api/v1/policies/${created.body.policy.id}`, {
      ...policy("observer", "observe"),
      enabled: false,
    });
    expect(disabled.body.policy.spec.enabled).to.equal(false);
    const gone = await admin("DELETE", `/api/v1/policies/${created.body.policy.id}`);
    expect(gone.status).to.equal(200);
    expect((await admin("GET", `/api/v1/policies/${created.body.policy.id}`)).status).to.equal(404);
    await waitFor("the policy writes in the audit log", async () => {
      const entries = (await admin<{ entries: AuditEntry[] }>("GET", "/api/v1/audit?limit=200")).body.entries;
      const actions = entries.filter((e) => e.target === "observer").map((e) => `${e.action} ${e.actor} ${e.result}`);
      return ["policy.create", "policy.update", "policy.delete"].every((a) => actions.includes(`${a} admin success`))
        ? true
        : undefined;
    });
  });

  it("labels a policy selects clusters by: an operator may change the others, only an admin those (the cluster would leave or join the policy)", async () => {
    const scoped = await admin<{ policy: Policy } & Reply>("POST", "/api/v1/policies", {
      name: "by-tier",
      scope: { labels: { tier: "gold" } },
      trigger: { code: "leader_imbalance", for: "1h" },
      action: { type: "electLeaders" },
      mode: "propose",
    });
    expect(scoped.status, scoped.text).to.equal(201);
    const labels = async () =>
      (await admin<{ cluster: { labels?: Record<string, string> } }>("GET", `/api/v1/clusters/${clusterId}`)).body
        .cluster.labels ?? {};
    const team = await as(operator, "PATCH", `/api/v1/clusters/${clusterId}`, { labels: { team: "orders" } });
    expect(team.status, team.text).to.equal(200);
    const joined = await as(operator, "PATCH", `/api/v1/clusters/${clusterId}`, { labels: { tier: "gold" } });
    expect(joined.status, joined.text).to.equal(403);
    expect(await labels()).to.deep.equal({ team: "orders" });
    const byAdmin = await admin("PATCH", `/api/v1/clusters/${clusterId}`, { labels: { tier: "gold", team: "orders" } });
    expect(byAdmin.status, byAdmin.text).to.equal(200);
    // The admin's entry keeps the labels before and after: the cluster joined the policy.
    const joinedEntry = await waitFor("the admin's label change in the audit log", async () => {
      const [entry] = (await admin<{ entries: AuditEntry[] }>("GET", "/api/v1/audit?action=cluster.update&limit=1"))
        .body.entries;
      return entry?.actor === "admin" ? entry : undefined;
    });
    expect(joinedEntry.detail).to.deep.include({
      policyLabels: { before: { team: "orders" }, after: { tier: "gold", team: "orders" } },
    });
    const left = await as(operator, "PATCH", `/api/v1/clusters/${clusterId}`, { labels: { team: "orders" } });
    expect(left.status, left.text).to.equal(403);
    expect(await labels()).to.deep.equal({ tier: "gold", team: "orders" });
    expect((await admin("DELETE", `/api/v1/policies/${scoped.body.policy.id}`)).status).to.equal(200);
  });

  it("leader imbalance: an auto policy elects the preferred leaders by itself; the anomaly, the operation and the audit say who and why", async () => {
    await tilt(cluster, TOPIC);
    const created = await admin<{ policy: Policy }>("POST", "/api/v1/policies", policy("prefer-leaders"));
    expect(created.status, created.text).to.equal(201);
    const acted = await waitFor(
      "the autopilot to act on the leader imbalance",
      async () => {
        const found = (await anomalies("code=leader_imbalance")).find((a) =>
          a.events.some((e) => e.policy === "prefer-leaders" && e.kind === "acted"),
        );
        return found;
      },
      { timeoutMs: 120_000, intervalMs: 500 },
    );
    const event = acted.events.find((e) => e.kind === "acted");
    const operationId = event?.operationId as string;
    const done = await waitFor("the autopilot's election to finish", async () => {
      const read = (await admin<Operation>("GET", `/api/v1/operations/${operationId}`)).body;
      return read.status === "succeeded" || read.status === "failed" ? read : undefined;
    });
    expect(done.status, done.error ?? "").to.equal("succeeded");
    expect(done).to.deep.include({ type: "electLeaders", createdBy: "autopilot:prefer-leaders" });
    expect(done.confirmedBy).to.equal("autopilot:prefer-leaders");
    expect(done.explanation?.policy).to.equal("prefer-leaders");
    expect(done.explanation?.anomaly.code).to.equal("leader_imbalance");
    expect(done.explanation?.admitted).to.include("no other operation planned or running on the cluster");
    // Kafka's own tool agrees: every partition of the topic led by its preferred replica again.
    const after = await leadership(cluster, TOPIC);
    expect(after.map((p) => p.leader)).to.deep.equal(after.map((p) => p.replicas[0]));
    await waitFor("the anomaly to clear", async () =>
      (await anomalies("code=leader_imbalance&state=cleared")).some((a) => a.id === acted.id) ? true : undefined,
    );
    await waitFor("the autopilot's plan and confirm in the audit log", async () => {
      const entries = (await admin<{ entries: AuditEntry[] }>("GET", "/api/v1/audit?limit=200")).body.entries;
      const mine = entries.filter((e) => e.target === operationId && e.actor === "autopilot:prefer-leaders");
      return ["operation.plan", "operation.confirm"].every((a) =>
        mine.some((e) => e.action === a && e.result === "success"),
      )
        ? true
        : undefined;
    });
  });

  it("the veto: paused for the cluster, an anomaly is recorded as refused with the reason and nothing is planned; resumed, it acts", async () => {
    const refused = await as(operator, "POST", "/api/v1/autopilot/pause", { clusterId, reason: "drill" });
    expect(refused.status).to.equal(403);
    const paused = await admin<AutopilotStatus>("POST", "/api/v1/autopilot/pause", {
      clusterId,
      reason: "incident 42",
    });
    expect(paused.status, paused.text).to.equal(200);
    expect(paused.body).to.deep.include({ enabled: true });
    expect(paused.body.pauses).to.have.length(1);
    expect(paused.body.pauses[0]).to.deep.include({ clusterId, reason: "incident 42", by: "admin" });
    const before = (await admin<{ operations: Operation[] }>("GET", `/api/v1/clusters/${clusterId}/operations`)).body
      .operations.length;
    await tilt(cluster, TOPIC);
    const held = await waitFor(
      "the refusal to be recorded",
      async () =>
        (await anomalies("code=leader_imbalance&state=open"))
          .flatMap((a) => a.events)
          .find((e) => e.policy === "prefer-leaders" && e.reason?.code === "paused"),
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    expect(held.kind).to.equal("refused");
    expect(held.reason?.message).to.include("incident 42");
    const during = (await admin<{ operations: Operation[] }>("GET", `/api/v1/clusters/${clusterId}/operations`)).body
      .operations.length;
    expect(during).to.equal(before);
    const resumed = await admin<AutopilotStatus>("POST", "/api/v1/autopilot/resume", { clusterId });
    expect(resumed.body.pauses).to.deep.equal([]);
    expect((await admin("POST", "/api/v1/autopilot/resume", { clusterId })).status).to.equal(404);
    await waitFor(
      "the autopilot to act once resumed",
      async () => {
        const after = await leadership(cluster, TOPIC);
        return after.every((p) => p.leader === p.replicas[0]) ? true : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 1000 },
    );
    const status = await as<AutopilotStatus>(viewer, "GET", "/api/v1/autopilot");
    expect(status.body).to.deep.equal({ enabled: true, pauses: [] });
  });

  it("a person's plan on the cluster holds the autopilot back (the refusal names it); an autopilot proposal never holds a person back", async () => {
    const operations = async () =>
      (await admin<{ operations: Operation[] }>("GET", `/api/v1/clusters/${clusterId}/operations`)).body.operations;
    // A person's plan, not confirmed: the autopilot waits for it.
    const mine = await as<Operation>(operator, "POST", `/api/v1/clusters/${clusterId}/operations`, {
      type: "cordonBrokers",
      params: { brokers: [6] },
    });
    expect(mine.status, mine.text).to.equal(201);
    const before = (await operations()).length;
    await tilt(cluster, TOPIC);
    const held = await waitFor(
      "the autopilot to record the person's plan as the reason",
      async () =>
        (await anomalies("code=leader_imbalance&state=open"))
          .flatMap((a) => a.events)
          .find((e) => e.policy === "prefer-leaders" && e.reason?.code === "operation_active"),
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    expect(held.kind).to.equal("refused");
    expect(held.reason?.message).to.include(`Operation ${mine.body.id} (cordonBrokers) of a person (ap-operator)`);
    expect((await operations()).length).to.equal(before);
    // The person cancels their plan: the autopilot acts.
    expect((await as(operator, "POST", `/api/v1/operations/${mine.body.id}/cancel`)).status).to.equal(200);
    await waitFor(
      "the autopilot to act once the person's plan is gone",
      async () => {
        const after = await leadership(cluster, TOPIC);
        return after.every((p) => p.leader === p.replicas[0]) ? true : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 1000 },
    );

    // The policy now only proposes: its plan waits, and a person plans and confirms their own operation meanwhile.
    const [prefer] = (await admin<{ policies: Policy[] }>("GET", "/api/v1/policies")).body.policies.filter(
      (p) => p.spec.name === "prefer-leaders",
    );
    const proposing = await admin("PUT", `/api/v1/policies/${prefer?.id}`, policy("prefer-leaders", "propose"));
    expect(proposing.status, proposing.text).to.equal(200);
    await tilt(cluster, TOPIC);
    const proposal = await waitFor(
      "the autopilot's proposal",
      async () => {
        const ops = await operations();
        return ops.find((o) => o.createdBy === "autopilot:prefer-leaders" && o.status === "planned");
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    const theirs = await as<Operation>(operator, "POST", `/api/v1/clusters/${clusterId}/operations`, {
      type: "electLeaders",
      params: { electionType: "preferred" },
    });
    expect(theirs.status, theirs.text).to.equal(201);
    const confirmed = await as<Operation>(operator, "POST", `/api/v1/operations/${theirs.body.id}/confirm`, {});
    expect(confirmed.status, confirmed.text).to.equal(200);
    const done = await waitFor("the person's election to finish", async () => {
      const read = (await admin<Operation>("GET", `/api/v1/operations/${theirs.body.id}`)).body;
      return read.status === "succeeded" || read.status === "failed" ? read : undefined;
    });
    expect(done.status, done.error ?? "").to.equal("succeeded");
    const after = await leadership(cluster, TOPIC);
    expect(after.map((p) => p.leader)).to.deep.equal(after.map((p) => p.replicas[0]));
    // The proposal no longer applies: confirming it now is refused, and it is cancelled by a person.
    const stale = await admin("POST", `/api/v1/operations/${proposal.id}/confirm`, {});
    expect(stale.status, stale.text).to.equal(409);
    expect((await admin("POST", `/api/v1/operations/${proposal.id}/cancel`)).status).to.equal(200);
  });

  it("a broker gone for good (killed, then unregistered with kafka-cluster): a replicas_on_removed_broker policy rebalances its replicas onto the brokers left; every partition whole and in sync again", async () => {
    // Only this policy: the election policy would answer the leaders broker 6 loses, and hold this one back.
    for (const p of (await admin<{ policies: Policy[] }>("GET", "/api/v1/policies")).body.policies)
      expect((await admin("DELETE", `/api/v1/policies/${p.id}`)).status).to.equal(200);
    // Two brokers will be left: the RF 3 topic cannot live on them, an RF 2 one can.
    const deleted = await admin("DELETE", `/api/v1/clusters/${clusterId}/topics/${TOPIC}`, { confirmName: TOPIC });
    expect(deleted.status, deleted.text).to.be.oneOf([200, 202, 204]);
    const spread = "spread";
    await createTopic(cluster, { name: spread, partitions: 6, replicationFactor: 2 });
    const created = await admin<{ policy: Policy }>("POST", "/api/v1/policies", {
      name: "restore-replication",
      scope: { clusterId },
      trigger: { code: "replicas_on_removed_broker", for: "1s" },
      action: { type: "rebalance" },
      mode: "auto",
      guardRails: { cooldown: "1s" },
    });
    expect(created.status, created.text).to.equal(201);
    expect((await leadership(cluster, spread)).some((p) => p.replicas.includes(6))).to.equal(true);
    await cluster.node(6).kill();
    await kafkaToolOn(cluster, "org.apache.kafka.tools.ClusterTool", ["--id", "6"], "unregister");
    const acted = await waitFor(
      "the autopilot to rebalance off the removed broker",
      async () => {
        const found = (await anomalies("code=replicas_on_removed_broker")).find((a) =>
          a.events.some((e) => e.policy === "restore-replication" && e.kind === "acted"),
        );
        // Not yet: every anomaly so far goes into the timeout's message.
        if (!found) throw new Error(`anomalies so far: ${JSON.stringify(await anomalies())}`);
        return found;
      },
      { timeoutMs: 120_000, intervalMs: 500 },
    );
    expect(acted.facts).to.include({ brokers: "6" });
    const id = acted.events.find((e) => e.kind === "acted")?.operationId as string;
    const done = await waitFor(
      "the autopilot's rebalance to finish",
      async () => {
        const read = (await admin<Operation>("GET", `/api/v1/operations/${id}`)).body;
        return ["succeeded", "failed", "cancelled", "paused"].includes(read.status) ? read : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 1000 },
    );
    expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
    expect(done).to.deep.include({ type: "rebalance", createdBy: "autopilot:restore-replication" });
    // Kafka's tool agrees: two replicas per partition, on the brokers left, both in sync.
    await waitFor("every partition on brokers 4 and 5, in sync", async () => {
      const out = await kafkaToolOn(cluster, "org.apache.kafka.tools.TopicCommand", ["--describe", "--topic", spread]);
      const rows = [...out.matchAll(/Replicas: ([\d,]+)\s+Isr: ([\d,]+)/g)].map(
        (m) => [m[1] ?? "", m[2] ?? ""] as const,
      );
      const whole = (list: string) => list.split(",").map(Number).sort().join(",") === "4,5";
      return rows.length === 6 && rows.every(([replicas, isr]) => whole(replicas) && whole(isr)) ? true : undefined;
    });
    await waitFor("the anomaly to clear", async () =>
      (await anomalies("code=replicas_on_removed_broker&state=cleared")).some((a) => a.id === acted.id)
        ? true
        : undefined,
    );
  });
});
