import {
  type Api,
  commitGroupOffsets,
  createTopic,
  getSharedCluster,
  type KafkaCluster,
  produceMessages,
  uniqueTopicName,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import { type Reply, startTestService, type TestService } from "./service-fixture.js";

interface Series {
  figure: string;
  unit: string;
  entity: string;
  step: number;
  resolution: string;
  points: { at: string; value: number; min: number; max: number }[];
}
interface Listing {
  id: string;
  lag?: number;
  lagGrowth?: { growingForSeconds: number; perSecond: number };
  lagRecent?: number[];
}

describe("history of key figures (standalone service, real Kafka)", function () {
  this.timeout(300_000);
  let service: TestService;
  let api: Api;
  let token: string;
  let single: KafkaCluster;
  let clusterId: string;
  let topic: string;
  let group: string;
  let from: string;

  /** Since the test began, a point a second by default. */
  const series = (query: Record<string, string | number>) =>
    api<Series & Reply>(
      "GET",
      `/api/v1/clusters/${clusterId}/series?${new URLSearchParams(Object.entries({ from, step: 1, ...query }).map(([k, v]): [string, string] => [k, String(v)]))}`,
      { token },
    );
  const collectedAt = async () =>
    (await api<{ snapshot?: { collectedAt: string } }>("GET", `/api/v1/clusters/${clusterId}`, { token })).body.snapshot
      ?.collectedAt;
  /** Waits for a collection that began after now. */
  async function nextCollection() {
    const before = Date.now();
    await waitFor(
      "a new collection",
      async () => {
        const at = await collectedAt();
        return at && Date.parse(at) > before ? at : undefined;
      },
      { timeoutMs: 60_000 },
    );
  }

  before(async () => {
    from = new Date().toISOString();
    single = await getSharedCluster("single");
    service = await startTestService("history");
    ({ api, token } = service);
    topic = await createTopic(single, { name: uniqueTopicName("history"), partitions: 1 });
    group = `${topic}-readers`;
    await produceMessages(single, topic, 50);
    await commitGroupOffsets(single, group, topic, { 0: 50 });
    clusterId = await service.register({
      name: "history-single",
      bootstrapServers: single.bootstrapServers,
      settings: { collectionIntervalSeconds: 5 },
    });
    // The group keeps up for two rounds (40 messages produced and committed between collections), then stops
    // committing while 40 more arrive each round for three rounds: its lag is 0, 0, then 40, 80, 120.
    let end = 50;
    for (let round = 0; round < 5; round += 1) {
      await nextCollection();
      await produceMessages(single, topic, 40);
      end += 40;
      if (round < 2) await commitGroupOffsets(single, group, topic, { 0: end });
    }
    await nextCollection();
  });

  after(async () => {
    await service?.stop();
  });

  it("answers a topic's throughput and size, a group's lag (total and on the topic) and the cluster's worst lag from the collections", async () => {
    const messagesIn = await series({ figure: "topic.messagesInPerSec", entity: topic, step: 1 });
    expect(messagesIn.status, messagesIn.text).to.equal(200);
    expect(messagesIn.body).to.deep.include({ figure: "topic.messagesInPerSec", unit: "messages/s", entity: topic });
    expect(messagesIn.body.resolution).to.equal("collection");
    expect(
      messagesIn.body.points.some((p) => p.value > 0),
      messagesIn.text,
    ).to.equal(true);

    const size = await series({ figure: "topic.sizeBytes", entity: topic, step: 1 });
    const sizes = size.body.points.map((p) => p.value);
    expect(sizes.length).to.be.at.least(4);
    expect(sizes.at(-1)).to.be.greaterThan(sizes[0] as number);

    const lag = (await series({ figure: "group.lag", entity: group, step: 1 })).body.points.map((p) => p.value);
    expect(lag.length).to.be.at.least(6);
    expect(lag.slice(0, 3)).to.deep.equal([0, 0, 0]);
    expect(lag.slice(-3)).to.deep.equal([40, 80, 120]);
    const onTopic = await series({ figure: "groupTopic.lag", entity: `${group}|${topic}`, step: 1 });
    expect(onTopic.body.points.map((p) => p.value)).to.deep.equal(lag);
    const worst = (await series({ figure: "cluster.maxGroupLag", step: 1 })).body.points.at(-1)?.value;
    expect(worst).to.be.at.least(120);

    const out = await series({ figure: "topic.messagesOutPerSec", entity: topic, step: 1 });
    expect(
      out.body.points.some((p) => p.value > 0),
      out.text,
    ).to.equal(true);
  });

  it("the group list says the lag of a group that stopped consuming is growing, for how long and how fast", async () => {
    const list = await api<{ groups: Listing[] }>(
      "GET",
      `/api/v1/clusters/${clusterId}/groups?search=${encodeURIComponent(group)}`,
      { token },
    );
    expect(list.status, list.text).to.equal(200);
    const listing = list.body.groups.find((g) => g.id === group);
    expect(listing, list.text).to.not.equal(undefined);
    expect(listing?.lag, list.text).to.equal(120);
    // Growing since the collection before the first rise (the last at 0): two or three intervals of about 5 s.
    expect(listing?.lagGrowth?.growingForSeconds).to.be.within(8, 40);
    expect(listing?.lagGrowth?.perSecond).to.be.within(2, 20);
    // The sparkline has a point per 2 minutes of the last hour: this test's half minute of collections is one point,
    // and one point is no line (left out).
    expect(listing?.lagRecent).to.equal(undefined);
  });

  it("names the figures it keeps; refuses an unknown figure, a missing entity and too many points, and a viewer's token is enough", async () => {
    const figures = await api<{ figures: { name: string; unit: string; entity: string }[] }>(
      "GET",
      "/api/v1/series/figures",
      { token },
    );
    expect(figures.body.figures).to.deep.include({
      name: "group.lag",
      entity: "group",
      unit: "messages",
      description: "The group's total lag",
    });
    const unknown = await series({ figure: "topic.nope", entity: topic });
    expect(unknown.status, unknown.text).to.equal(400);
    expect(unknown.body.error.code).to.equal("validation_failed");
    const noEntity = await series({ figure: "topic.sizeBytes" });
    expect([noEntity.status, noEntity.body.error?.code], noEntity.text).to.deep.equal([400, "validation_failed"]);
    expect(noEntity.body.error.message).to.match(/^entity:/);
    const tooMany = await series({
      figure: "cluster.dataBytes",
      from: new Date(Date.now() - 23 * 3600_000).toISOString(),
    });
    expect([tooMany.status, tooMany.body.error?.code], tooMany.text).to.deep.equal([400, "validation_failed"]);
    expect(tooMany.body.error.message).to.match(/^step: .*at most 1000/);
    const missing = await api<Reply>("GET", "/api/v1/clusters/no-such-cluster/series?figure=cluster.dataBytes", {
      token,
    });
    expect(missing.status).to.equal(404);
    const anonymous = await api<Reply>("GET", `/api/v1/clusters/${clusterId}/series?figure=cluster.dataBytes`);
    expect(anonymous.status).to.equal(401);

    const viewer = { username: "history-viewer", password: "history-viewer-password" };
    const created = await api("POST", "/api/v1/users", { token, body: { ...viewer, role: "viewer" } });
    expect(created.status, created.text).to.equal(201);
    const login = await api<{ token: string }>("POST", "/api/v1/auth/login", { body: viewer });
    const read = await api<Series>("GET", `/api/v1/clusters/${clusterId}/series?figure=cluster.bytesInPerSec`, {
      token: login.body.token,
    });
    expect(read.status, read.text).to.equal(200);
  });

  it("forgets a removed cluster's history", async () => {
    const removed = await api("DELETE", `/api/v1/clusters/${clusterId}`, { token });
    expect(removed.status, removed.text).to.equal(200);
    const gone = await series({ figure: "cluster.dataBytes" });
    expect(gone.status).to.equal(404);
  });
});
