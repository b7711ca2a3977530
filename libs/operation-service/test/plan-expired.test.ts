import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClusterRegistry, newClusterRecord } from "@kcp/clusters";
import { OperationRecords, PLAN_LIFETIME_MS } from "@kcp/operation-lifecycle";
import { InProcessQueue } from "@kcp/queue";
import { AppError, ConnectionProfileSchema, SecretBox, secretKeyFromBytes } from "@kcp/shared";
import { EmbeddedStore } from "@kcp/store";
import { expect } from "chai";
import { OperationService } from "../src/index.js";

/** A confirm after the plan's 15 minutes is 410 plan_expired, whether or not the sweep ran first. */
describe("confirm of an expired plan", () => {
  let store: EmbeddedStore;
  let queue: InProcessQueue;
  let service: OperationService;
  let clusterId: string;
  const planned = new Date("2026-01-01T10:00:00Z");
  const late = new Date(planned.getTime() + PLAN_LIFETIME_MS + 1_000);

  before(async () => {
    store = new EmbeddedStore(mkdtempSync(join(tmpdir(), "kcp-expired-")));
    queue = new InProcessQueue();
    const box = new SecretBox(secretKeyFromBytes(randomBytes(32)));
    const profile = ConnectionProfileSchema.parse({ name: "expiry", bootstrapServers: ["127.0.0.1:1"] });
    clusterId = (await store.clusters.create(newClusterRecord(profile, box, "kafka-id"))).id;
    const clusters = new ClusterRegistry({ store, queue, box, collectWaitMs: 1_000 });
    service = new OperationService({ store, clusters, queue, now: () => late });
  });

  after(async () => {
    await queue?.stop();
    await store?.stop();
  });

  async function plan() {
    return store.operations.create({
      id: randomUUID(),
      clusterId,
      type: "cordonBrokers",
      expiresAt: new Date(planned.getTime() + PLAN_LIFETIME_MS),
      document: {
        summary: "cordon 1",
        params: { brokers: [1] },
        plan: { summary: "cordon 1", warnings: [], irreversible: false },
        details: {},
        irreversible: false,
        currentStep: 0,
        requestedAction: null,
        error: null,
        createdBy: "admin",
        confirmedBy: null,
        startedAt: null,
        finishedAt: null,
        steps: [],
      },
    });
  }

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.fail("the confirm was accepted"),
      (error: unknown) => {
        expect(error).to.be.instanceOf(AppError);
        return { status: (error as AppError).status, code: (error as AppError).code };
      },
    );

  it("is 410 plan_expired when the confirm finds the plan expired first", async () => {
    const op = await plan();
    expect(await refusal(service.confirm(op.id, {}, { username: "admin", role: "admin" }))).to.deep.equal({
      status: 410,
      code: "plan_expired",
    });
    expect((await store.operations.findById(op.id))?.status).to.equal("cancelled");
  });

  it("is still 410 plan_expired after the expiry sweep has already cancelled the plan (was 409 conflict)", async () => {
    const op = await plan();
    const expired = await new OperationRecords(store).apply(op.id, { kind: "expire", at: late });
    expect(expired.changed, "the sweep ends the plan").to.equal(true);
    expect(await refusal(service.confirm(op.id, {}, { username: "admin", role: "admin" }))).to.deep.equal({
      status: 410,
      code: "plan_expired",
    });
  });

  it("a plan cancelled on request is 409 conflict, not an expiry", async () => {
    const op = await plan();
    await service.request(op.id, "cancel");
    expect(await refusal(service.confirm(op.id, {}, { username: "admin", role: "admin" }))).to.deep.equal({
      status: 409,
      code: "conflict",
    });
  });
});
