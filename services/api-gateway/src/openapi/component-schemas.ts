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
    return { document: tidy(JSON.parse(text)) as JsonSchema, components: tidy(sortedByName(components)) as never };
  }
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
