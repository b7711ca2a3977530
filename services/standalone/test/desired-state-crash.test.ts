import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DesiredStateDriftResponse, DesiredStatePlanResponse, Operation } from "@kcp/shared";
import {
  type Api,
  apiClient,
  createTopic,
  getSharedCluster,
  type KafkaCluster,
  kafkaToolOn,
  produceMessages,
  uniqueTopicName,
  waitFor,
  withAdmin,
} from "@kcp/test-infra";
import { expect } from "chai";
import { type StandaloneProcess, startStandaloneProcess } from "./process.js";

type Reply = Operation & { error: { code: string; message: string } };

const TOPICS = "org.apache.kafka.tools.TopicCommand";
const CONFIGS = "kafka.admin.ConfigCommand";
const admin = { username: "admin", password: "desired-crash-admin-password" };
/**
 * Topics the file creates: two of the step's CreateTopics requests (500 topics each), so that the process, killed as
 * soon as Kafka shows the first of them, dies among them.
 */
const NEW_TOPICS = 520;
const STEP_KINDS = [
  "createTopics",
  "setReplicationThrottle",
  "reassignPartitions",
  "clearReplicationThrottle",
  "alterTopicConfigs",
  "alterQuotas",
  "recordDesiredState",
];

/** Each topic matching the regex with its partition count and each partition's replica count, from kafka-topics. */
async function describedAll(cluster: KafkaCluster, regex: string): Promise<Record<string, number[]>> {
  const out = await kafkaToolOn(cluster, TOPICS, ["--describe", "--topic", regex]);
  const topics: Record<string, number[]> = {};
  for (const m of out.matchAll(/Topic: (\S+)\s+Partition: \d+\s+Leader: -?\d+\s+Replicas: ([\d,]+)/g))
    topics[m[1] as string] = [...(topics[m[1] as string] ?? []), (m[2] as string).split(",").length];
  return topics;
}

/** The configs set on an entity, as kafka-configs --describe lists them. */
async function configsOf(cluster: KafkaCluster, type: string, name: string): Promise<Record<string, string>> {
  const out = await kafkaToolOn(cluster, CONFIGS, ["--entity-type", type, "--entity-name", name, "--describe"]);
  return Object.fromEntries(
    [...out.matchAll(/^\s+([a-z0-9._-]+)=(\S*) sensitive=/gm)].map((m) => [m[1] as string, m[2] as string]),
  );
}

describe("desired state: the process running an apply killed with SIGKILL, twice; the next one resumes it and each change lands once", function () {
  this.timeout(900_000);
  let cluster: KafkaCluster;
  let dataDir: string;
  let running: StandaloneProcess | undefined;
  const id = uniqueTopicName("dsc");
  const prefix = `${id}.`;
  const events = `${prefix}events`;
  const created = Array.from({ length: NEW_TOPICS }, (_, i) => `${prefix}new-${String(i).padStart(2, "0")}`);
  let cleanedUp = false;

  /** The standalone process (API, collector and worker in one) on the same data folder; the lease lapses in 3 s. */
  async function start(): Promise<{ api: Api; token: string; process: StandaloneProcess }> {
    running = await startStandaloneProcess({
      DATA_DIR: dataDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      OPERATIONS_LEASE_MS: "3000",
    });
    const api = apiClient(running.url);
    const token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
    return { api, token, process: running };
  }

  /** SIGKILL: the process gets no chance to finish its step or write anything more. */
  async function kill(): Promise<number | null | undefined> {
    running?.child.kill("SIGKILL");
    return running?.exitCode;
  }

  before(async () => {
    cluster = await getSharedCluster("3c3b");
    dataDir = await mkdtemp(join(tmpdir(), "kcp-desired-crash-"));
    // A topic of the team's, with replication factor 1 and data to copy (3 × ~3 MB) when it grows to 3.
    await createTopic(cluster, { name: events, partitions: 3, replicationFactor: 1 });
    const payload = "x".repeat(1000);
    await produceMessages(cluster, events, 9_000, { value: (i) => `${i} ${payload}` });
  });

  after(async () => {
    await kill();
    await rm(dataDir, { recursive: true, force: true });
    // Leave the shared cluster as found: the topics deleted, the quota and (after a failure) the throttle removed.
    await withAdmin(cluster, async (kafka) => {
      const mine = (await kafka.listTopics()).filter((t) => t.startsWith(prefix));
      if (mine.length > 0) await kafka.deleteTopics({ topics: mine });
    });
    await kafkaToolOn(cluster, CONFIGS, [
      "--entity-type",
      "users",
      "--entity-name",
      id,
      "--alter",
      "--delete-config",
      "producer_byte_rate",
    ]).catch(() => undefined);
    if (!cleanedUp)
      for (const broker of [4, 5, 6])
        await kafkaToolOn(cluster, CONFIGS, [
          "--entity-type",
          "brokers",
          "--entity-name",
          String(broker),
          "--alter",
          "--delete-config",
          "leader.replication.throttled.rate,follower.replication.throttled.rate",
        ]).catch(() => undefined);
  });

  it("killed while creating topics and again while re-replicating a topic under a throttle: the apply succeeds, each topic is created once, the move goes on where it was, and no drift is left", async () => {
    const file = {
      path: `teams/${id}.yaml`,
      documents: [
        { kind: "Scope", topics: { prefixes: [prefix] }, quotaEntities: [[{ type: "user", name: id }]] },
        { kind: "Topic", name: events, partitions: 3, replicationFactor: 3, configs: { "retention.ms": 172_800_000 } },
        ...created.map((name) => ({ kind: "Topic", name, partitions: 1, replicationFactor: 1 })),
        { kind: "Quota", entity: [{ type: "user", name: id }], values: { producer_byte_rate: 524_288 } },
      ],
    };
    const first = await start();
    const registered = await first.api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      token: first.token,
      body: { name: "desired-crash", bootstrapServers: cluster.bootstrapServers },
    });
    expect(registered.status, registered.text).to.equal(201);
    const clusterId = registered.body.cluster.id;
    const planned = await first.api<DesiredStatePlanResponse & Reply>(
      "POST",
      `/api/v1/clusters/${clusterId}/desired-state/plan`,
      // 400 KB/s: each partition's ~3 MB copied to two new replicas takes ~15 s; one move at a time.
      { token: first.token, body: { files: [file], throttleBytesPerSec: 400_000, maxConcurrentMoves: 1 } },
    );
    expect(planned.status, planned.text).to.equal(200);
    expect(planned.body.counts).to.deep.equal({
      createTopic: NEW_TOPICS,
      changeReplicationFactor: 1,
      alterTopicConfigs: 1,
      setQuota: 1,
    });
    const operation = planned.body.operation as Operation;
    expect(operation.steps.map((s) => s.kind)).to.deep.equal(STEP_KINDS);
    const read = async (api: Api, token: string) =>
      (await api<Reply>("GET", `/api/v1/operations/${operation.id}`, { token })).body;

    // First kill: as soon as Kafka shows one of the new topics, while the step is still creating the others.
    const confirmed = await first.api("POST", `/api/v1/operations/${operation.id}/confirm`, {
      token: first.token,
      body: {},
    });
    expect(confirmed.status, confirmed.text).to.equal(200);
    const existing = await withAdmin(cluster, (kafka) =>
      waitFor(
        "the first new topics in Kafka",
        async () => {
          const mine = (await kafka.listTopics()).filter((t) => created.includes(t));
          return mine.length > 0 ? mine : undefined;
        },
        { timeoutMs: 120_000, intervalMs: 50 },
      ),
    );
    expect(await kill()).to.equal(null);
    const firstKill = new Date().toISOString();
    expect(existing.length, "killed after every topic was created").to.be.lessThan(NEW_TOPICS);
    const second = await start();

    // Second kill: while the reassignment runs, with a move in flight in Kafka.
    let ended: Operation | undefined;
    const midMove = await waitFor(
      "the reassignment running with a move in flight",
      async () => {
        const now = await read(second.api, second.token);
        if (["succeeded", "failed", "cancelled", "paused"].includes(now.status)) ended = now;
        const step = now.steps[2];
        return step?.status === "running" && Number(now.details.movesInFlight) > 0 ? now : undefined;
      },
      {
        timeoutMs: 180_000,
        intervalMs: 250,
        giveUpIf: () =>
          ended && new Error(`the operation ended before its reassignment was caught: ${JSON.stringify(ended)}`),
      },
    );
    expect(await kill()).to.equal(null);
    const secondKill = new Date().toISOString();
    const movingSince = (midMove.steps[2]?.detail as { movingSince?: string } | undefined)?.movingSince;
    expect(movingSince, JSON.stringify(midMove.steps[2])).to.be.a("string");
    expect(Number(midMove.details.movesDone)).to.be.lessThan(3);
    expect(midMove.steps[0]?.status).to.equal("succeeded");

    const third = await start();
    const done = await waitFor(
      "the apply to finish in the third process",
      async () => {
        const now = await read(third.api, third.token);
        return ["succeeded", "failed", "cancelled", "paused"].includes(now.status) ? now : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 500 },
    );
    expect(done.status, `${done.error} ${JSON.stringify(done.steps)}`).to.equal("succeeded");
    expect(done.steps.map((s) => s.status)).to.deep.equal(STEP_KINDS.map(() => "succeeded"));
    // The topics created before the first kill counted as done when the step ran again: no "already exists" failure.
    const creation = done.steps[0]?.detail as { created: number; existed: string[] };
    expect(creation.existed).to.include.members(existing);
    expect(creation.existed.every((t) => created.includes(t))).to.equal(true);
    expect(creation.created + creation.existed.length).to.equal(NEW_TOPICS);
    // The steps that were running when a process died were started by it and finished by the next one, which went
    // on from their first start: the same start time, the same move clock.
    const [creating, moving] = [done.steps[0], done.steps[2]];
    expect([creating?.startedAt ?? "", firstKill, creating?.finishedAt ?? ""]).to.deep.equal(
      [creating?.startedAt ?? "", firstKill, creating?.finishedAt ?? ""].sort(),
    );
    expect(moving?.startedAt).to.equal(midMove.steps[2]?.startedAt);
    expect([moving?.startedAt ?? "", secondKill, moving?.finishedAt ?? ""]).to.deep.equal(
      [moving?.startedAt ?? "", secondKill, moving?.finishedAt ?? ""].sort(),
    );
    expect(moving?.detail).to.deep.include({ moves: 3, movingSince });
    expect(done.details).to.deep.include({ movesDone: 3, movesTotal: 3, movesInFlight: 0 });
    const took = (p: StandaloneProcess) =>
      p
        .stdout()
        .split("\n")
        .some((l) => l.includes('"msg":"operation taken"') && l.includes(`"operationId":"${operation.id}"`));
    expect([took(second.process), took(third.process)]).to.deep.equal([true, true]);

    console.log(
      `      first kill: ${existing.length} of ${NEW_TOPICS} topics in Kafka, the rerun found ${creation.existed.length} existing and created ${creation.created}; second kill: ${midMove.details.movesDone} move(s) done, ${midMove.details.movesInFlight} in flight; the move took ${((moving?.detail ?? {}) as { actualSeconds?: number }).actualSeconds} s in all`,
    );

    // Each change in Kafka once, as its own tools show: every topic, three replicas of each partition of events.
    const topics = await describedAll(cluster, `${id}\\..*`);
    expect(Object.keys(topics).sort()).to.deep.equal([events, ...created].sort());
    expect(topics[events]).to.deep.equal([3, 3, 3]);
    for (const name of created) expect(topics[name], name).to.deep.equal([1]);
    // The config set, the throttle removed from the topic and from every broker.
    expect(await configsOf(cluster, "topics", events)).to.deep.equal({ "retention.ms": "172800000" });
    for (const broker of [4, 5, 6])
      expect(
        Object.keys(await configsOf(cluster, "brokers", String(broker))),
        `broker ${broker}`,
      ).to.not.include.members(["leader.replication.throttled.rate", "follower.replication.throttled.rate"]);
    cleanedUp = true;
    const quota = await kafkaToolOn(cluster, CONFIGS, ["--entity-type", "users", "--entity-name", id, "--describe"]);
    expect((/are (.*)$/m.exec(quota)?.[1] ?? "").trim()).to.equal("producer_byte_rate=524288.0");

    // The audit: started once, each step ended once and well, finished once.
    const audit = await third.api<{
      entries: { action: string; target?: string; result: string; detail: Record<string, unknown> }[];
    }>("GET", `/api/v1/audit?clusterId=${clusterId}&limit=200`, { token: third.token });
    expect(audit.status, audit.text).to.equal(200);
    const mine = audit.body.entries.filter((e) => e.target === operation.id).reverse();
    expect(mine.filter((e) => e.action === "operation.start")).to.have.length(1);
    const stepEnds = mine.filter((e) => e.action === "operation.step");
    expect(stepEnds.map((e) => [e.detail.kind, e.result])).to.deep.equal(STEP_KINDS.map((k) => [k, "success"]));
    expect(mine.filter((e) => e.action === "operation.finish").map((e) => e.result)).to.deep.equal(["success"]);

    const drift = await third.api<DesiredStateDriftResponse & Reply>(
      "GET",
      `/api/v1/clusters/${clusterId}/desired-state/drift`,
      { token: third.token },
    );
    expect(drift.status, drift.text).to.equal(200);
    expect(drift.body.applied.map((f) => [f.path, f.operationId])).to.deep.equal([[file.path, operation.id]]);
    expect(drift.body).to.deep.include({ changes: [], problems: [] });
    const again = await third.api<DesiredStatePlanResponse & Reply>(
      "POST",
      `/api/v1/clusters/${clusterId}/desired-state/plan`,
      { token: third.token, body: { files: [file] } },
    );
    expect(again.body).to.deep.include({ changes: [] });
  });
});
