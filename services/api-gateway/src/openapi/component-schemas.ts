import * as shared from "@kcp/shared";
import { z } from "zod";

type JsonSchema = Record<string, unknown>;
type Io = "input" | "output";

/**
 * Each shape `@kcp/shared` exports as `XxxSchema` is named `Xxx` in the document: a generated client then has one
 * `Topic` type for every route that answers topics, instead of one inlined copy per route named after its path.
 */
const componentNames = new Map<unknown, string>([
  ...Object.entries(shared)
    .filter(([name, value]) => name.endsWith("Schema") && value instanceof z.ZodType)
    .map(([name, value]): [unknown, string] => [value, name.slice(0, -"Schema".length)]),
  // Each operation type's params: `RebalanceParams`, `DrainBrokersParams`, …
  ...Object.entries(shared.OPERATION_PARAMS).map(([type, schema]): [unknown, string] => [
    schema,
    `${pascal(type)}Params`,
  ]),
]);

function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => (part[0] as string).toUpperCase() + part.slice(1))
    .join("");
}

/** zod's metadata (descriptions) with the component name as `id`: zod emits a schema with an id as a `$def`. */
const metadata = {
  get: (schema: z.ZodType) => {
    const meta = z.globalRegistry.get(schema);
    const id = componentNames.get(schema);
    return id ? { ...meta, id } : meta;
  },
} as unknown as z.core.$ZodRegistry<Record<string, unknown>>;

/**
 * A default of `{}` on an object with required properties is zod's prefault (a missing object is parsed as `{}` so
 * that the error names each missing field): true of the service, but a default its own schema refuses in the document.
 */
function dropRefusedDefault({ jsonSchema }: { jsonSchema: JsonSchema }): void {
  const { default: fallback, required } = jsonSchema as { default?: unknown; required?: string[] };
  const empty = typeof fallback === "object" && fallback !== null && Object.keys(fallback).length === 0;
  if (empty && (required?.length ?? 0) > 0) delete jsonSchema.default;
}

/**
 * An object's default of `{}` says only that a missing object counts as an empty one, which the service does: left
 * out, since generators write an object default as a literal of the object's class, which some cannot compile
 * (openapi-generator's Go client).
 */
function dropEmptyObjectDefault(schema: JsonSchema): void {
  const fallback = schema.default;
  const emptyObject =
    typeof fallback === "object" && fallback !== null && !Array.isArray(fallback) && Object.keys(fallback).length === 0;
  if (emptyObject && (schema.type === "object" || "$ref" in schema)) delete schema.default;
}

/**
 * A string that is one of some constants, an IP address, or matches one of some patterns (an ACL's host: `*`, IPv4 or
 * IPv6; a timestamp: Unix milliseconds or an ISO 8601 date-time) as one pattern: the same strings as the `anyOf`,
 * which generators cannot name (typescript-fetch writes a type it never declares, Java a class without a parser). The
 * patterns are zod's own, which the service validates with.
 */
const FORMAT_PATTERNS: Record<string, RegExp> = { ipv4: z.regexes.ipv4, ipv6: z.regexes.ipv6 };

const unanchored = (pattern: string) => pattern.replace(/^\^/, "").replace(/\$$/, "");

function stringAlternative(member: JsonSchema): string | undefined {
  const { type, const: constant, format, pattern, description: _, ...rest } = member;
  if (Object.keys(rest).length > 0 || (type !== undefined && type !== "string")) return undefined;
  if (typeof constant === "string" && format === undefined && pattern === undefined)
    return constant.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  if (typeof pattern === "string" && constant === undefined) return unanchored(pattern);
  if (typeof format === "string" && format in FORMAT_PATTERNS && constant === undefined)
    return unanchored((FORMAT_PATTERNS[format] as RegExp).source);
  return undefined;
}

function restateStringUnion(schema: JsonSchema): JsonSchema {
  const members = schema.anyOf;
  if (!Array.isArray(members) || "pattern" in schema || (schema.type !== undefined && schema.type !== "string"))
    return schema;
  // A null among the members (an ip quota entity's name: null, IPv4 or IPv6): a nullable string of the pattern.
  const isNull = (member: JsonSchema) => member.type === "null" && Object.keys(member).length === 1;
  const nullable = (members as JsonSchema[]).some(isNull);
  if (nullable && schema.type !== undefined) return schema;
  const alternatives = (members as JsonSchema[]).filter((member) => !isNull(member)).map(stringAlternative);
  if (alternatives.length === 0 || alternatives.some((alternative) => alternative === undefined)) return schema;
  const { anyOf: _, ...rest } = schema;
  const pattern = `^(?:${alternatives.map((alternative) => `(?:${alternative})`).join("|")})$`;
  return { ...rest, type: nullable ? ["string", "null"] : "string", pattern };
}

/**
 * A boolean that is always the same value (only in answers: `loggedOut: true`) says so in its description: generators
 * write a boolean `const` or one-value `enum` as a string (Java's cannot compile it).
 */
function restateBooleanConst(schema: JsonSchema): void {
  if (schema.type === "boolean" && typeof schema.const === "boolean") {
    schema.description = [schema.description, `Always ${schema.const}.`].filter(Boolean).join(" ");
    delete schema.const;
  }
}

/** Generators read `format: date-time` as their date type and then fail on a pattern for a string (Python's). */
function dropDateTimePattern(schema: JsonSchema): void {
  if (schema.format === "date-time" || schema.format === "date") delete schema.pattern;
}

const REF = /"#\/\$defs\/([^"]+)"/g;

/**
 * The JSON Schemas (2020-12, what OpenAPI 3.1 uses) of a document's zod schemas, the named shapes among them gathered
 * as components. A shape reads differently as a request (input: defaults make fields optional) and as an answer
 * (output): where the two differ, the request's is named `XxxInput`.
 */
export class ComponentSchemas {
  private readonly defs: Record<Io, Map<string, string>> = { input: new Map(), output: new Map() };

  /** The schema, with `$ref`s to `#/components/schemas/…` for the named shapes in it (resolved by `finish`). */
  of(schema: z.ZodType, io: Io): JsonSchema {
    const {
      $schema: _,
      $defs,
      ...rest
    } = z.toJSONSchema(schema, { io, unrepresentable: "any", metadata, override: dropRefusedDefault }) as JsonSchema & {
      $defs?: Record<string, JsonSchema>;
    };
    if (io === "output") {
      optionalNullables(rest);
      for (const def of Object.values($defs ?? {})) optionalNullables(def);
    }
    for (const [id, def] of Object.entries($defs ?? {})) this.defs[io].set(id, JSON.stringify(def));
    // Resolved by `finish`, once every schema is known: whether an input differs from its output is known only then.
    return JSON.parse(JSON.stringify(rest).replace(REF, (_match, id: string) => `"#/components/schemas/${io}:${id}"`));
  }

  /** The schema with every shape inlined: for parameters, which the document lists one by one from its properties. */
  inline(schema: z.ZodType, io: Io): JsonSchema {
    const { $schema: _, ...rest } = z.toJSONSchema(schema, {
      io,
      unrepresentable: "any",
      override: dropRefusedDefault,
    }) as JsonSchema;
    return rest;
  }

  /** Where a pending `#/components/schemas/<io>:<id>` reference points, and the components themselves. */
  finish(document: JsonSchema): { document: JsonSchema; components: Record<string, JsonSchema> } {
    // An input differs from its output where its text does, or where a shape it refers to differs (the same text
    // then points at `XxxInput` on one side and `Xxx` on the other).
    const differing = new Set(
      [...this.defs.input.keys()].filter(
        (id) => this.defs.output.has(id) && this.defs.output.get(id) !== this.defs.input.get(id),
      ),
    );
    for (let grew = true; grew; ) {
      grew = false;
      for (const [id, def] of this.defs.input) {
        if (differing.has(id) || !this.defs.output.has(id)) continue;
        if ([...def.matchAll(REF)].some((m) => differing.has(m[1] as string))) {
          differing.add(id);
          grew = true;
        }
      }
    }
    const nameOf = (io: Io, id: string) => (io === "input" && differing.has(id) ? `${id}Input` : id);
    const resolve = (io: Io, text: string) =>
      text.replace(REF, (_match, id: string) => `"#/components/schemas/${nameOf(io, id)}"`);
    const components: Record<string, JsonSchema> = {};
    for (const io of ["output", "input"] as const)
      for (const [id, def] of this.defs[io]) components[nameOf(io, id)] = JSON.parse(resolve(io, def));
    const pending = /"#\/components\/schemas\/(input|output):([^"]+)"/g;
    const text = JSON.stringify(document).replace(
      pending,
      (_match, io: Io, id: string) => `"#/components/schemas/${nameOf(io, id)}"`,
    );
    const primitives = primitiveComponents(components);
    return {
      document: tidy(inlineNullablePrimitives(JSON.parse(text), primitives)) as JsonSchema,
      components: tidy(inlineNullablePrimitives(sortedByName(components), primitives)) as never,
    };
  }
}

/** Whether a schema admits null: `type` null or a list with null, or an `anyOf` with such a member. */
function admitsNull(schema: JsonSchema): boolean {
  const type = schema.type;
  if (type === "null" || (Array.isArray(type) && type.includes("null"))) return true;
  return Array.isArray(schema.anyOf) && (schema.anyOf as JsonSchema[]).some((member) => admitsNull(member));
}

/**
 * In an answer, a property that may be null need not be there (`required` lists it no more): generated clients check
 * a required property for a value of its type and refuse null (openapi-generator's Java client throws on
 * `"offline": null`). The service sends it as before; a client reads an absent property as null. Requests keep it
 * required: where this changes a shape, the request's is named `XxxInput`.
 */
function optionalNullables(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) optionalNullables(item);
    return;
  }
  if (typeof node !== "object" || node === null) return;
  const schema = node as JsonSchema;
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties && Array.isArray(schema.required)) {
    const required = (schema.required as string[]).filter((name) => !properties[name] || !admitsNull(properties[name]));
    if (required.length > 0) schema.required = required;
    else delete schema.required;
  }
  for (const value of Object.values(schema)) optionalNullables(value);
}

/** The components that are one value of a JSON type (`DateTime`, `Int32`), with no members or list of values. */
function primitiveComponents(components: Record<string, JsonSchema>): Map<string, JsonSchema> {
  const primitive = ([, schema]: [string, JsonSchema]) =>
    typeof schema.type === "string" &&
    ["string", "integer", "number", "boolean"].includes(schema.type) &&
    !["enum", "const", "anyOf", "oneOf", "allOf", "not", "if"].some((key) => key in schema);
  return new Map(
    Object.entries(components)
      .filter(primitive)
      .map(([name, schema]) => [`#/components/schemas/${name}`, schema]),
  );
}

/**
 * `anyOf` of a primitive component and null (`startedAt`: a DateTime or null) as the component's own schema with null
 * among its types: the same values, which generators read as their nullable type (openapi-generator's Python client
 * made a required datetime of the union and refused null).
 */
function inlineNullablePrimitives(node: unknown, primitives: Map<string, JsonSchema>): unknown {
  if (Array.isArray(node)) return node.map((item) => inlineNullablePrimitives(item, primitives));
  if (typeof node !== "object" || node === null) return node;
  const schema = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, inlineNullablePrimitives(value, primitives)]),
  ) as JsonSchema;
  const members = schema.anyOf as JsonSchema[] | undefined;
  if (!Array.isArray(members) || members.length !== 2) return schema;
  const nullIndex = members.findIndex((member) => member.type === "null" && Object.keys(member).length === 1);
  const other = members[1 - nullIndex];
  const target =
    nullIndex >= 0 && other && Object.keys(other).length === 1 ? primitives.get(String(other.$ref)) : undefined;
  if (!target) return schema;
  const { anyOf: _, ...rest } = schema;
  return { ...target, ...rest, type: [target.type as string, "null"] };
}

/**
 * An integer's size as openapi-generator reads `format`: `int64` where its bounds pass 32 bits or it has none (zod's
 * integers are bounded by ±2^53-1; Go's client made an `int32` of a disk's 270 GB and failed to read it), else `int32`.
 */
function integerFormat(schema: JsonSchema): void {
  if (schema.type !== "integer" || "format" in schema) return;
  const low = (schema.minimum ?? schema.exclusiveMinimum) as number | undefined;
  const high = (schema.maximum ?? schema.exclusiveMaximum) as number | undefined;
  const fits = low !== undefined && high !== undefined && low >= -(2 ** 31) && high <= 2 ** 31 - 1;
  schema.format = fits ? "int32" : "int64";
}

/**
 * The same schemas, written as linters and generators expect (Redocly, Spectral): an `anyOf` of one schema is that
 * schema, and a subschema that requires a property names it in its `properties` (as `{}`, which allows any value,
 * so nothing changes). The cross-field rules (`if`/`then`, `not`) are written the short way in libs/shared.
 */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (typeof node !== "object" || node === null) return node;
  // Before the members are tidied: a date-time member's pattern is still there to be part of the union's.
  const restated = restateStringUnion(node as JsonSchema);
  let schema = Object.fromEntries(Object.entries(restated).map(([key, value]) => [key, tidy(value)])) as JsonSchema;
  const { anyOf, ...rest } = schema as { anyOf?: unknown[] };
  const only = anyOf?.length === 1 ? (anyOf[0] as JsonSchema) : undefined;
  if (only && typeof only === "object" && Object.keys(only).every((key) => !(key in rest)))
    schema = { ...rest, ...only };
  dropEmptyObjectDefault(schema);
  dropDateTimePattern(schema);
  restateBooleanConst(schema);
  integerFormat(schema);
  const required = schema.required;
  if (Array.isArray(required) && !("additionalProperties" in schema)) {
    const properties = { ...(schema.properties as JsonSchema | undefined) };
    for (const name of required as string[]) properties[name] ??= {};
    schema.properties = properties;
  }
  return schema;
}

function sortedByName(components: Record<string, JsonSchema>): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)));
}
