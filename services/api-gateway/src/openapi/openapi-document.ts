import { ERROR_CATALOG, type ErrorCode, ErrorEnvelopeSchema } from "@kcp/shared";
import type { z } from "zod";
import type { RouteSpec } from "../routes/route.js";
import { ComponentSchemas } from "./component-schemas.js";

type JsonSchema = Record<string, unknown>;

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

function parameters(route: RouteSpec, schemas: ComponentSchemas) {
  const from = (schema: z.ZodType | undefined, place: "path" | "query") => {
    if (!schema) return [];
    const object = schemas.inline(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
    return Object.entries(object.properties ?? {}).map(([name, property]) => ({
      name,
      in: place,
      required: place === "path" || (object.required ?? []).includes(name),
      ...(typeof property.description === "string" ? { description: property.description } : {}),
      schema: property,
    }));
  };
  return [...from(route.params, "path"), ...from(route.query, "query")];
}

function responses(route: RouteSpec, schemas: ComponentSchemas) {
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
        [route.response.contentType ?? "application/json"]: { schema: schemas.of(route.response.schema, "output") },
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

/** The document's tags: the first segment after /api/v1, each with what its operations are about. */
const TAGS = {
  api: "This API's own description",
  auth: "Sessions: log in, log out, who is logged in",
  users: "The service's users and their roles (admin)",
  tokens: "API tokens for scripts and CI",
  overview: "Every registered cluster at a glance",
  clusters: "Registered clusters and what is in them: topics, configs, messages, groups, ACLs, quotas, SCRAM users",
  operations: "Planned, confirmed, step-by-step operations: plan, confirm, follow, pause, resume, cancel",
  audit: "The audit log",
} as const;

function tagOf(path: string): keyof typeof TAGS {
  const segment = path.split("/")[3] ?? "api";
  return segment in TAGS ? (segment as keyof typeof TAGS) : "api";
}

/** What a generated client's documentation shows for an operation: its summary, who may call it, what is audited. */
function descriptionOf(route: RouteSpec): string {
  const who = route.role === "anonymous" ? "No session needed." : `Lowest role allowed: ${route.role}.`;
  const admin = route.adminOnly ? `Admin only: ${route.adminOnly}.` : "";
  const audit = route.action ? `Audited as \`${route.action}\`.` : "";
  return [`${route.summary}.`, who, admin, audit].filter(Boolean).join(" ");
}

/**
 * Who may call a route: a session (cookie) or a bearer token, unless anonymous; and on every request that is not a GET
 * the CSRF header too, as a scheme of its own (an API key in `X-Service-Request`, always `1`) — so that a generated
 * client sends it from its configuration instead of asking for it on every write.
 */
function securityOf(route: RouteSpec): Record<string, string[]>[] {
  const csrf: Record<string, string[]> = route.method === "GET" ? {} : { csrf: [] };
  if (route.role === "anonymous") return route.method === "GET" ? [] : [csrf];
  return [
    { session: [], ...csrf },
    { bearer: [], ...csrf },
  ];
}

/** The OpenAPI 3.1 document of the route table: every route with its role, parameters, body, answer and errors. */
export function openApiDocument(routes: readonly RouteSpec[], version: string): JsonSchema {
  const schemas = new ComponentSchemas();
  schemas.of(ErrorEnvelopeSchema, "output"); // the component every error answer refers to
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, "{$1}");
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      description: descriptionOf(route),
      tags: [tagOf(route.path)],
      "x-role": route.role,
      ...(route.action ? { "x-audit-action": route.action } : {}),
      security: securityOf(route),
      parameters: parameters(route, schemas),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: schemas.of(route.body, "input") } },
            },
          }
        : {}),
      responses: responses(route, schemas),
    };
  }
  const { document, components } = schemas.finish({ paths });
  discriminate(components);
  return {
    openapi: "3.1.0",
    info: {
      title: "Kafka control plane API",
      version,
      description: "Register Kafka clusters, see their health, manage them, and run planned, confirmed operations.",
      contact: { name: "Kafka control plane maintainers" },
      license: { name: "Apache License 2.0", identifier: "Apache-2.0" },
    },
    // Relative: the document is served by the service it describes, wherever that is reached.
    servers: [{ url: "/", description: "The service serving this document" }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths: document.paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "service_session" },
        bearer: { type: "http", scheme: "bearer" },
        csrf: {
          type: "apiKey",
          in: "header",
          name: "X-Service-Request",
          description:
            "The CSRF guard: the value `1` on every request that is not a GET (login included), a header a cross-site form cannot set",
        },
      },
    },
  };
}

/** The property whose `const` tells a union's members apart, if every member has one that it requires. */
function discriminatorOf(members: JsonSchema[]): string | undefined {
  const [first] = members;
  const candidates = Object.entries((first?.properties ?? {}) as Record<string, JsonSchema>)
    .filter(([, property]) => typeof property.const === "string")
    .map(([name]) => name);
  return candidates.find((name) =>
    members.every((member) => {
      const property = (member.properties as Record<string, JsonSchema> | undefined)?.[name];
      return typeof property?.const === "string" && ((member.required as string[] | undefined) ?? []).includes(name);
    }),
  );
}

function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => (part[0] as string).toUpperCase() + part.slice(1))
    .join("");
}

/**
 * Each `oneOf` component whose members are told apart by a constant property (an operation request's `type`, a desired
 * state document's `kind`) gets a `discriminator` with its mapping, and its inline members become components named
 * after the union and the constant (`PlanOperationRequestRebalance`): generators then make one class per member and
 * pick it by that property, instead of trying each member in turn or naming them by position.
 */
function discriminate(components: Record<string, JsonSchema>): void {
  for (const [name, schema] of Object.entries(components)) {
    const members = schema.oneOf as JsonSchema[] | undefined;
    if (!Array.isArray(members)) continue;
    const refs = members.every((member) => typeof member.$ref === "string");
    const resolved = refs
      ? members.map((member) => components[String(member.$ref).split("/").pop() as string] ?? {})
      : members;
    if (!refs && members.some((member) => "$ref" in member)) continue;
    const property = discriminatorOf(resolved);
    if (!property) continue;
    const mapping: Record<string, string> = {};
    schema.oneOf = resolved.map((member, index) => {
      const value = (member.properties as Record<string, JsonSchema>)[property]?.const as string;
      const ref = refs ? String((members[index] as JsonSchema).$ref) : `#/components/schemas/${name}${pascal(value)}`;
      if (!refs) components[`${name}${pascal(value)}`] = member;
      mapping[value] = ref;
      return { $ref: ref };
    });
    schema.discriminator = { propertyName: property, mapping };
  }
}
