import { getSharedCluster, type KafkaCluster, uniqueTopicName } from "@kcp/test-infra";
import { expect } from "chai";
import { startTestService, type TestService } from "./service-fixture.js";

type View = {
  cluster: { id: string; brokerClusterId: string };
  health: { status: string; issues: { code: string; severity: string; message: string }[] };
};
type Refusal = { error: { code: string; message: string } };

/**
 * Issue 20 item 11: a cluster registered with skipTest takes Kafka's cluster id at its first collection, and every
 * collection compares it. Here the same registered cluster's bootstrap address is changed (skipTest again) to reach
 * another real Kafka cluster, as a moved DNS name would.
 */
describe("cluster identity (standalone service, real Kafka)", function () {
  this.timeout(180_000);
  let service: TestService;
  let single: KafkaCluster;
  let secure: KafkaCluster;

  before(async () => {
    [single, secure] = await Promise.all([getSharedCluster("single"), getSharedCluster("secure")]);
    service = await startTestService("identity");
  });
  after(() => service?.stop());

  it("a skipTest cluster takes Kafka's id at its first collection; another cluster behind the address is critical, refuses writes and plans (409) until an operator confirms it", async () => {
    const { api, token } = service;
    const created = await api<View>("POST", "/api/v1/clusters", {
      token,
      body: { name: "moving", bootstrapServers: single.bootstrapServers, skipTest: true },
    });
    expect(created.status, created.text).to.equal(201);
    const id = created.body.cluster.id;
    expect(created.body.cluster.brokerClusterId, "taken at the first collection").to.equal(single.spec.clusterId);

    const credentials = secure.spec.credentials?.superUser ?? { username: "", password: "" };
    const moved = await api<View>("PATCH", `/api/v1/clusters/${id}`, {
      token,
      body: {
        bootstrapServers: secure.describe().listeners.SASL_SSL,
        security: {
          protocol: "SASL_SSL",
          saslMechanism: "SCRAM-SHA-512",
          username: credentials.username,
          tlsCaCertPem: secure.describe().tls?.caPem,
        },
        secrets: { password: credentials.password },
        skipTest: true,
      },
    });
    expect(moved.status, moved.text).to.equal(200);
    const view = (await api<View>("POST", `/api/v1/clusters/${id}/refresh`, { token })).body;
    expect(view.cluster.brokerClusterId, "the registered identity is kept").to.equal(single.spec.clusterId);
    expect(view.health.status).to.equal("critical");
    const issue = view.health.issues.find((i) => i.code === "cluster_identity_changed");
    expect(issue?.severity).to.equal("critical");
    expect(issue?.message).to.include(secure.spec.clusterId).and.include(single.spec.clusterId);

    const topic = uniqueTopicName("identity");
    const write = await api<Refusal>("POST", `/api/v1/clusters/${id}/topics`, {
      token,
      body: { name: topic, partitions: 1 },
    });
    expect([write.status, write.body.error.code]).to.deep.equal([409, "conflict"]);
    expect(write.body.error.message).to.include("confirm-identity");
    const plan = await api<Refusal>("POST", `/api/v1/clusters/${id}/operations`, {
      token,
      body: { type: "electLeaders", params: { electionType: "preferred" } },
    });
    expect([plan.status, plan.body.error.code]).to.deep.equal([409, "conflict"]);
    const read = await api("GET", `/api/v1/clusters/${id}/topics`, { token });
    expect(read.status, "reads still answer, naming what is there").to.equal(200);

    const viewer = await api<Refusal>("POST", `/api/v1/clusters/${id}/confirm-identity`, {
      token,
      body: { brokerClusterId: single.spec.clusterId },
    });
    expect([viewer.status, viewer.body.error.code], "the old id is not a confirmation").to.deep.equal([
      422,
      "confirmation_mismatch",
    ]);
    const confirmed = await api<View>("POST", `/api/v1/clusters/${id}/confirm-identity`, {
      token,
      body: { brokerClusterId: secure.spec.clusterId },
    });
    expect(confirmed.status, confirmed.text).to.equal(200);
    expect(confirmed.body.cluster.brokerClusterId).to.equal(secure.spec.clusterId);
    expect(confirmed.body.health.issues.map((i) => i.code)).to.not.include("cluster_identity_changed");
    const again = await api<Refusal>("POST", `/api/v1/clusters/${id}/confirm-identity`, {
      token,
      body: { brokerClusterId: secure.spec.clusterId },
    });
    expect([again.status, again.body.error.code], "nothing left to confirm").to.deep.equal([422, "invalid_request"]);

    const written = await api("POST", `/api/v1/clusters/${id}/topics`, { token, body: { name: topic, partitions: 1 } });
    expect(written.status, written.text).to.equal(201);
    const audit = await api<{ entries: { action: string; target?: string; result: string }[] }>(
      "GET",
      "/api/v1/audit?limit=20",
      { token },
    );
    expect(audit.body.entries.filter((e) => e.action === "cluster.confirm_identity").map((e) => e.result)).to.include(
      "success",
    );
  });
});
