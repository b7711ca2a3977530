/**
 * Smoke test of the TypeScript client openapi-generator generates (typescript-fetch), imported as ./client/ (the
 * harness links the generated folder there, type-checks this file against it with tsc and runs it with tsx).
 *
 * Against a running service and a real Kafka cluster, through the generated client only: log in, register the
 * cluster, create a topic and find it in the list, plan and confirm an electLeaders operation, read it until it
 * succeeds, read the audit log. The last line printed is `SMOKE {json}`. Told by the harness
 * (tools/test-infra/src/openapi-clients/): KCP_SMOKE_URL, _USERNAME, _PASSWORD, _BOOTSTRAP (comma-separated),
 * _CLUSTER_NAME, _TOPIC, _REPLICATION_FACTOR, _ELECT_TOPIC (X-Service-Request is the document's apiKey scheme: the
 * configuration's apiKey sends it).
 */
import {
  AuditApi,
  AuthApi,
  ClustersApi,
  Configuration,
  type Operation,
  OperationsApi,
  type PlanOperationRequest,
  ResponseError,
} from "./client/index.js";

const env = (name: string): string => process.env[name] ?? "";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  let token = "";
  const configuration = new Configuration({
    basePath: env("KCP_SMOKE_URL"),
    apiKey: (name: string) => (name === "X-Service-Request" ? "1" : ""),
    accessToken: async () => token,
  });
  const auth = new AuthApi(configuration);
  const clusters = new ClustersApi(configuration);
  const operations = new OperationsApi(configuration);
  const audit = new AuditApi(configuration);

  const session = await auth.login({
    loginRequest: { username: env("KCP_SMOKE_USERNAME"), password: env("KCP_SMOKE_PASSWORD") },
  });
  token = session.token;

  const view = await clusters.registerCluster({
    connectionProfile: { name: env("KCP_SMOKE_CLUSTER_NAME"), bootstrapServers: env("KCP_SMOKE_BOOTSTRAP").split(",") },
  });
  const clusterId = view.cluster.id;

  const topic = env("KCP_SMOKE_TOPIC");
  await clusters.createTopic({
    id: clusterId,
    createTopicRequest: { name: topic, partitions: 1, replicationFactor: Number(env("KCP_SMOKE_REPLICATION_FACTOR")) },
  });
  const listed = (await clusters.listTopics({ id: clusterId, search: topic })).topics.some((t) => t.name === topic);

  // The body is a oneOf of the operation types; `uniqueItems` arrays are Sets in this client.
  const plan: PlanOperationRequest = {
    type: "electLeaders",
    params: { electionType: "preferred", partitions: new Set([{ topic: env("KCP_SMOKE_ELECT_TOPIC"), partition: 0 }]) },
  };
  const planned = await clusters.planOperation({ id: clusterId, planOperationRequest: plan });
  await operations.confirmOperation({ op: planned.id, confirmRequest: {} });
  const deadline = Date.now() + 120_000;
  let operation: Operation = await operations.getOperation({ op: planned.id });
  while (!["succeeded", "failed", "cancelled"].includes(operation.status) && Date.now() < deadline) {
    await sleep(500);
    operation = await operations.getOperation({ op: planned.id });
  }

  // The worker audits the operation's end after it ends: read until the entry is there.
  let entries: string[] = [];
  const auditDeadline = Date.now() + 30_000;
  for (;;) {
    const page = await audit.listAuditEntries({ clusterId, limit: 100 });
    entries = page.entries.map((e) => `${e.action} ${e.target ?? ""}`.trim());
    if (entries.includes(`operation.finish ${planned.id}`) || Date.now() > auditDeadline) break;
    await sleep(500);
  }

  const result = {
    clusterId,
    topicListed: listed,
    operationId: planned.id,
    operationStatus: operation.status,
    audit: entries,
    csrf: "configuration",
  };
  console.log(`SMOKE ${JSON.stringify(result)}`);
}

main().catch(async (error: unknown) => {
  if (error instanceof ResponseError) console.error(`HTTP ${error.response.status}: ${await error.response.text()}`);
  console.error(error);
  process.exit(1);
});
