import * as shared from "@kcp/shared";
import { z } from "zod";

type JsonSchema = Record<string, unknown>;
type Io = "input" | "output";

/**
 * Each shape `@kcp/shared` exports as `XxxSchema` is named `Xxx` in the document: a generated client then has one
 * `Topic` type for every route that answers topics, instead of one inlined copy per route named after its path.
 */
const componentNames = new Map<unknown, string>(
  Object.entries(shared)
    .filter(([name, value]) => name.endsWith("Schema") && value instanceof z.ZodType)
    .map(([name, value]) => [value, name.slice(0, -"Schema".length)]),
);

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
  let schema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, tidy(value)])) as JsonSchema;
  const { anyOf, ...rest } = schema as { anyOf?: unknown[] };
  const only = anyOf?.length === 1 ? (anyOf[0] as JsonSchema) : undefined;
  if (only && typeof only === "object" && Object.keys(only).every((key) => !(key in rest)))
    schema = { ...rest, ...only };
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
