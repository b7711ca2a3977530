import { currentOpenApiDocument } from "@kcp/api-gateway";
import { expect } from "chai";
import { inlineRefs, type ParamSchema } from "../src/api/param-schemas.js";
import { kindOf, listHint, ParamsError, paramsFrom, parseList } from "../src/pages/operations/params.js";

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
    expect(() => paramsFrom(rebalanceLike, { partitions: "[{topic" }))
      .to.throw(ParamsError)
      .with.property("fields")
      .that.has.property("partitions")
      .that.match(/^Not valid JSON/);
  });

  it("reads a list typed as the API writes it, a JSON array, the same as a comma-separated one", () => {
    const integers = { type: "integer" };
    expect(parseList("4, 5", integers)).to.deep.equal({ ok: true, items: [4, 5] });
    expect(parseList("4 5,6", integers)).to.deep.equal({ ok: true, items: [4, 5, 6] });
    expect(parseList("[4, 5]", integers)).to.deep.equal({ ok: true, items: [4, 5] });
    expect(parseList(" [1] ", integers)).to.deep.equal({ ok: true, items: [1] });
    expect(parseList("1", integers)).to.deep.equal({ ok: true, items: [1] });
    expect(parseList("/var/a, /var/b", { type: "string" })).to.deep.equal({ ok: true, items: ["/var/a", "/var/b"] });
    expect(parseList('["/var/a", "/var/b"]', { type: "string" })).to.deep.equal({
      ok: true,
      items: ["/var/a", "/var/b"],
    });
    const goals = { type: "string", enum: ["disk", "replicas"] };
    expect(parseList('["disk"]', goals)).to.deep.equal({ ok: true, items: ["disk"] });
    expect(paramsFrom(rebalanceLike, { electionType: "preferred", brokers: "[1, 2]" })).to.deep.equal({
      electionType: "preferred",
      brokers: [1, 2],
    });
  });

  it("refuses what is neither a list nor a JSON array, saying what it expects (never a null sent)", () => {
    const integers = { type: "integer" };
    const refused = (text: string, items: ParamSchema = integers) => {
      const result = parseList(text, items);
      expect(result.ok, text).to.equal(false);
      return result.ok ? "" : result.message;
    };
    expect(refused("[1")).to.equal(
      "Not a list: the brackets do not hold a JSON array. A list of whole numbers: 4, 5 or [4, 5].",
    );
    expect(refused("four")).to.equal('"four" is not a whole number. A list of whole numbers: 4, 5 or [4, 5].');
    expect(refused("4.5")).to.match(/"4\.5" is not a whole number/);
    expect(refused("[1.5]")).to.match(/^1\.5 is not a whole number/);
    expect(refused('["1"]')).to.match(/^"1" is not a whole number/);
    expect(refused("[null]")).to.match(/^null is not a whole number/);
    expect(refused('{"a": 1}')).to.match(/neither a plain list nor JSON/);
    expect(refused("1]")).to.match(/neither a plain list nor JSON/);
    expect(refused("[1, 2] 3")).to.match(/^Not a list/);
    expect(refused("[4]", { type: "string" })).to.equal(
      '4 is not text. A list, separated by commas or spaces: a, b or ["a", "b"].',
    );
    expect(refused('"a", "b"', { type: "string" })).to.match(/neither a plain list nor JSON/);
    expect(refused("disk, speed", { type: "string", enum: ["disk", "replicas"] })).to.equal(
      '"speed" is not one of disk, replicas.',
    );
    const error = (() => {
      try {
        paramsFrom(rebalanceLike, { brokers: "[1", throttleBytesPerSec: "fast", partitions: "[]" });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).to.be.instanceOf(ParamsError);
    expect(Object.keys((error as ParamsError).fields)).to.deep.equal(["brokers", "throttleBytesPerSec"]);
  });

  it("says under each list field what it expects, in its own items' terms", () => {
    expect(listHint({ type: "integer" })).to.equal("A list of whole numbers: 4, 5 or [4, 5]");
    expect(listHint({ type: "string", enum: ["disk", "replicas", "leaders"] })).to.equal(
      'A list of disk, replicas, leaders: disk, replicas or ["disk", "replicas"]',
    );
    expect(listHint({ type: "string" })).to.equal('A list, separated by commas or spaces: a, b or ["a", "b"]');
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
