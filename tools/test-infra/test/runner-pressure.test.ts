import { expect } from "chai";
import { formatPressure, type PressureSample, processKind, summarizePressure } from "../src/runner/pressure.js";

describe("the run's report of its pressure on the machine (pure)", () => {
  it("gives the load's peak, mean and 30-second peak, the budget's peak, waits and overdrafts, and retried starts", () => {
    const samples = [0, 5, 10, 15, 20, 25, 30, 35].map((s, i) => ({
      t: 1_000_000 + s * 1000,
      load: [1, 9, 12, 3, 2, 2, 6, 4][i] as number,
      jvms: [0, 3, 7, 7, 6, 6, 2, 0][i] as number,
    }));
    const events = [
      { t: 1_000_100, pid: 1, kind: "kafka-node", what: "Kafka node 1 (a)", units: 2, held: 2, waitedMs: 0 },
      { t: 1_000_200, pid: 2, kind: "kafka-node", what: "Kafka node 2 (b)", units: 2, held: 4, waitedMs: 0 },
      { t: 1_001_000, pid: 1, kind: "kafka-node", what: "Kafka node 1 (a)", units: -1.8 },
      {
        t: 1_004_000,
        pid: 3,
        kind: "kubernetes-node",
        what: "the Kubernetes node",
        units: 4,
        held: 6.2,
        waitedMs: 3500,
      },
      { t: 1_009_000, pid: 4, kind: "build", what: "a build", units: 2, held: 8.2, waitedMs: 125_000, overdraft: true },
    ];
    const summary = summarizePressure(samples, events, [
      "test-infra: Kafka node 4 exited; starting the cluster afresh: attempt 2 of 2",
      'test-infra: Kafka "shared" ready in 3.1 s',
    ]);
    expect(summary).to.deep.include({
      peakLoad: 12,
      meanLoad: 4.88,
      peakLoadEvery30s: 6,
      secondsAbove8: 10,
      peakJvms: 7,
    });
    expect(summary.budget).to.deep.equal({
      grants: 4,
      peakUnits: 8.2,
      waitedSeconds: 128.5,
      longestWait: { seconds: 125, what: "a build" },
      overdrafts: 1,
    });
    expect(summary.retriedStarts).to.have.length(1);
    expect(formatPressure(summary)).to.include("load (1 min) peak 12").and.include("1 granted beyond the pool");
  });

  it("counts the CPU by kind of process, most first, beside what the machine spent", () => {
    const samples: PressureSample[] = [
      { t: 0, load: 1, jvms: 0, cpu: {}, machineCpu: 0 },
      { t: 5000, load: 2, jvms: 2, cpu: { "kafka-node": 3.5, mocha: 1 }, machineCpu: 6 },
      { t: 10_000, load: 2, jvms: 2, cpu: { "kafka-node": 2, "kafka-tool": 4.4 }, machineCpu: 9 },
    ];
    const summary = summarizePressure(samples, [], []);
    expect(summary.cpu).to.deep.equal({ byKind: { "kafka-node": 6, "kafka-tool": 4, mocha: 1 }, machine: 15 });
    expect(Object.keys(summary.cpu?.byKind ?? {})).to.deep.equal(["kafka-node", "kafka-tool", "mocha"]);
    expect(formatPressure(summary)).to.include("CPU: 15 CPU-s in all; kafka-node 6, kafka-tool 4, mocha 1");
    expect(summarizePressure([{ t: 0, load: 1, jvms: 0 }], [], []).cpu, "no CPU figures: none said").to.equal(
      undefined,
    );
  });

  it("tells the kinds of process apart by their command lines", () => {
    const kinds = {
      "java -Xmx384m -cp /c/kafka/4.3.1/libs/* kafka.Kafka /tmp/kcp-kafka-3c3b-x/node-1/server.properties":
        "kafka-node",
      "java -cp /c/kafka-tool-server/ab:/c/libs/* KafkaToolServer": "kafka-tool",
      "java -Xmx256m -cp /c/libs/* org.apache.kafka.tools.TopicCommand --list": "kafka-tool",
      "java -Xmx256m -cp /c/libs/* kafka.tools.StorageTool format -t x": "kafka-tool",
      "/repo/.toolchain/node-24/bin/node --import=tsx /repo/node_modules/mocha/lib/cli/cli.js a.test.ts": "mocha",
      "/usr/bin/node /repo/node_modules/.cache/kcp-test-infra/services-node-agent-src-main-ab/main.mjs": "node-agent",
      "node /repo/node_modules/.cache/kcp-test-infra/services-standalone-src-main-cd/main.mjs": "service",
      "/root/.cache/kcp/test-infra/kubernetes/v1.36.3/kube-apiserver --bind-address=10.201.0.2": "kubernetes",
      "/root/.cache/kcp/test-infra/ferretdb/ferretdb --listen-addr=127.0.0.1:1": "ferretdb",
      "/usr/bin/redis-server 127.0.0.1:6379": "redis",
      "/usr/lib/chromium/chromium --headless": "chromium",
      "/root/.cache/kcp/test-infra/schemathesis/4.32.5/bin/python3 schemathesis run": "python",
      "/usr/bin/bash -c true": "other",
    };
    for (const [commandLine, kind] of Object.entries(kinds))
      expect(processKind(commandLine), commandLine).to.equal(kind);
  });
});
