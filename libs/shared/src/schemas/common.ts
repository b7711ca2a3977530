import { z } from "zod";
import { ERROR_CODES, type ErrorCode, type ErrorEnvelope } from "../errors/catalog.js";

/** Integer widths of the interface, as JS numbers (int64 only up to Number.MAX_SAFE_INTEGER). */
export const Int16Schema = z.number().int().min(-32768).max(32767);
export const Int32Schema = z.number().int().min(-2147483648).max(2147483647);
export const Int64Schema = z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
export const BrokerIdSchema = Int32Schema.min(0).describe("A Kafka node id");
export const PortSchema = z.number().int().min(1).max(65535);

/** ISO 8601 timestamps in responses. */
export const DateTimeSchema = z.iso.datetime({ offset: true });

export const IdSchema = z.string().min(1).max(128);

export const StringMapSchema = z.record(z.string(), z.string());

/**
 * Keys no object of a request may have: `__proto__`, `constructor` and `prototype` mean something of their own on
 * every JavaScript object. zod drops a `__proto__` key of a map silently (a label or config would vanish with a 200),
 * so every part of a request is checked for all three before its schema (reservedKeyPath: 400 validation_failed naming
 * the key), and the maps' key schemas refuse them too (reservedKeyRefused) so that the OpenAPI document says so.
 */
export const RESERVED_KEYS: readonly string[] = ["__proto__", "constructor", "prototype"];
const RESERVED = new Set(RESERVED_KEYS);

/** The ECMA-262 pattern fragment (a lookahead) that refuses the reserved keys, for a key schema's JSON pattern. */
export const NOT_RESERVED_KEY = `(?!(?:${RESERVED_KEYS.join("|")})$)`;

/** A key schema's refinement: true unless the key is reserved. */
export const reservedKeyRefused = (key: string): boolean => !RESERVED.has(key);

/**
 * The path of the first own key of `value`, at any depth (bounded: deeper values are not walked), that is reserved;
 * undefined when there is none.
 */
export function reservedKeyPath(value: unknown, depth = 0): (string | number)[] | undefined {
  if (typeof value !== "object" || value === null || depth > 64) return undefined;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((inner, index) => [index, inner])
    : Object.keys(value).map((key) => [key, (value as Record<string, unknown>)[key]]);
  for (const [key, inner] of entries) {
    if (typeof key === "string" && RESERVED.has(key)) return [key];
    const below = reservedKeyPath(inner, depth + 1);
    if (below) return [key, ...below];
  }
  return undefined;
}

/** `limit` of list endpoints: default 100, 1..1000, coerced from a query string. */
export const LimitQuerySchema = z.coerce
  .number<unknown>()
  .int()
  .min(1)
  .max(1000)
  .default(100)
  .describe("How many entries to return, newest first (1-1000, default 100)");

/**
 * `offset` of paged lists: how many entries to skip (default 0). An empty value is refused rather than read as 0
 * (`Number("")` is 0): `?offset=` is a malformed query, as the document's integer type says.
 */
export function offsetQuery(description: string) {
  return z
    .preprocess((value) => (value === "" ? Number.NaN : value), z.coerce.number<unknown>().int().min(0))
    .default(0)
    .describe(description);
}

/** Query of the operation list (18). */
export const ListQuerySchema = z.strictObject({ limit: LimitQuerySchema });
export type ListQuery = z.infer<typeof ListQuerySchema>;

/** The body of every error response; its type is the catalog's `ErrorEnvelope`. */
export const ErrorEnvelopeSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
    message: z.string().describe("Human-readable; names the field for validation_failed"),
  }),
}) satisfies z.ZodType<ErrorEnvelope>;

/** Path parameters (Express strings): `{id}` of a cluster, `{broker}` coerced to an int32 node id. */
export const ClusterPathSchema = z.object({ id: IdSchema });
export type ClusterPath = z.infer<typeof ClusterPathSchema>;
export const UserPathSchema = z.object({ id: IdSchema });
export const OperationPathSchema = z.object({ op: IdSchema });
export const BrokerPathSchema = z.object({ id: IdSchema, broker: z.coerce.number<unknown>().pipe(BrokerIdSchema) });
export type BrokerPath = z.infer<typeof BrokerPathSchema>;
export const GroupPathSchema = z.object({ id: IdSchema, group: z.string().min(1).max(1024) });
export type GroupPath = z.infer<typeof GroupPathSchema>;

type JsonSchemaObject = Record<string, unknown>;

/**
 * JSON Schema's `if`/`then`/`else`, for the cross-field rules a refinement checks, stated in the OpenAPI document
 * through `.meta()`.
 */
export function jsonIf(condition: JsonSchemaObject, then: JsonSchemaObject, otherwise?: JsonSchemaObject) {
  return {
    if: condition,
    then,
    ...(otherwise ? { else: otherwise } : {}),
  } as JsonSchemaObject;
}
