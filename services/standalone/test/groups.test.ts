import {
  type Api,
  createTopic,
  getSharedCluster,
  type KafkaCluster,
  kafkaToolOn,
  makeRunDir,
  produceMessages,
  resolveKafka,
  startKafkaTool,
  startWordCountApp,
  uniqueTopicName,
  WORD_COUNT_INPUT,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import { startTestService, type TestService } from "./service-fixture.js";

const CONSOLE_CONSUMER = "org.apache.kafka.tools.consumer.ConsoleConsumer";

interface PartitionRow {
  topic: string;
  partition: number;
  committed: number;
  end: number;
  lag: number;
  member: string;
  clientId: string;
  host: string;
}
type Detail = Record<string, unknown> & { partitions: PartitionRow[]; error: { code: string; message: string } };

/** Kafka's console consumer in a group, running until stopped (or until it has read `maxMessages`). */
async function consoleConsumer(cluster: KafkaCluster, topic: string, group: string, extra: string[] = []) {
  return startKafkaTool(
    await resolveKafka(cluster.version),
    CONSOLE_CONSUMER,
    ["--bootstrap-server", cluster.bootstrapServers.join(","), "--topic", topic, "--group", group, ...extra],
    await makeRunDir("console-consumer"),
  );
}

/** START-OFFSET and LAG of partition 0 as kafka-share-groups --describe --offsets prints them. */
async function shareOffsetsByTool(cluster: KafkaCluster, group: string, topic: string): Promise<number[]> {
  const out = await kafkaToolOn(cluster, "org.apache.kafka.tools.consumer.group.ShareGroupCommand", [
    ...["--describe", "--group", group, "--offsets"],
  ]);
  const header = out.split("\n").find((l) => l.includes("START-OFFSET")) ?? "";
  const row = out.split("\n").find((l) => l.includes(topic)) ?? "";
  const columns = header.trim().split(/\s+/);
  const values = row.trim().split(/\s+/);
  return ["START-OFFSET", "LAG"].map((name) => Number(values[columns.indexOf(name)]));
}

describe("consumer group detail (standalone service, real Kafka)", function () {
  this.timeout(240_000);
  let service: TestService;
  let api: Api;
  let token: string;
  let single: KafkaCluster;
  let clusterId: string;

  const detail = (group: string) => api<Detail>("GET", `/api/v1/clusters/${clusterId}/groups/${group}`, { token });

  before(async () => {
    single = await getSharedCluster("single");
    service = await startTestService("groups");
    ({ api, token } = service);
    clusterId = await service.register({ name: "groups-single", bootstrapServers: single.bootstrapServers });
  });

  after(async () => {
    await service?.stop();
  });

  for (const protocol of ["classic", "consumer"] as const) {
    it(`${protocol} group: per-partition committed, end, lag and the owning member, as kafka-consumer-groups sees them`, async () => {
      const topic = await createTopic(single, { name: uniqueTopicName(`detail-${protocol}`), partitions: 2 });
      await produceMessages(single, topic, 5, { partition: 0 });
      await produceMessages(single, topic, 5, { partition: 1 });
      const group = `${topic}-group`;
      // Reads 6 of the 10 messages, commits them on exit: the group is then empty with 4 of lag.
      const reader = await consoleConsumer(single, topic, group, [
        ...["--from-beginning", "--max-messages", "6", "--consumer-property", `group.protocol=${protocol}`],
      ]);
      await reader.finished;
      const empty = await waitFor("the committed offsets", async () => {
        const response = await detail(group);
        return response.status === 200 && response.body.totalLag === 4 ? response.body : undefined;
      });
      expect(empty).to.deep.include({ group, type: protocol, members: 0, totalLag: 4 });
      const tool = await kafkaToolOn(single, "org.apache.kafka.tools.consumer.group.ConsumerGroupCommand", [
        ...["--describe", "--group", group],
      ]);
      for (const row of empty.partitions) {
        const line = tool.split("\n").find((l) => new RegExp(`\\s${topic}\\s+${row.partition}\\s`).test(l)) ?? "";
        const [current, end, lag] = line.trim().split(/\s+/).slice(3, 6).map(Number);
        expect([row.committed, row.end, row.lag], `partition ${row.partition}: ${line}`).to.deep.equal([
          current,
          end,
          lag,
        ]);
      }

      // A running member owns both partitions.
      const member = await consoleConsumer(single, topic, group, [
        ...["--consumer-property", `group.protocol=${protocol}`, "--consumer-property", "client.id=detail-reader"],
      ]);
      try {
        const owned = await waitFor(
          "the member owning both partitions",
          async () => {
            const response = await detail(group);
            return response.body.members === 1 && response.body.partitions.every((p) => p.member !== "")
              ? response.body
              : undefined;
          },
          { timeoutMs: 60_000, intervalMs: 500 },
        );
        expect(owned.partitions.map((p) => [p.partition, p.clientId, p.host])).to.deep.equal([
          [0, "detail-reader", "/127.0.0.1"],
          [1, "detail-reader", "/127.0.0.1"],
        ]);
      } finally {
        await member.stop();
      }
    });
  }

  it("answers 404 for a group the cluster does not know", async () => {
    const response = await detail(uniqueTopicName("no-group"));
    expect(response.status).to.equal(404);
    expect(response.body.error.code).to.equal("not_found");
  });

  for (const protocol of ["classic", "consumer"] as const)
    it(`${protocol} group: resets an empty group's offsets with each mode, and its consumer resumes there`, async () => {
      const asMember = ["--consumer-property", `group.protocol=${protocol}`];
      const topic = await createTopic(single, { name: uniqueTopicName("reset"), partitions: 1 });
      await produceMessages(single, topic, 5, { partition: 0 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const between = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await produceMessages(single, topic, 5, { partition: 0 });
      const group = `${topic}-group`;
      await (await consoleConsumer(single, topic, group, ["--from-beginning", "--max-messages", "10", ...asMember]))
        .finished;

      const reset = (body: Record<string, unknown>) =>
        api<Detail>("POST", `/api/v1/clusters/${clusterId}/groups/${group}/reset-offsets`, {
          token,
          body: { topic, ...body },
        });
      /** The offset of the first message the group's next consumer reads (it commits that message, too). */
      const resumesAt = async () => {
        const reader = await consoleConsumer(single, topic, group, [
          ...["--max-messages", "1", "--property", "print.offset=true", ...asMember],
        ]);
        return Number(/Offset:(\d+)/.exec(await reader.finished)?.[1]);
      };
      const steps: [Record<string, unknown>, number, number][] = [
        [{ to: "earliest" }, 10, 0],
        [{ to: "timestamp", timestamp: between }, 1, 5],
        [{ to: "offset", offset: 7 }, 6, 7],
        [{ to: "shift", offset: -3 }, 8, 5],
      ];
      for (const [body, from, to] of steps) {
        const response = await reset(body);
        expect(response.status, response.text).to.equal(200);
        expect(response.body).to.deep.equal({ dryRun: false, offsets: [{ topic, partition: 0, from, to }] });
        expect(await resumesAt(), JSON.stringify(body)).to.equal(to);
      }

      const preview = await reset({ to: "latest", dryRun: true });
      expect(preview.body).to.deep.equal({ dryRun: true, offsets: [{ topic, partition: 0, from: 6, to: 10 }] });
      expect((await detail(group)).body.partitions[0]?.committed, "a dry run commits nothing").to.equal(6);
      const latest = await reset({ to: "latest" });
      expect(latest.body.offsets).to.deep.equal([{ topic, partition: 0, from: 6, to: 10 }]);
      expect((await detail(group)).body.partitions[0]).to.include({ committed: 10, lag: 0 });

      const outside = await reset({ to: "earliest", partitions: [0, 3] });
      expect(outside.status).to.equal(422);
      expect(outside.body.error.message).to.include("not 3");
      const noTopic = await api<Detail>("POST", `/api/v1/clusters/${clusterId}/groups/${group}/reset-offsets`, {
        token,
        body: { topic: uniqueTopicName("none"), to: "earliest" },
      });
      expect(noTopic.status).to.equal(404);
      const badMode = await reset({ to: "offset" });
      expect(badMode.status).to.equal(400);
      expect(badMode.body.error.message).to.include("offset");
    });

  it("refuses to reset a group with an active member (409 conflict)", async () => {
    const topic = await createTopic(single, { name: uniqueTopicName("busy"), partitions: 1 });
    await produceMessages(single, topic, 3, { partition: 0 });
    const group = `${topic}-group`;
    const member = await consoleConsumer(single, topic, group, ["--from-beginning"]);
    try {
      await waitFor("the member", async () => ((await detail(group)).body.members === 1 ? true : undefined), {
        timeoutMs: 60_000,
        intervalMs: 500,
      });
      const refused = await api<Detail>("POST", `/api/v1/clusters/${clusterId}/groups/${group}/reset-offsets`, {
        token,
        body: { topic, to: "earliest" },
      });
      expect(refused.status, refused.text).to.equal(409);
      expect(refused.body.error.code).to.equal("conflict");
      expect(refused.body.error.message).to.include("stop its consumers");
    } finally {
      await member.stop();
    }
  });

  it("lists groups of every type a page at a time, filtered by type and by id", async () => {
    const topic = await createTopic(single, { name: uniqueTopicName("listing"), partitions: 1 });
    await produceMessages(single, topic, 2, { partition: 0 });
    for (const [suffix, protocol] of [
      ["a", "classic"],
      ["b", "consumer"],
      ["c", "classic"],
    ] as const)
      await (
        await consoleConsumer(single, topic, `${topic}-${suffix}`, [
          ...["--from-beginning", "--max-messages", "1", "--consumer-property", `group.protocol=${protocol}`],
        ])
      ).finished;
    const list = (query: string) =>
      api<{ groups: { id: string; type: string; state: string }[]; total: number }>(
        "GET",
        `/api/v1/clusters/${clusterId}/groups?search=${topic}${query}`,
        { token },
      );
    const all = await list("");
    expect(all.status, all.text).to.equal(200);
    expect(all.body.total).to.equal(3);
    expect(all.body.groups.map((g) => [g.id, g.type, g.state])).to.deep.equal([
      [`${topic}-a`, "classic", "Empty"],
      [`${topic}-b`, "consumer", "Empty"],
      [`${topic}-c`, "classic", "Empty"],
    ]);
    const consumers = await list("&type=consumer");
    expect(consumers.body.groups.map((g) => g.id)).to.deep.equal([`${topic}-b`]);
    const page = await list("&limit=1&offset=1");
    expect(page.body).to.deep.include({ total: 3 });
    expect(page.body.groups.map((g) => g.id)).to.deep.equal([`${topic}-b`]);
  });

  it("share group: its member, its start offset and lag (as kafka-share-groups shows them), and a reset", async () => {
    const topic = await createTopic(single, { name: uniqueTopicName("share-detail"), partitions: 1 });
    await produceMessages(single, topic, 3, { partition: 0 });
    const group = `${topic}-share`;
    const consumer = await startKafkaTool(
      await resolveKafka(single.version),
      "org.apache.kafka.tools.consumer.ConsoleShareConsumer",
      ["--bootstrap-server", single.bootstrapServers.join(","), "--topic", topic, "--group", group],
      await makeRunDir("share-consumer"),
    );
    try {
      // The console share consumer starts at the log end: messages produced while it runs are delivered.
      const joined = await waitFor(
        "the share group's member",
        async () => {
          const response = await detail(group);
          return response.status === 200 && response.body.partitions.some((p) => p.member !== "")
            ? response.body
            : undefined;
        },
        { timeoutMs: 60_000, intervalMs: 1000 },
      );
      expect(joined).to.deep.include({ type: "share", members: 1 });
      expect(joined.partitions[0]).to.include({ topic, partition: 0, host: "/127.0.0.1" });
      await produceMessages(single, topic, 2, { partition: 0 });
      const consumed = await waitFor("the share group at the log end", async () => {
        const row = (await detail(group)).body.partitions[0];
        return row && row.committed >= 3 && row.lag === 0 ? row : undefined;
      });
      // The start offset moves on as the share partition archives acknowledged records, not with each delivery.
      expect(consumed).to.include({ end: 5, lag: 0 });
      expect(await shareOffsetsByTool(single, group, topic)).to.deep.equal([consumed.committed, 0]);
    } finally {
      await consumer.stop();
    }

    const empty = await waitFor("the share group empty", async () => {
      const response = await detail(group);
      return response.body.state === "Empty" ? response.body : undefined;
    });
    expect(empty.members).to.equal(0);
    const reset = await api<Detail>("POST", `/api/v1/clusters/${clusterId}/groups/${group}/reset-offsets`, {
      token,
      body: { topic, to: "offset", offset: 1 },
    });
    expect(reset.status, reset.text).to.equal(200);
    expect(reset.body.offsets).to.deep.equal([{ topic, partition: 0, from: empty.partitions[0]?.committed, to: 1 }]);
    expect(await shareOffsetsByTool(single, group, topic)).to.deep.equal([1, 4]);
    expect((await detail(group)).body.partitions[0]).to.include({ committed: 1, lag: 4 });
  });

  it("streams group: each task's member owns its partition of the source topic (Kafka Streams' WordCountDemo)", async () => {
    await createTopic(single, { name: WORD_COUNT_INPUT, partitions: 1, ifMissing: true });
    const applicationId = uniqueTopicName("wordcount-detail");
    const app = await startWordCountApp(single, { applicationId, groupProtocol: "streams" });
    try {
      const streams = await waitFor(
        "the streams group's member owning the input partition",
        async () => {
          const response = await detail(applicationId);
          const input = response.body.partitions?.find((p) => p.topic === WORD_COUNT_INPUT);
          return response.status === 200 && input && input.member !== "" ? response.body : undefined;
        },
        { timeoutMs: 90_000, intervalMs: 1000 },
      );
      expect(streams).to.deep.include({ type: "streams", members: 1 });
      const input = streams.partitions.find((p) => p.topic === WORD_COUNT_INPUT);
      expect(input?.clientId).to.include(applicationId);
      expect(input?.host).to.equal("/127.0.0.1");
    } finally {
      await app.stop();
    }
  });
});
