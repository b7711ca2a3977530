import { KafkaAdmin } from "@kcp/kafka";
import { STEP_KINDS, type StepContext } from "@kcp/operations";
import { createLogger, type Operation, type StepArgs, type StepKindName } from "@kcp/shared";
import { configsFromTool, type KafkaCluster, type LoadResult, waitFor } from "@kcp/test-infra";
import { expect } from "chai";
import type { TestService } from "./service-fixture.js";

type Reply = Operation & { error: { code: string; message: string } };

/** Runs one step kind again on its own, as a worker taking over a step would: it must succeed and change nothing. */
export async function runStepAgain<K extends StepKindName>(
  cluster: KafkaCluster,
  kind: K,
  args: StepArgs<K>,
  nodes?: StepContext["nodes"],
) {
  const admin = KafkaAdmin.open({
    bootstrapServers: cluster.bootstrapServers,
    security: { protocol: "PLAINTEXT", saslMechanism: "" },
  });
  const context: StepContext = {
    admin,
    ...(nodes ? { nodes } : {}),
    logger: createLogger({ name: "step-again", level: "silent" }),
    report: async () => {},
    interrupted: async () => null,
  };
  try {
    return await (STEP_KINDS[kind] as (c: StepContext, a: StepArgs<K>) => Promise<Record<string, unknown>>)(
      context,
      args,
    );
  } finally {
    await admin.close();
  }
}

/** Plans, confirms and waits for the operation's end; answers the final operation. */
export function operationRunner(service: TestService, clusterId: string) {
  const { api, token } = service;
  const plan = (body: unknown) => api<Reply>("POST", `/api/v1/clusters/${clusterId}/operations`, { token, body });
  const confirm = (id: string, confirmName?: string) =>
    api<Reply>("POST", `/api/v1/operations/${id}/confirm`, {
      token,
      body: confirmName === undefined ? {} : { confirmName },
    });
  const finished = (id: string) =>
    waitFor(
      `operation ${id} to finish`,
      async () => {
        const now = (await api<Reply>("GET", `/api/v1/operations/${id}`, { token })).body;
        return ["succeeded", "failed", "cancelled"].includes(now.status) ? now : undefined;
      },
      { timeoutMs: 120_000 },
    );
  async function run(body: unknown, confirmName?: string): Promise<Operation> {
    const planned = await plan(body);
    expect(planned.status, planned.text).to.equal(201);
    const confirmed = await confirm(planned.body.id, confirmName);
    expect(confirmed.status, confirmed.text).to.equal(200);
    expect(confirmed.body.status).to.be.oneOf(["pending", "running", "succeeded"]);
    const done = await finished(planned.body.id);
    expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
    return done;
  }
  /**
   * Confirms a planned operation and waits until it ends (a long roll: up to 15 minutes); a paused one is cancelled so
   * the cluster is left free, and the run fails naming the steps that did not succeed.
   */
  async function runToEnd(id: string, confirmName?: string): Promise<Reply> {
    const confirmed = await confirm(id, confirmName);
    expect(confirmed.status, confirmed.text).to.equal(200);
    const done = await waitFor(
      `operation ${id} to end`,
      async () => {
        const now = (await api<Reply>("GET", `/api/v1/operations/${id}`, { token })).body;
        return ["succeeded", "failed", "cancelled", "paused"].includes(now.status) ? now : undefined;
      },
      { timeoutMs: 900_000, intervalMs: 1_000 },
    );
    if (done.status === "paused") {
      await api("POST", `/api/v1/operations/${id}/cancel`, { token });
      await finished(id);
    }
    expect(
      done.status,
      `${done.error?.message} ${JSON.stringify(done.steps.filter((s) => s.status !== "succeeded"))}`,
    ).to.equal("succeeded");
    return done;
  }
  /**
   * Cancels every operation of the cluster still pending, running or paused and waits for each to end: a test that
   * failed half-way leaves the cluster free for the next one (one operation at a time per cluster).
   */
  async function cancelUnfinished(): Promise<string[]> {
    const listed = await api<{ operations: Reply[] }>(
      "GET",
      `/api/v1/clusters/${clusterId}/operations?status=pending,running,paused`,
      { token },
    );
    const ids = (listed.body.operations ?? []).map((o) => o.id);
    for (const id of ids) {
      await api("POST", `/api/v1/operations/${id}/cancel`, { token });
      await finished(id);
    }
    return ids;
  }
  return { plan, confirm, finished, run, runToEnd, cancelUnfinished };
}

/** A load's result: every acknowledged record read back (same count and checksum), and at least `atLeast` of them. */
export function expectNothingLost(result: LoadResult, atLeast: number): void {
  expect(result.missing, `missing ${result.missing.slice(0, 10).join(", ")}`).to.deep.equal([]);
  expect(result.consumed).to.equal(result.acknowledged);
  expect(result.consumedChecksum).to.equal(result.acknowledgedChecksum);
  expect(result.acknowledged).to.be.greaterThan(atLeast);
}

/** Which of these brokers have `cordoned.log.dirs` set, as kafka-configs shows them. */
export async function cordonedBrokers(cluster: KafkaCluster, brokers: readonly number[]): Promise<number[]> {
  const cordoned: number[] = [];
  for (const broker of brokers)
    if ((await configsFromTool(cluster, "brokers", broker)).includes("cordoned.log.dirs=")) cordoned.push(broker);
  return cordoned;
}
