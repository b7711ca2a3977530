import { type Api, getSharedCluster, type KafkaCluster, kafkaToolOn, uniqueTopicName, waitFor } from "@kcp/test-infra";
import { expect } from "chai";
import { type Reply, startTestService, type TestService } from "./service-fixture.js";

const TOPICS = "org.apache.kafka.tools.TopicCommand";

/** The topic's id as kafka-topics --describe prints it; undefined when kafka-topics does not know the topic. */
async function toolTopicId(cluster: KafkaCluster, topic: string): Promise<string | undefined> {
  const out = await kafkaToolOn(cluster, TOPICS, ["--describe", "--topic", topic]).catch((e: Error) => e.message);
  const header = out.split("\n").find((line) => line.startsWith(`Topic: ${topic}\t`));
  return header === undefined ? undefined : /TopicId: (\S+)/.exec(header)?.[1];
}

const listedTopics = async (cluster: KafkaCluster) =>
  (await kafkaToolOn(cluster, TOPICS, ["--list"])).split("\n").map((line) => line.trim());

describe("topic deletion (DELETE /clusters/{id}/topics/{topic}, standalone service, real Kafka)", function () {
  this.timeout(180_000);
  let service: TestService;
  let api: Api;
  let token: string;
  let single: KafkaCluster;
  let clusterId: string;

  const call = (method: string, path: string, body?: unknown, as = token) =>
    api<Reply>(method, `/api/v1/clusters/${clusterId}${path}`, { token: as, ...(body === undefined ? {} : { body }) });

  before(async () => {
    single = await getSharedCluster("single");
    service = await startTestService("topic-deletion");
    ({ api, token } = service);
    clusterId = await service.register({ name: "deletion-single", bootstrapServers: single.bootstrapServers });
  });

  after(async () => {
    await service?.stop();
  });

  it("deletes a topic only when confirmName repeats its name: kafka-topics no longer lists it, a second delete is 404", async () => {
    const name = uniqueTopicName("doomed");
    expect((await call("POST", "/topics", { name, partitions: 2 })).status).to.equal(201);
    const id = await toolTopicId(single, name);
    expect(id).to.be.a("string");

    const mismatch = await call("DELETE", `/topics/${name}`, { confirmName: `${name}-x` });
    expect(mismatch.status, mismatch.text).to.equal(422);
    expect(mismatch.body.error.code).to.equal("confirmation_mismatch");
    const missingBody = await call("DELETE", `/topics/${name}`);
    expect(missingBody.status).to.equal(400);
    expect(missingBody.body.error.code).to.equal("validation_failed");
    expect(await toolTopicId(single, name), "refused deletions leave the topic").to.equal(id);

    const deleted = await call("DELETE", `/topics/${name}`, { confirmName: name });
    expect(deleted.status, deleted.text).to.equal(200);
    expect(deleted.body).to.deep.equal({ topic: name, id });
    await waitFor("kafka-topics --list without the topic", async () =>
      (await listedTopics(single)).includes(name) ? undefined : true,
    );
    expect(await toolTopicId(single, name)).to.equal(undefined);

    const again = await call("DELETE", `/topics/${name}`, { confirmName: name });
    expect(again.status, again.text).to.equal(404);
    expect(again.body.error.code).to.equal("not_found");
  });

  it("refuses Kafka's internal topics by name, whether or not Kafka has created them yet, and deletes none", async () => {
    const internals = ["__consumer_offsets", "__transaction_state", "__share_group_state"];
    const before = (await listedTopics(single)).filter((t) => internals.includes(t));
    for (const internal of internals) {
      const refused = await call("DELETE", `/topics/${internal}`, { confirmName: internal });
      expect(refused.status, `${internal}: ${refused.text}`).to.equal(422);
      expect(refused.body.error.code).to.equal("invalid_request");
      expect(refused.body.error.message).to.include("internal");
    }
    expect((await listedTopics(single)).filter((t) => internals.includes(t))).to.deep.equal(before);
  });

  it("is for operators: a viewer gets 403 and the topic stays", async () => {
    const name = uniqueTopicName("kept");
    expect((await call("POST", "/topics", { name })).status).to.equal(201);
    const user = { username: "vera", password: "viewer-password-1", role: "viewer" };
    expect((await api("POST", "/api/v1/users", { token, body: user })).status).to.equal(201);
    const vera = await api<{ token: string }>("POST", "/api/v1/auth/login", {
      body: { username: user.username, password: user.password },
    });
    const refused = await call("DELETE", `/topics/${name}`, { confirmName: name }, vera.body.token);
    expect(refused.status).to.equal(403);
    expect(await toolTopicId(single, name)).to.be.a("string");
  });

  it("audits every attempt with the topic as target: refused, failed and done", async () => {
    const audit = await api<{ entries: { action: string; target?: string; result: string; detail: Reply }[] }>(
      "GET",
      "/api/v1/audit?limit=100",
      { token },
    );
    const deletions = audit.body.entries.filter((e) => e.action === "topic.delete");
    const results = new Set(deletions.map((e) => `${e.result}:${e.detail.errorCode ?? ""}`));
    expect([...results]).to.include.members([
      "success:",
      "failure:confirmation_mismatch",
      "failure:not_found",
      "failure:invalid_request",
      "denied:forbidden",
    ]);
    const done = deletions.find((e) => e.result === "success");
    expect(done?.target).to.match(/^doomed-/);
    expect(done?.detail.request).to.deep.equal({ confirmName: done?.target });
  });
});
