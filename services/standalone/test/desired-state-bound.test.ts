import {
  DESIRED_CHANGES_MAX,
  type DesiredStatePlanResponse,
  type Operation,
  type OperationMovesResponse,
} from "@kcp/shared";
import {
  getSharedCluster,
  getSharedMongo,
  type KafkaCluster,
  startCluster,
  waitFor,
  withAdmin,
  withBudget,
} from "@kcp/test-infra";
import { expect } from "chai";
import { type Reply, startTestService } from "./service-fixture.js";

const PER_FILE = 1000;

/** Files declaring `count` topics of 1 partition with two configs each, 1,000 a file, each file its own prefix. */
function files(prefix: string, count: number) {
  const out = [];
  for (let file = 0; file * PER_FILE < count; file++) {
    const scope = `${prefix}${String(file).padStart(2, "0")}-`;
    const documents: unknown[] = [{ kind: "Scope", topics: { prefixes: [scope] } }];
    for (let i = file * PER_FILE; i < Math.min(count, (file + 1) * PER_FILE); i++)
      documents.push({
        kind: "Topic",
        name: `${scope}${String(i).padStart(5, "0")}`,
        partitions: 1,
        replicationFactor: 1,
        configs: { "retention.ms": 3_600_000 + i, "cleanup.policy": "delete" },
      });
    out.push({ path: `teams/${scope}topics.yaml`, documents });
  }
  return out;
}

/**
 * Reads `count()` until it reaches `target`; fails when it has not grown for `stallMs` (the reader stopped making
 * progress), naming how far it got.
 */
async function untilCountReached(what: string, target: number, count: () => Promise<number>, stallMs: number) {
  let best = -1;
  let grewAt = Date.now();
  for (;;) {
    const now = await count();
    if (now >= target) return;
    if (now > best) {
      best = now;
      grewAt = Date.now();
    } else if (Date.now() - grewAt > stallMs)
      throw new Error(`${what}: ${best} of ${target}, no more for ${stallMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

describe("desired state at its bound: 10,000 topics in files planned, confirmed, applied and planned again empty, on each store", function () {
  // Each store's round took 46 s quiet and about 70 s at load 44 (topics created 500 a request): 5 minutes each.
  this.timeout(600_000);
  let cluster: KafkaCluster | undefined;

  /**
   * A node of its own for each store's round: 10,000 topics would slow every collection of a shared one, and a node
   * still deleting the last round's 10,000 logs makes the next round's a third slower. Its heap holds 10,000 topics
   * (the tests' nodes get 384 MiB, which 8,000 topics fill: the node then spends its time collecting garbage); its
   * data is in memory (each new topic is a folder, files and fsyncs, made one after another).
   */
  async function startBoundNode(): Promise<KafkaCluster> {
    const jvmOptions = process.env.KCP_KAFKA_JVM_OPTS;
    process.env.KCP_KAFKA_JVM_OPTS = `${jvmOptions ?? ""} -Xmx1g`.trim();
    try {
      return await startCluster({ topology: "single", name: "desired-state-bound", inMemory: true });
    } finally {
      if (jvmOptions === undefined) delete process.env.KCP_KAFKA_JVM_OPTS;
      else process.env.KCP_KAFKA_JVM_OPTS = jvmOptions;
    }
  }

  afterEach(async () => {
    await cluster?.stop();
    cluster = undefined;
  });

  for (const store of ["embedded", "mongo"] as const)
    it(`${store === "embedded" ? "embedded store (node:sqlite)" : "STORE=mongo (FerretDB)"}: the plan of ${DESIRED_CHANGES_MAX} topics confirms, its apply succeeds with every topic in Kafka, a second plan changes nothing, and no answer shows a part of the store`, async () => {
      const started = Date.now();
      const node = await startBoundNode();
      cluster = node;
      const env: Record<string, string> =
        store === "mongo" ? { STORE: "mongo", MONGO_URL: `${(await getSharedMongo()).url}bound_${Date.now()}` } : {};
      const service = await startTestService(`desired-bound-${store}`, env);
      const prefix = `bound-${store === "embedded" ? "e" : "m"}-`;
      const topics = files(prefix, DESIRED_CHANGES_MAX);
      try {
        const api = <T = Reply>(method: string, path: string, body?: unknown) =>
          service.api<T>(method, path, { token: service.token, ...(body === undefined ? {} : { body }) });
        const clusterId = await service.register({
          name: `bound-${store}`,
          bootstrapServers: node.bootstrapServers,
        });
        const plan = async () => {
          const planned = await api<DesiredStatePlanResponse & Reply>(
            "POST",
            `/api/v1/clusters/${clusterId}/desired-state/plan`,
            { files: topics, createOperation: true },
          );
          expect(planned.status, planned.text.slice(0, 2000)).to.equal(200);
          return planned;
        };

        const planned = await plan();
        expect(planned.body.counts).to.deep.equal({ createTopic: DESIRED_CHANGES_MAX });
        const id = planned.body.operation?.id as string;
        // The answer shows the changes as an Operation shows long lists: the first 1,000 and how many there are.
        expect(planned.text).not.to.include("$kcpPart");
        const params = planned.body.operation?.params as { changes: unknown[]; changesTotal: number };
        expect(params.changes).to.have.lengthOf(1000);
        expect(params.changesTotal).to.equal(DESIRED_CHANGES_MAX);

        // From the confirm until the node shows every topic, the node makes 10,000 logs: about one core of the machine,
        // taken from the budget every heavy test shares (other starts wait meanwhile).
        await withBudget("kafka-bulk", `${DESIRED_CHANGES_MAX} topics made on "desired-state-bound"`, async () => {
          const confirmed = await api<Operation & Reply>("POST", `/api/v1/operations/${id}/confirm`, {});
          expect(confirmed.status, confirmed.text.slice(0, 2000)).to.equal(200);
          expect(confirmed.text).not.to.include("$kcpPart");
          const done = await waitFor(
            "the apply to finish",
            async () => {
              const now = await api<Operation & Reply>("GET", `/api/v1/operations/${id}`);
              return ["succeeded", "failed", "cancelled", "paused"].includes(now.body.status) ? now : undefined;
            },
            { timeoutMs: 240_000, intervalMs: 1000 },
          );
          expect(done.body.status, JSON.stringify(done.body.steps).slice(0, 2000)).to.equal("succeeded");
          expect(done.text).not.to.include("$kcpPart");
          const list = await api<{ operations: Operation[] } & Reply>(
            "GET",
            `/api/v1/clusters/${clusterId}/operations`,
          );
          expect(list.text).not.to.include("$kcpPart");
          const moves = await api<OperationMovesResponse & Reply>("GET", `/api/v1/operations/${id}/moves`);
          expect(moves.body.total).to.equal(0);

          // Kafka's own listing has every topic of the files. The apply answers once the broker shows each batch, or
          // 5 s after it: the topics are made, and the broker shows them once it has made their logs, one after
          // another in its metadata thread (10,000 took 31–45 s of one core on a quiet machine). The listing is read
          // until it shows them all; a broker that never catches up is one whose count stops growing for 30 s.
          await untilCountReached(
            "Kafka's listing to show every topic of the files",
            DESIRED_CHANGES_MAX,
            async () =>
              (await withAdmin(node, (admin) => admin.listTopics())).filter((n) => n.startsWith(prefix)).length,
            30_000,
          );
        });

        const again = await plan();
        expect(again.body.changes).to.deep.equal([]);
        expect(again.body.operation).to.equal(undefined);
        // Wall time of this store's round (plan, confirm, apply, plan again) for the record.
        process.stdout.write(`      ${store}: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      } finally {
        await service.stop();
      }
    });
});

describe("desired state: staged files past the per-user bound are refused at the route", function () {
  this.timeout(300_000);

  /** A file of about 0.5 MiB: one scope of 1,000 long names and 1,000 long prefixes, declaring one new topic. */
  const bulky = (path: string, tag: string) => ({
    path,
    documents: [
      {
        kind: "Scope",
        topics: {
          names: Array.from({ length: 1000 }, (_, i) => `${tag}.n${String(i).padStart(4, "0")}.${"n".repeat(225)}`),
          prefixes: Array.from({ length: 1000 }, (_, i) => `${tag}-${String(i).padStart(4, "0")}-${"p".repeat(225)}`),
        },
      },
      { kind: "Topic", name: `${tag}.n0000.${"n".repeat(225)}`, partitions: 1, replicationFactor: 1 },
    ],
  });

  it("a plan whose files would pass DESIRED_STATE_STAGED_MIB_PER_USER is 429 too_many_attempts with Retry-After, plans nothing; the same paths planned again supersede the earlier plan", async () => {
    const cluster = await getSharedCluster("single");
    const service = await startTestService("desired-staged-bound", { DESIRED_STATE_STAGED_MIB_PER_USER: "1" });
    try {
      const clusterId = await service.register({ name: "staged", bootstrapServers: cluster.bootstrapServers });
      const plan = (files: unknown[]) =>
        service.api<DesiredStatePlanResponse & Reply>("POST", `/api/v1/clusters/${clusterId}/desired-state/plan`, {
          token: service.token,
          body: { files, createOperation: true },
        });
      const tag = `staged${Date.now().toString(36)}`;
      const first = await plan([bulky("teams/a.yaml", `${tag}a`)]);
      expect(first.status, first.text.slice(0, 1000)).to.equal(200);
      const refused = await plan([bulky("teams/b.yaml", `${tag}b`), bulky("teams/c.yaml", `${tag}c`)]);
      expect(refused.status).to.equal(429);
      expect(refused.body.error.code).to.equal("too_many_attempts");
      expect(refused.body.error.message).to.include("DESIRED_STATE_STAGED_MIB_PER_USER");
      expect(refused.headers.get("retry-after")).to.equal("900");
      const operations = await service.api<{ operations: Operation[] } & Reply>(
        "GET",
        `/api/v1/clusters/${clusterId}/operations`,
        { token: service.token },
      );
      expect(operations.body.operations.map((o) => o.id)).to.deep.equal([first.body.operation?.id]);

      // The same path planned again (another topic): the earlier plan is superseded, cancelled, its files let go.
      const again = await plan([bulky("teams/a.yaml", `${tag}d`)]);
      expect(again.status, again.text.slice(0, 1000)).to.equal(200);
      const earlier = await service.api<Operation & Reply>("GET", `/api/v1/operations/${first.body.operation?.id}`, {
        token: service.token,
      });
      expect(earlier.body.status).to.equal("cancelled");
    } finally {
      await service.stop();
    }
  });
});
