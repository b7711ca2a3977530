import {
  CLIENT_NAMES,
  type ClientName,
  createTopic,
  generatorOf,
  getSharedCluster,
  type KafkaCluster,
  OPENAPI_GENERATOR_VERSION,
  OPENAPI_PYTHON_CLIENT_VERSION,
  type PreparedClients,
  partitionFromTool,
  prepareGeneratedClients,
  reassignPartition,
  runClientSmoke,
  uniqueTopicName,
  waitForPartitionOnEveryBroker,
} from "@kcp/test-infra";
import { expect } from "chai";
import { startTestService, type TestService } from "./service-fixture.js";

type SecurityScheme = { type?: string; in?: string; name?: string };

/** The document's apiKey scheme that sends X-Service-Request (empty when the header is a parameter of each operation). */
function csrfSchemeOf(document: unknown): string {
  const schemes = (document as { components?: { securitySchemes?: Record<string, SecurityScheme> } }).components
    ?.securitySchemes;
  const found = Object.entries(schemes ?? {}).find(
    ([, s]) => s.type === "apiKey" && s.in === "header" && s.name?.toLowerCase() === "x-service-request",
  );
  return found?.[0] ?? "";
}

/**
 * The clients platform teams generate from GET /api/v1/openapi.json: generated and built once per document (the
 * cache of test-infra, filled in the background by the test runner while other tests run), every operation present,
 * and one smoke script per client run against the service and the shared 3c3b Kafka cluster.
 */
describe(`generated clients (openapi-generator ${OPENAPI_GENERATOR_VERSION}: python, go, java, typescript-fetch; openapi-python-client ${OPENAPI_PYTHON_CLIENT_VERSION}) against the service and real Kafka`, function () {
  this.timeout(300_000);
  let service: TestService;
  let cluster: KafkaCluster;
  let document: unknown;
  let prepared: PreparedClients;

  before(async function () {
    // A cold cache generates and builds five clients (minutes on 2 cores); a warm one answers at once.
    this.timeout(40 * 60_000);
    cluster = await getSharedCluster("3c3b");
    service = await startTestService("generated-clients");
    const served = await service.api<Record<string, unknown>>("GET", "/api/v1/openapi.json");
    expect(served.status, served.text).to.equal(200);
    document = served.body;
    prepared = await prepareGeneratedClients(document, { waitMs: 35 * 60_000 });
  });

  after(async () => {
    await service?.stop();
  });

  /** A one-partition topic of replication factor 3 whose leader is not its preferred replica (an election to do). */
  async function unpreferredTopic(prefix: string): Promise<{ topic: string; preferred: number }> {
    const topic = await createTopic(cluster, { name: uniqueTopicName(prefix), partitions: 1, replicationFactor: 3 });
    const [first, ...rest] = (await partitionFromTool(cluster, topic)).replicas;
    await reassignPartition(cluster, topic, 0, [...rest, first as number]);
    // The service plans from what the broker it asks shows: every broker shows the new order, its first replica in
    // sync and not leading (an election to do), before the client plans one.
    await waitForPartitionOnEveryBroker(
      cluster,
      topic,
      0,
      "an election to do",
      (seen) => seen.replicas[0] === rest[0] && seen.isr.includes(rest[0] as number) && seen.leader !== rest[0],
    );
    return { topic, preferred: rest[0] as number };
  }

  for (const client of CLIENT_NAMES) {
    const outcome = () => prepared.clients[client as ClientName];

    describe(generatorOf(client), () => {
      it("generates a client from the document and builds it", () => {
        const { ok, failedAt, error } = outcome();
        expect(ok, `failed at ${failedAt}:\n${error}`).to.equal(true);
      });

      it("has a method for every operation of the document", () => {
        const missing = prepared.operationIds.filter((id) => !outcome().operations.includes(id));
        expect(missing, `${missing.length} of ${prepared.operationIds.length} operations missing`).to.deep.equal([]);
        // A response of a content type the generator cannot parse (the audit export's NDJSON) is generated as an
        // operation answering the raw bytes: not something left out.
        const leftOut = outcome().warnings.filter((w) => !/Unsupported content_type/.test(w));
        expect(leftOut, "what the generator left out").to.deep.equal([]);
      });

      it("logs in, registers a cluster, creates and lists a topic, elects leaders and reads the audit log", async () => {
        expect(outcome().ok, "the client did not build").to.equal(true);
        const elect = await unpreferredTopic(`gen-${client}-elect`);
        const topic = uniqueTopicName(`gen-${client}`);
        const clusterName = `generated-${client}`;
        const run = await runClientSmoke(outcome(), {
          url: service.url,
          username: service.admin.username,
          password: service.admin.password,
          bootstrapServers: cluster.bootstrapServers,
          clusterName,
          topic,
          replicationFactor: 3,
          electTopic: elect.topic,
          csrfScheme: csrfSchemeOf(document),
        });
        expect(run.ok, run.output).to.equal(true);
        const result = run.result;
        expect(result?.topicListed, "the created topic in the list").to.equal(true);
        expect(result?.operationStatus).to.equal("succeeded");
        expect((await partitionFromTool(cluster, topic)).replicas).to.have.length(3);
        expect((await partitionFromTool(cluster, elect.topic)).leader, "the preferred replica leads").to.equal(
          elect.preferred,
        );
        const operation = result?.operationId ?? "";
        expect(result?.audit).to.include.members([
          `topic.create ${topic}`,
          `operation.plan ${operation}`,
          `operation.confirm ${operation}`,
          `operation.finish ${operation}`,
        ]);
        const registered = await service.api<{ entries: { target?: string; actor: string }[] }>(
          "GET",
          "/api/v1/audit?action=cluster.register&limit=100",
          { token: service.token },
        );
        expect(registered.body.entries.find((e) => e.target === clusterName)?.actor).to.equal(service.admin.username);
      });
    });
  }
});
