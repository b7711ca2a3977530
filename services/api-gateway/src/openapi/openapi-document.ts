import { ERROR_CATALOG, type ErrorCode, ErrorEnvelopeSchema } from "@kcp/shared";
import { z } from "zod";
import type { RouteSpec } from "../routes/route.js";

type JsonSchema = Record<string, unknown>;

/** JSON Schema 2020-12 (what OpenAPI 3.1 uses) of a zod schema, as a request (input) or a response (output). */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/**
 * The errors a route answers: those of its kind (session, CSRF, body, params, ids), its own, and those of every route:
 * 503 while the store cannot be reached, 500.
 */
export function routeErrors(route: RouteSpec): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  if (route.role !== "anonymous") codes.add("unauthenticated").add("forbidden");
  if (route.method !== "GET") codes.add("csrf_header_required");
  if (route.body) codes.add("bad_request").add("payload_too_large").add("validation_failed");
  if (route.params || route.query) codes.add("validation_failed");
  if (route.path.includes("/:")) codes.add("not_found");
  for (const code of route.errors ?? []) codes.add(code);
  codes.add("not_ready").add("internal");
  return [...codes];
}

function parameters(route: RouteSpec) {
  const from = (schema: z.ZodType | undefined, place: "path" | "query") => {
    if (!schema) return [];
    const object = jsonSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    return Object.entries(object.properties ?? {}).map(([name, property]) => ({
      name,
      in: place,
      required: place === "path" || (object.required ?? []).includes(name),
      ...(typeof property.description === "string" ? { description: property.description } : {}),
      schema: property,
    }));
  };
  const csrf =
    route.method === "GET"
      ? []
      : [
          {
            name: "X-Service-Request",
            in: "header",
            required: true,
            schema: { const: "1" },
            description: "CSRF guard",
          },
        ];
  return [...from(route.params, "path"), ...from(route.query, "query"), ...csrf];
}

function responses(route: RouteSpec) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of routeErrors(route)) {
    const status = ERROR_CATALOG[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const envelope = { $ref: "#/components/schemas/ErrorEnvelope" };
  return {
    [route.response.status]: {
      description: route.summary,
      content: {
        [route.response.contentType ?? "application/json"]: { schema: jsonSchema(route.response.schema, "output") },
      },
    },
    ...Object.fromEntries(
      [...byStatus].map(([status, codes]) => [
        status,
        {
          description: codes.map((code) => `${code}: ${ERROR_CATALOG[code].message}`).join("; "),
          "x-error-codes": codes,
          content: { "application/json": { schema: envelope } },
        },
      ]),
    ),
  };
}

const tagOf = (path: string) => path.split("/")[3] ?? "api";

/** The OpenAPI 3.1 document of the route table: every route with its role, parameters, body, answer and errors. */
export function openApiDocument(routes: readonly RouteSpec[], version: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, "{$1}");
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[route.method.toLowerCase()] = {
      summary: route.summary,
      tags: [tagOf(route.path)],
      "x-role": route.role,
      ...(route.action ? { "x-audit-action": route.action } : {}),
      security: route.role === "anonymous" ? [] : [{ session: [] }, { bearer: [] }],
      parameters: parameters(route),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: jsonSchema(route.body, "input") } },
            },
          }
        : {}),
      responses: responses(route),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Kafka control plane API",
      version,
      description: "Register Kafka clusters, see their health, manage them, and run planned, confirmed operations.",
    },
    paths,
    components: {
      schemas: { ErrorEnvelope: jsonSchema(ErrorEnvelopeSchema, "output") },
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "service_session" },
        bearer: { type: "http", scheme: "bearer" },
      },
    },
  };
}
