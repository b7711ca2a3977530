import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect } from "chai";
import {
  createTopic,
  getSharedCluster,
  makeRunDir,
  resolveKafka,
  runKafkaTool,
  uniqueTopicName,
} from "../src/index.js";

const run = promisify(execFile);

/** The tool server JVMs of Kafka `version` this process started (children naming the server's class and the version's jars). */
async function toolServers(version: string): Promise<number> {
  const { stdout } = await run("pgrep", ["-a", "-P", String(process.pid), "-f", "KafkaToolServer"]).catch(() => ({
    stdout: "",
  }));
  return stdout.split("\n").filter((line) => line.includes(`/kafka/${version}/`)).length;
}

describe("test-infra: Kafka's tools in one JVM per version (the tool server)", function () {
  this.timeout(120_000);

  it("runs many tools, at once too, in one JVM: each call gets its own output", async () => {
    const runtime = await resolveKafka("4.3.1");
    const dir = await makeRunDir("tool-server-test");
    const ids = await Promise.all(
      Array.from({ length: 6 }, () => runKafkaTool(runtime, "kafka.tools.StorageTool", ["random-uuid"], dir)),
    );
    for (const id of ids) expect(id.trim()).to.match(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids).size, "six distinct ids, one a call").to.equal(6);
    expect(await toolServers("4.3.1")).to.equal(1);
  });

  it("says what a failing tool printed, and the next call still runs", async () => {
    const runtime = await resolveKafka("4.3.1");
    const dir = await makeRunDir("tool-server-test");
    let failure = "";
    await runKafkaTool(runtime, "org.apache.kafka.tools.TopicCommand", ["--describe"], dir).catch((error: Error) => {
      failure = error.message;
    });
    expect(failure).to.include("TopicCommand --describe failed").and.include("bootstrap-server");
    expect((await runKafkaTool(runtime, "org.apache.kafka.tools.TopicCommand", ["--version"], dir)).trim()).to.equal(
      "4.3.1",
    );
  });

  it("prints what the same tool prints in a JVM of its own", async () => {
    const cluster = await getSharedCluster("single");
    const runtime = await resolveKafka(cluster.version);
    const dir = await makeRunDir("tool-server-test");
    const topic = await createTopic(cluster, { name: uniqueTopicName("tool-server"), partitions: 3 });
    const args = ["--bootstrap-server", cluster.bootstrapServers.join(","), "--describe", "--topic", topic];
    const inServer = await runKafkaTool(runtime, "org.apache.kafka.tools.TopicCommand", args, dir);
    process.env.KCP_KAFKA_TOOL_SERVER = "off";
    try {
      const own = await runKafkaTool(runtime, "org.apache.kafka.tools.TopicCommand", args, dir);
      expect(inServer).to.equal(own);
      expect(inServer).to.include(`Topic: ${topic}`).and.include("PartitionCount: 3");
    } finally {
      delete process.env.KCP_KAFKA_TOOL_SERVER;
    }
  });
});
