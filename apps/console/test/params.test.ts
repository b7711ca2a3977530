import { currentOpenApiDocument } from "@kcp/api-gateway";
import { expect } from "chai";
import { inlineRefs, type ParamSchema } from "../src/api/param-schemas.js";
import { kindOf, paramsFrom } from "../src/pages/operations/params.js";

const rebalanceLike: ParamSchema = {
  type: "object",
  required: ["electionType"],
  properties: {
    electionType: { type: "string", enum: ["preferred", "unclean"] },
    brokers: { type: "array", items: { type: "integer" } },
    goals: { type: "array", items: { type: "string", enum: ["disk", "replicas"] } },
    throttleBytesPerSec: { type: "integer" },
    finalize: { type: "boolean" },
    partitions: { type: "array", items: { type: "object" } },
    version: { type: "string" },
  },
};

describe("console: operation params from the form's fields", () => {
  it("edits each property by its schema: choice, list of ids, number, checkbox, JSON for nested shapes, text", () => {
    const kinds = Object.fromEntries(
      Object.entries(rebalanceLike.properties ?? {}).map(([name, schema]) => [name, kindOf(schema)]),
    );
    expect(kinds).to.deep.equal({
      electionType: "enum",
      brokers: "ids",
      goals: "ids",
      throttleBytesPerSec: "number",
      finalize: "boolean",
      partitions: "json",
      version: "text",
    });
  });

  it("turns typed text into the params the service validates, leaving empty fields out", () => {
    const params = paramsFrom(rebalanceLike, {
      electionType: "preferred",
      brokers: "4, 5 6",
      goals: "disk,replicas",
      throttleBytesPerSec: "50000000",
      finalize: "true",
      partitions: '[{"topic":"orders","partition":0}]',
      version: "  ",
    });
    expect(params).to.deep.equal({
      electionType: "preferred",
      brokers: [4, 5, 6],
      goals: ["disk", "replicas"],
      throttleBytesPerSec: 50_000_000,
      finalize: true,
      partitions: [{ topic: "orders", partition: 0 }],
    });
  });

  it("refuses a JSON field that is not JSON (the form shows it; nothing is sent)", () => {
    expect(() => paramsFrom(rebalanceLike, { partitions: "[{topic" })).to.throw(SyntaxError);
  });

  it("reads each operation type's params from the service's document, its named shapes inlined", () => {
    const document = currentOpenApiDocument() as {
      paths: Record<string, { post?: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
      components: { schemas: Record<string, unknown> };
    };
    const body = document.paths["/api/v1/clusters/{id}/operations"]?.post?.requestBody.content["application/json"];
    expect(body?.schema, "the body is a named component").to.have.property("$ref");
    const inlined = inlineRefs(body?.schema, document.components.schemas) as {
      oneOf: { properties: { type: { const: string }; params: ParamSchema } }[];
    };
    expect(JSON.stringify(inlined)).to.not.include("$ref");
    const byType = new Map(inlined.oneOf.map((v) => [v.properties.type.const, v.properties.params]));
    expect(byType.get("electLeaders")?.properties?.electionType?.enum).to.deep.equal(["preferred", "unclean"]);
    expect(byType.get("cordonBrokers")?.properties?.brokers?.items?.type).to.equal("integer");
  });
});
