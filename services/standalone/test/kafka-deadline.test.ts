import { type KafkaCluster, kafkaToolOn, startCluster, uniqueTopicName, waitFor } from "@kcp/test-infra";
import { expect } from "chai";
import { type Reply, startTestService, type TestService } from "./service-fixture.js";

const CONSOLE_CONSUMER = "org.apache.kafka.tools.consumer.ConsoleConsumer";
/** The deadline of this file's service (KAFKA_REQUEST_TIMEOUT_MS): short enough for a test, far above a produce. */
const DEADLINE_MS = 10_000;

interface Timed {
  status: number;
  ms: number;
  body: Reply;
}

describe("every Kafka call of a route has a deadline (standalone service, a fresh single-node Kafka)", function () {
  this.timeout(300_000);
  let cluster: KafkaCluster;
  let service: TestService;
  let clusterId: string;

  const call = async (method: string, path: string, body?: unknown): Promise<Timed> => {
    const started = Date.now();
    const reply = await service.api<Reply>(method, `/api/v1/clusters/${clusterId}${path}`, {
      token: service.token,
      ...(body === undefined ? {} : { body }),
    });
    return { status: reply.status, ms: Date.now() - started, body: reply.body };
  };

  before(async () => {
    // A cluster of its own: its first consumer group is created by the first test (Kafka then creates
    // __consumer_offsets), and the second stops its only broker.
    cluster = await startCluster({ topology: "single", name: "kafka-deadline" });
    service = await startTestService("kafka-deadline", { KAFKA_REQUEST_TIMEOUT_MS: String(DEADLINE_MS) });
    clusterId = await service.register({ name: "deadline", bootstrapServers: cluster.bootstrapServers });
  });

  after(async () => {
    await service?.stop();
    await cluster?.stop();
  });

  it("answers every one of 20 produces kept in flight while a console consumer creates the cluster's first consumer group", async () => {
    const topic = uniqueTopicName("first-group");
    expect((await call("POST", "/topics", { name: topic, partitions: 3 })).status).to.equal(201);
    let consumerDone = false;
    // The first group makes Kafka create __consumer_offsets (50 partitions) while the produces run.
    const consumer = kafkaToolOn(cluster, CONSOLE_CONSUMER, [
      ...["--topic", topic, "--group", "first-group", "--from-beginning", "--max-messages", "20"],
      ...["--timeout-ms", "60000"],
    ]).finally(() => {
      consumerDone = true;
    });
    // As the report had it: a loop of 20 requests always in flight, from before the group exists until well after.
    const answers: Timed[] = [];
    const until = Date.now() + 20_000;
    await Promise.all(
      Array.from({ length: 20 }, async (_, worker) => {
        for (let i = 0; !consumerDone || Date.now() < until; i++)
          answers.push(
            await call("POST", `/topics/${topic}/messages`, { key: `k${worker}`, value: `v${worker}-${i}` }),
          );
      }),
    );
    const out = await consumer;
    expect(out.split("\n").filter((line) => /^v\d+-\d+$/.test(line))).to.have.length(20);
    const failed = answers.filter((a) => a.status !== 200);
    expect(failed.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).to.deep.equal([]);
    const slowest = Math.max(...answers.map((a) => a.ms));
    expect(slowest, `slowest of ${answers.length} produces`).to.be.below(DEADLINE_MS);
  });

  it("answers 504 kafka_timeout within the deadline, naming the Kafka request and broker, while the broker is stopped; other requests are answered meanwhile", async () => {
    const topic = uniqueTopicName("stopped");
    expect((await call("POST", "/topics", { name: topic, partitions: 1 })).status).to.equal(201);
    expect((await call("POST", `/topics/${topic}/messages`, { value: "before" })).status).to.equal(200);
    const node = cluster.nodes[0];
    const pid = await node?.currentPid();
    if (!pid) throw new Error("the broker's JVM has no pid");
    process.kill(pid, "SIGSTOP");
    try {
      const produce = call("POST", `/topics/${topic}/messages`, { value: "while stopped" });
      // The service answers everything that does not wait for this broker meanwhile.
      const health = await service.api("GET", "/healthz");
      expect(health.status).to.equal(200);
      const clusters = await service.api("GET", "/api/v1/clusters", { token: service.token });
      expect(clusters.status).to.equal(200);
      const stuck = await produce;
      expect(stuck.status, JSON.stringify(stuck.body)).to.equal(504);
      expect(stuck.body.error.code).to.equal("kafka_timeout");
      const [address] = cluster.bootstrapServers;
      expect(stuck.body.error.message).to.match(
        new RegExp(
          `^Kafka did not answer within ${DEADLINE_MS} ms \\(KAFKA_REQUEST_TIMEOUT_MS\\): (\\w+ request to|connection to) ${address}`,
        ),
      );
      expect(stuck.ms).to.be.within(DEADLINE_MS, DEADLINE_MS + 3_000);
    } finally {
      process.kill(pid, "SIGCONT");
    }
    // The abandoned client is gone: the next produce opens a new one and lands.
    await waitFor("a produce lands again after the broker resumed", async () => {
      const again = await call("POST", `/topics/${topic}/messages`, { value: "after" });
      // Thrown rather than undefined: a wait that runs out names the last answer.
      if (again.status !== 200) throw new Error(`${again.status} after ${again.ms} ms: ${JSON.stringify(again.body)}`);
      return again;
    });
  });
});
