import { ApiError, unwrap } from "@kcp/api-client";
import { getSharedCluster, uniqueTopicName, withAdmin } from "@kcp/test-infra";
import { expect } from "chai";
import { startTestService, type TestService } from "./service-fixture.js";

describe("@kcp/api-client, the client generated from the OpenAPI document, on the real service and Kafka", function () {
  this.timeout(120_000);
  let service: TestService;

  before(async () => {
    service = await startTestService("api-client");
  });
  after(() => service?.stop());

  it("registers a cluster, creates a topic (the client sends the CSRF header by itself) and lists it, typed end to end", async () => {
    const single = await getSharedCluster("single");
    const client = service.api.typed(service.token);
    const registered = unwrap(
      await client.POST("/api/v1/clusters", {
        body: { name: "typed-client", bootstrapServers: single.bootstrapServers },
      }),
    );
    const id = registered.cluster.id;
    const name = uniqueTopicName("typed");
    const created = unwrap(
      await client.POST("/api/v1/clusters/{id}/topics", {
        params: { path: { id } },
        body: { name, partitions: 2 },
      }),
    );
    expect(created.topic).to.equal(name);
    const listed = unwrap(
      await client.GET("/api/v1/clusters/{id}/topics", { params: { path: { id }, query: { search: name } } }),
    );
    expect(listed.topics.map((topic) => [topic.name, topic.partitions])).to.deep.equal([[name, 2]]);
    const described = await withAdmin(single, (admin) => admin.metadata({ topics: [name] }));
    expect(described.topics.get(name)?.partitionsCount).to.equal(2);
  });

  it("answers a refusal as an ApiError with the envelope's status, code and message; without a token, 401", async () => {
    const client = service.api.typed(service.token);
    const missing = await client
      .GET("/api/v1/clusters/{id}", { params: { path: { id: "no-such-cluster" } } })
      .then(unwrap)
      .catch((error: unknown) => error);
    expect(missing).to.be.instanceOf(ApiError);
    expect(missing).to.include({ status: 404, code: "not_found" });
    const anonymous = await service.api
      .typed()
      .GET("/api/v1/clusters")
      .then(unwrap)
      .catch((error: unknown) => error);
    expect(anonymous).to.include({ status: 401, code: "unauthenticated" });
  });
});
