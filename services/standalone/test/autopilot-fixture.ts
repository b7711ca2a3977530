import type { Anomaly, AuditEntry, Operation } from "@kcp/shared";
import {
  createTopic,
  type KafkaClients,
  type KafkaCluster,
  kafkaToolOn,
  reassignPartition,
  startLoad,
  uniqueTopicName,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import type { Reply, TestService } from "./service-fixture.js";

/** Each partition's leader and replicas as kafka-topics --describe shows them (an independent reader). */
export async function leadership(
  cluster: KafkaCluster,
  topic: string,
): Promise<{ leader: number; replicas: number[] }[]> {
  const out = await kafkaToolOn(cluster, "org.apache.kafka.tools.TopicCommand", ["--describe", "--topic", topic]);
  return [...out.matchAll(/Partition: (\d+)\s+Leader: (-?\d+)\s+Replicas: ([\d,]+)/g)].map((m) => ({
    leader: Number(m[2]),
    replicas: (m[3] as string).split(",").map(Number),
  }));
}

/** Reverses the replica order of partitions 0-2: their leader stays, so it is no longer the preferred replica. */
export async function tilt(cluster: KafkaCluster, topic: string): Promise<void> {
  const before = await leadership(cluster, topic);
  for (const partition of [0, 1, 2]) {
    const replicas = (before[partition] as { replicas: number[] }).replicas;
    await reassignPartition(cluster, topic, partition, [...replicas].reverse());
  }
  await waitFor("partitions 0-2 led by another replica than their preferred one", async () => {
    const now = await leadership(cluster, topic);
    return now.slice(0, 3).every((p) => p.leader !== p.replicas[0]) ? true : undefined;
  });
}

export interface KilledNodeStory {
  service: TestService;
  clusterId: string;
  /** The cluster's settings as registered: collections run every 5 s during the story, then these again. */
  settings: object;
  clients: KafkaClients;
  nodeId: number;
  /** Kills the node's Kafka process from outside its provider (SIGKILL). */
  kill: () => Promise<void>;
  /** When the node's process started, as its provider tells it. */
  startedAt: () => Promise<string | null | undefined>;
}

export interface KilledNodeTimes {
  /** From the kill to the autopilot's restart confirmed. */
  startedMs: number;
  /** From the kill to the restart finished (the node healthy, its partitions in sync). */
  healthyMs: number;
  acknowledged: number;
}

/**
 * The autopilot's answer to a node killed under load: an RF 3, min ISR 2 topic under an idempotent acks=all producer
 * and a consumer; a broker_down policy in auto mode (`for: 10s`, at least 2 healthy brokers); the node killed from
 * outside. The policy restarts it through the provider by itself; the node runs a new process started after the kill,
 * the anomaly clears, nothing acknowledged is lost, and the audit names the policy. The policy is deleted and the
 * settings put back afterwards.
 */
export async function autopilotRestartsKilledNode(story: KilledNodeStory): Promise<KilledNodeTimes> {
  const { service, clusterId, nodeId } = story;
  const admin = <T>(method: string, path: string, body?: unknown) =>
    service.api<T & Reply>(method, path, { token: service.token, ...(body === undefined ? {} : { body }) });
  const faster = await admin("PATCH", `/api/v1/clusters/${clusterId}`, {
    settings: { ...story.settings, collectionIntervalSeconds: 5 },
  });
  expect(faster.status, faster.text).to.equal(200);
  const topic = await createTopic(story.clients, {
    name: uniqueTopicName("autopilot"),
    partitions: 6,
    replicationFactor: 3,
    configs: { "min.insync.replicas": "2" },
  });
  const load = await startLoad(story.clients, topic);
  await waitFor("load flowing", async () => (load.progress().acknowledged >= 200 ? true : undefined));
  const name = "restart-down-brokers";
  const created = await admin<{ policy: { id: string } }>("POST", "/api/v1/policies", {
    name,
    scope: { clusterId },
    trigger: { code: "broker_down", for: "10s" },
    action: { type: "restartNodes" },
    mode: "auto",
    guardRails: { minHealthyBrokers: 2 },
  });
  expect(created.status, created.text).to.equal(201);
  try {
    await story.kill();
    const killedAt = Date.now();
    const acted = await waitFor(
      `the autopilot to act on broker ${nodeId} being down`,
      async () => {
        const anomalies = (
          await admin<{ anomalies: Anomaly[] }>("GET", `/api/v1/clusters/${clusterId}/anomalies?code=broker_down`)
        ).body.anomalies;
        const found = anomalies.find(
          (a) => a.subject === `broker:${nodeId}` && a.events.some((e) => e.kind === "acted"),
        );
        // Not yet: what the autopilot saw and did so far goes into the timeout's message.
        if (!found) throw new Error(`anomalies so far: ${JSON.stringify(anomalies)}`);
        return found;
      },
      { timeoutMs: 180_000, intervalMs: 1_000 },
    );
    const startedMs = Date.now() - killedAt;
    const operationId = acted.events.find((e) => e.kind === "acted")?.operationId as string;
    const done = await waitFor(
      "the autopilot's restart to finish",
      async () => {
        const now = (await admin<Operation>("GET", `/api/v1/operations/${operationId}`)).body;
        return ["succeeded", "failed", "cancelled", "paused"].includes(now.status) ? now : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 1_000 },
    );
    const healthyMs = Date.now() - killedAt;
    expect(done.status, `${done.error} ${JSON.stringify(done.steps.filter((s) => s.status !== "succeeded"))}`).to.equal(
      "succeeded",
    );
    expect(done).to.deep.include({
      type: "restartNodes",
      createdBy: `autopilot:${name}`,
      confirmedBy: `autopilot:${name}`,
    });
    expect(done.params).to.deep.equal({ nodes: [nodeId], waitHealthy: true });
    expect(done.explanation?.anomaly).to.deep.include({ code: "broker_down", subject: `broker:${nodeId}` });
    // The provider ran the node again: a process started after the kill.
    expect(Date.parse((await story.startedAt()) ?? "")).to.be.greaterThan(killedAt);
    await waitFor("the anomaly to clear", async () => {
      const read = await admin<{ anomalies: Anomaly[] }>(
        "GET",
        `/api/v1/clusters/${clusterId}/anomalies?code=broker_down&state=cleared`,
      );
      return read.body.anomalies.some((a) => a.id === acted.id) ? true : undefined;
    });
    const result = await load.stop();
    expect(result.missing, `missing ${result.missing.slice(0, 10).join(", ")}`).to.deep.equal([]);
    expect(result.consumed).to.equal(result.acknowledged);
    await waitFor("the autopilot's plan and confirm in the audit log", async () => {
      const entries = (await admin<{ entries: AuditEntry[] }>("GET", "/api/v1/audit?limit=500")).body.entries.filter(
        (e) => e.target === operationId && e.actor === `autopilot:${name}`,
      );
      return ["operation.plan", "operation.confirm"].every((a) => entries.some((e) => e.action === a))
        ? true
        : undefined;
    });
    return { startedMs, healthyMs, acknowledged: result.acknowledged };
  } finally {
    await load.stop().catch(() => undefined);
    await admin("DELETE", `/api/v1/policies/${created.body.policy.id}`);
    await admin("PATCH", `/api/v1/clusters/${clusterId}`, { settings: story.settings });
  }
}
