import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAuditService } from "@kcp/audit";
import { ClusterRegistry, newClusterRecord } from "@kcp/clusters";
import { DesiredStateBook } from "@kcp/desired-state";
import { KafkaClients } from "@kcp/kafka";
import { Metrics } from "@kcp/metrics";
import { enqueueRun, type OperationDocument, PLAN_LIFETIME_MS, stored, typed } from "@kcp/operation-lifecycle";
import { OperationService, operationView } from "@kcp/operation-service";
import { STEP_KINDS, type StepExecutor, StepPaused } from "@kcp/operations";
import { auditEmitter } from "@kcp/process";
import { BullMqQueue, InProcessQueue, type JobQueue } from "@kcp/queue";
import {
  AppError,
  ConnectionProfileSchema,
  createLogger,
  type Operation,
  parseSecretKey,
  SecretBox,
  type Step,
} from "@kcp/shared";
import { EmbeddedStore, MongoStore, type OperationRecord, type Store } from "@kcp/store";
import { getSharedMongo, startRedis, waitFor } from "@kcp/test-infra";
import { expect } from "chai";
import { createOperationsWorker, type OperationsWorker } from "../src/index.js";

/**
 * The engine against the real embedded store and in-process queue, with the one step kind it runs here
 * (setBrokerConfig) replaced by a recorder: what is tested is the order of moves, not Kafka (each step kind is proved on
 * real Kafka in services/standalone/test/operations.test.ts). Broker ids choose the double's behaviour: 99 fails, 50
 * waits for the gate to open, any other succeeds.
 */
const FAILS = 99;
const WAITS = 50;
/** Pauses the operation on its first run (a gate not met), succeeds on the next; records what it saw of earlier runs. */
const PAUSES = 77;
/** Checkpoints its detail before it "acts". */
const CHECKPOINTS = 88;

const logger = createLogger({ name: "engine-test", level: "silent" });
const box = new SecretBox(parseSecretKey(randomBytes(32).toString("hex")));

type Gate = { open(): void; opened: Promise<void> };
function gate(): Gate {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const step = (broker: number, index: number, alwaysRun = false): Step => ({
  index,
  name: `step ${index} (broker ${broker})`,
  kind: "setBrokerConfig",
  args: { broker, set: { "log.cleaner.threads": "1" } },
  alwaysRun,
  status: "pending",
  startedAt: null,
  finishedAt: null,
});

interface Backend {
  store: Store;
  queue: JobQueue;
  /** A queue of another process on the same backend (the in-process queue takes one handler per queue). */
  anotherQueue(): JobQueue;
  stop(): Promise<void>;
}

async function embeddedBackend(): Promise<Backend> {
  const store = new EmbeddedStore(mkdtempSync(join(tmpdir(), "kcp-engine-")));
  const queues: JobQueue[] = [new InProcessQueue()];
  const anotherQueue = () => {
    queues.push(new InProcessQueue());
    return queues.at(-1) as JobQueue;
  };
  const stop = async () => {
    for (const queue of queues) await queue.stop();
    await store.stop();
  };
  return { store, queue: queues[0] as JobQueue, anotherQueue, stop };
}

async function distributedBackend(): Promise<Backend> {
  const mongo = await getSharedMongo();
  const redis = await startRedis();
  const store = await MongoStore.open({ url: mongo.url, dbName: `engine_${randomUUID().replaceAll("-", "")}` });
  const prefix = `engine-${randomUUID()}`;
  const queues: JobQueue[] = [new BullMqQueue({ url: redis.url, prefix, logger })];
  const anotherQueue = () => {
    queues.push(new BullMqQueue({ url: redis.url, prefix, logger }));
    return queues.at(-1) as JobQueue;
  };
  const stop = async () => {
    for (const queue of queues) await queue.stop();
    await store.stop();
    await redis.stop();
  };
  return { store, queue: queues[0] as JobQueue, anotherQueue, stop };
}

/** The same engine tests on the embedded adapters (npm start) and on MongoDB (FerretDB) + BullMQ (Redis). */
export function describeEngine(kind: "embedded" | "distributed") {
  describe(`operations engine (worker on the ${kind} store and queue)`, function () {
    this.timeout(60_000);
    let backend: Backend;
    let store: Store;
    let queue: JobQueue;
    let worker: OperationsWorker;
    let service: OperationService;
    let calls: number[];
    let seenPrevious: unknown[];
    let deleted: number[];
    let waiting: Gate;
    let clusterId: string;
    /** The process's Kafka clients, as the worker has them (no step here reaches Kafka). */
    const clients = new KafkaClients();
    after(() => clients.stop());

    const recorder: StepExecutor<"setBrokerConfig"> = async (context, args) => {
      calls.push(args.broker);
      seenPrevious.push(context.previous);
      deleted.push(args.delete?.length ?? 0);
      if (args.broker === PAUSES && calls.filter((b) => b === PAUSES).length === 1)
        throw new StepPaused("node 77 is not safe to stop: t-0 would fall below min.insync.replicas", {
          partitionsAtRisk: ["t-0"],
        });
      if (args.broker === CHECKPOINTS) await context.checkpoint?.({ before: { pid: 1 } });
      if (args.broker === FAILS) throw new AppError("kafka_error", "Kafka refused it: POLICY_VIOLATION");
      if (args.broker === WAITS) await waiting.opened;
      return { broker: args.broker };
    };

    const startWorker = (workerQueue = queue) =>
      createOperationsWorker({
        logger,
        store,
        queue: workerQueue,
        box,
        audit: auditEmitter(queue, store, logger),
        metrics: new Metrics({ service: "operations-worker" }),
        kafkaClients: clients,
        desiredStates: new DesiredStateBook(store.desiredStates),
        config: {
          OPERATIONS_LEASE_MS: 1_500,
          OPERATIONS_SWEEP_INTERVAL_MS: 100,
          OPERATIONS_CONCURRENCY: 2,
          OPERATIONS_STEP_DELAY_MS: 0,
          OPERATIONS_ROLL_SAFETY_WAIT_MS: 1_000,
          OPERATIONS_NODE_HEALTHY_WAIT_MS: 1_000,
        },
        workerId: `worker-${randomUUID()}`,
        steps: { ...STEP_KINDS, setBrokerConfig: recorder },
      });

    /** An operation as a confirm leaves it (pending), or in any other state, written straight to the store. */
    async function operation(
      steps: Step[],
      status: OperationRecord["status"] = "pending",
      lease?: OperationRecord["lease"],
    ) {
      const document: OperationDocument = {
        summary: "test",
        params: {},
        plan: { summary: "test", warnings: [], irreversible: false },
        details: {},
        irreversible: false,
        currentStep: 0,
        requestedAction: null,
        error: null,
        createdBy: "admin",
        confirmedBy: status === "planned" ? null : "admin",
        startedAt: null,
        finishedAt: null,
        steps,
      };
      const created = await store.operations.create({
        id: randomUUID(),
        clusterId,
        type: "cordonBrokers",
        expiresAt: new Date(Date.now() + PLAN_LIFETIME_MS),
        document: stored(document),
      });
      if (status === "planned") return created;
      const moved = await store.operations.transition(created.id, { from: ["planned"] }, { status });
      if (lease) await store.operations.acquireLease(created.id, lease.owner, lease.expiresAt, new Date(0));
      return moved as OperationRecord;
    }

    const read = async (id: string): Promise<Operation> =>
      operationView(typed((await store.operations.findById(id)) as OperationRecord));

    const settled = (id: string, status: Operation["status"]) =>
      waitFor(`operation ${status}`, async () => {
        const now = await read(id);
        return now.status === status ? now : undefined;
      });

    const auditActions = async (id: string) =>
      waitFor("the audit entries", async () => {
        const entries = (await store.audit.list({ clusterId, limit: 100 })).filter((e) => e.target === id);
        return entries.some((e) => e.action === "operation.finish" || e.action === "operation.expire")
          ? entries.map((e) => e.action).reverse()
          : undefined;
      });

    beforeEach(async () => {
      backend = kind === "embedded" ? await embeddedBackend() : await distributedBackend();
      ({ store, queue } = backend);
      await createAuditService({ logger, store, queue }).start();
      calls = [];
      seenPrevious = [];
      deleted = [];
      waiting = gate();
      const profile = ConnectionProfileSchema.parse({
        name: `engine-${randomUUID()}`,
        bootstrapServers: ["127.0.0.1:1"],
      });
      clusterId = (await store.clusters.create(newClusterRecord(profile, box, "kafka-id"))).id;
      const clusters = new ClusterRegistry({ store, queue, box, collectWaitMs: 1_000 });
      service = new OperationService({ store, clusters, queue });
      worker = startWorker();
      await worker.start();
    });

    afterEach(async () => {
      waiting?.open();
      await worker?.stop();
      await backend?.stop();
    });

    it("runs the steps in order, records each step's times and the operation's, and audits every transition", async () => {
      const op = await operation([step(1, 0), step(2, 1), step(3, 2)]);
      await enqueueRun(queue, op.id);
      const done = await settled(op.id, "succeeded");
      expect(calls).to.deep.equal([1, 2, 3]);
      expect(done.steps.map((s) => s.status)).to.deep.equal(["succeeded", "succeeded", "succeeded"]);
      expect(done.steps.every((s) => s.startedAt && s.finishedAt && s.finishedAt >= s.startedAt)).to.equal(true);
      expect(done.steps[0]?.detail).to.deep.equal({ broker: 1 });
      expect(done).to.include({ currentStep: 2, error: null, requestedAction: null });
      expect(done.startedAt).to.be.a("string");
      expect(done.finishedAt).to.be.a("string");
      expect(await auditActions(op.id)).to.deep.equal([
        "operation.start",
        "operation.step",
        "operation.step",
        "operation.step",
        "operation.finish",
      ]);
    });

    it("runs a step whose args hold a list stored apart (plans of any size): the step gets all of it, the API the first 1000", async () => {
      const names = Array.from({ length: 20_000 }, (_, i) => `custom.setting.number.${i}`); // ~600 KB: stored apart
      const big: Step = { ...step(5, 0), args: { broker: 5, delete: names } };
      const op = await operation([big, step(6, 1)]);
      await enqueueRun(queue, op.id);
      const done = await settled(op.id, "succeeded");
      expect(calls).to.deep.equal([5, 6]);
      expect(deleted).to.deep.equal([20_000, 0]);
      const shown = await service.get(op.id); // read light, the list's first items read from the store
      const args = shown.steps[0]?.args as { delete: string[]; deleteTotal: number };
      expect(args.deleteTotal).to.equal(20_000);
      expect(args.delete).to.deep.equal(names.slice(0, 1000));
      expect(done.steps.map((s) => s.status)).to.deep.equal(["succeeded", "succeeded"]);
    });

    it("after a failed step skips the rest but runs the alwaysRun cleanup, and ends failed naming the step", async () => {
      const op = await operation([step(1, 0), step(FAILS, 1), step(2, 2), step(3, 3, true)]);
      await enqueueRun(queue, op.id);
      const done = await settled(op.id, "failed");
      expect(calls).to.deep.equal([1, FAILS, 3]);
      expect(done.steps.map((s) => s.status)).to.deep.equal(["succeeded", "failed", "skipped", "succeeded"]);
      expect(done.steps[1]?.error).to.match(/POLICY_VIOLATION/);
      expect(done.error).to.match(/^Step 2 \(step 1 \(broker 99\)\) failed: .*POLICY_VIOLATION/);
    });

    it("pauses at the next step boundary and goes on after resume", async () => {
      const op = await operation([step(WAITS, 0), step(2, 1)]);
      await enqueueRun(queue, op.id);
      await waitFor("step 0 running", async () =>
        (await read(op.id)).steps[0]?.status === "running" ? true : undefined,
      );
      const requested = await service.request(op.id, "pause");
      expect(requested).to.include({ status: "running", requestedAction: "pause" });
      waiting.open();
      const paused = await settled(op.id, "paused");
      expect(paused.steps.map((s) => s.status)).to.deep.equal(["succeeded", "pending"]);
      expect(paused.requestedAction).to.equal(null);
      expect(calls).to.deep.equal([WAITS]);
      await service.request(op.id, "resume");
      await settled(op.id, "succeeded");
      expect(calls).to.deep.equal([WAITS, 2]);
      expect(await auditActions(op.id)).to.include.members(["operation.pause", "operation.resume"]);
    });

    it("a step that must not go on pauses the operation with its reason in error; resume runs it again and clears it", async () => {
      const op = await operation([step(1, 0), step(PAUSES, 1), step(2, 2)]);
      await enqueueRun(queue, op.id);
      const paused = await settled(op.id, "paused");
      expect(paused.error).to.equal("node 77 is not safe to stop: t-0 would fall below min.insync.replicas");
      expect(paused.steps.map((s) => s.status)).to.deep.equal(["succeeded", "pending", "pending"]);
      expect(paused.steps[1]?.detail).to.deep.equal({ partitionsAtRisk: ["t-0"] });
      expect(paused.requestedAction).to.equal(null);
      expect(calls).to.deep.equal([1, PAUSES]);
      await service.request(op.id, "resume");
      const done = await settled(op.id, "succeeded");
      expect(done.error).to.equal(null);
      expect(calls).to.deep.equal([1, PAUSES, PAUSES, 2]);
      const actions = await auditActions(op.id);
      expect(actions.filter((a) => a === "operation.pause")).to.have.length(1);
      expect(actions).to.include("operation.resume");
    });

    it("a step's checkpoint is written while it runs and handed back to its run after a worker died", async () => {
      const first = await operation([step(CHECKPOINTS, 0)]);
      await enqueueRun(queue, first.id);
      const done = await settled(first.id, "succeeded");
      expect(seenPrevious).to.deep.equal([undefined]);
      expect(done.steps[0]?.detail).to.deep.equal({ broker: CHECKPOINTS });
      // A dead worker's step: running, with the detail its checkpoint wrote.
      const orphan = await operation(
        [{ ...step(3, 0), status: "running", startedAt: new Date().toISOString(), detail: { before: { pid: 1 } } }],
        "running",
        { owner: "dead-worker", expiresAt: new Date(Date.now() + 300) },
      );
      await settled(orphan.id, "succeeded");
      expect(seenPrevious).to.deep.equal([undefined, { before: { pid: 1 } }]);
    });

    it("cancel stops at the next boundary, skips the remaining steps and still runs the alwaysRun cleanup", async () => {
      const op = await operation([step(WAITS, 0), step(2, 1), step(3, 2, true)]);
      await enqueueRun(queue, op.id);
      await waitFor("step 0 running", async () =>
        (await read(op.id)).steps[0]?.status === "running" ? true : undefined,
      );
      await service.request(op.id, "cancel");
      waiting.open();
      const done = await settled(op.id, "cancelled");
      expect(calls).to.deep.equal([WAITS, 3]);
      expect(done.steps.map((s) => s.status)).to.deep.equal(["succeeded", "skipped", "succeeded"]);
      expect(done.error).to.equal("cancelled on request");
    });

    it("a paused operation that is cancelled runs its cleanup step and ends cancelled", async () => {
      const op = await operation([step(WAITS, 0), step(2, 1), step(3, 2, true)]);
      await enqueueRun(queue, op.id);
      await waitFor("step 0 running", async () =>
        (await read(op.id)).steps[0]?.status === "running" ? true : undefined,
      );
      await service.request(op.id, "pause");
      waiting.open();
      await settled(op.id, "paused");
      await service.request(op.id, "cancel");
      const done = await settled(op.id, "cancelled");
      expect(done.steps.map((s) => s.status)).to.deep.equal(["succeeded", "skipped", "succeeded"]);
      expect(calls).to.deep.equal([WAITS, 3]);
    });

    it("refuses requests the status does not allow (409) and changes nothing", async () => {
      const op = await operation([step(1, 0)]);
      await enqueueRun(queue, op.id);
      await settled(op.id, "succeeded");
      for (const action of ["pause", "resume", "cancel"] as const) {
        const refused = await service.request(op.id, action).catch((error: unknown) => error);
        expect(refused).to.be.instanceOf(AppError).with.property("code", "conflict");
      }
      expect((await read(op.id)).status).to.equal("succeeded");
      const missing = await service.request(randomUUID(), "cancel").catch((error: unknown) => error);
      expect(missing).to.be.instanceOf(AppError).with.property("code", "not_found");
    });

    it("ends an operation failed when its cluster is gone (the registry refuses that while it is active)", async () => {
      const op = await operation([step(1, 0)]);
      await store.clusters.remove(clusterId);
      await enqueueRun(queue, op.id);
      const done = await settled(op.id, "failed");
      expect(done.error).to.equal("the cluster was removed from the control plane");
      expect(done.steps[0]?.status).to.equal("skipped");
      expect(calls).to.deep.equal([]);
    });

    it("a planned operation is cancelled at once, without a worker", async () => {
      const op = await operation([step(1, 0)], "planned");
      const cancelled = await service.request(op.id, "cancel");
      expect(cancelled.status).to.equal("cancelled");
      expect(cancelled.steps[0]?.status).to.equal("skipped");
      expect(calls).to.deep.equal([]);
    });

    it("takes over an operation whose worker died mid-step once its lease lapses, and runs that step again", async () => {
      const steps = [
        {
          ...step(1, 0),
          status: "succeeded" as const,
          startedAt: new Date().toISOString(),
          finishedAt: new Date().toISOString(),
        },
        { ...step(2, 1), status: "running" as const, startedAt: new Date().toISOString() },
        step(3, 2),
      ];
      const op = await operation(steps, "running", { owner: "dead-worker", expiresAt: new Date(Date.now() + 1_000) });
      // Nothing is enqueued: the sweep finds the operation once the dead worker's lease has lapsed.
      const done = await settled(op.id, "succeeded");
      expect(calls).to.deep.equal([2, 3]);
      expect(done.steps.map((s) => s.status)).to.deep.equal(["succeeded", "succeeded", "succeeded"]);
      expect(done.steps[1]?.startedAt).to.equal(steps[1]?.startedAt);
    });

    it("a worker that stops (a deploy) finishes its step, frees the operation, and another worker goes on", async () => {
      const op = await operation([step(WAITS, 0), step(2, 1)]);
      await enqueueRun(queue, op.id);
      await waitFor("step 0 running", async () =>
        (await read(op.id)).steps[0]?.status === "running" ? true : undefined,
      );
      const stopped = worker.stop();
      waiting.open();
      await stopped;
      const left = await read(op.id);
      expect(left.status).to.equal("running");
      expect(left.steps.map((s) => s.status)).to.deep.equal(["succeeded", "pending"]);
      expect((await store.operations.findById(op.id))?.lease).to.equal(undefined);
      worker = startWorker(backend.anotherQueue());
      await worker.start();
      await settled(op.id, "succeeded");
      expect(calls).to.deep.equal([WAITS, 2]);
    });

    it("expires a plan not confirmed in time (sweep), and a confirm after the lifetime gets 410 plan_expired", async () => {
      const op = await operation([step(1, 0)], "planned");
      const late = new OperationService({
        store,
        clusters: new ClusterRegistry({ store, queue, box, collectWaitMs: 1_000 }),
        queue,
        now: () => new Date(op.expiresAt.getTime()),
      });
      const refused = await late
        .confirm(op.id, {}, { username: "admin", role: "admin" })
        .catch((error: unknown) => error);
      expect(refused).to.be.instanceOf(AppError).with.property("code", "plan_expired");
      const expired = await read(op.id);
      expect(expired.status).to.equal("cancelled");
      expect(expired.error).to.match(/^plan_expired/);
      expect(calls).to.deep.equal([]);

      const swept = await store.operations.create({
        id: randomUUID(),
        clusterId,
        type: "cordonBrokers",
        expiresAt: new Date(Date.now() - 1),
        document: (await store.operations.findById(op.id))?.document as Record<string, unknown>,
      });
      const cancelled = await settled(swept.id, "cancelled");
      expect(cancelled.error).to.match(/^plan_expired/);
      expect(await auditActions(swept.id)).to.deep.equal(["operation.expire"]);
    });
  });
}
