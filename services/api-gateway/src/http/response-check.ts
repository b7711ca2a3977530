import type { ErrorCode } from "@kcp/shared";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { openApiDocument } from "../openapi/openapi-document.js";
import type { RouteSpec } from "../routes/route.js";

type JsonSchema = Record<string, unknown>;
type Validator = ((value: unknown) => boolean) & { errors?: unknown[] | null };
type DeclaredResponse = { content?: Record<string, { schema: JsonSchema }>; "x-error-codes"?: ErrorCode[] };
type Document = {
  paths: Record<string, Record<string, { responses: Record<string, DeclaredResponse> }>>;
  components: { schemas: Record<string, JsonSchema> };
};

/** Turned on by the test runs (KCP_CHECK_RESPONSES=1, set by the mocha hooks), off in production. */
export const CHECK_RESPONSES_ENV = "KCP_CHECK_RESPONSES";

/**
 * What is wrong with an answer in the light of the OpenAPI document, or undefined when it is as declared: a success
 * must have the route's declared status and match its declared schema (strictly: the document's response schemas
 * refuse properties they do not list); an error must have a status and code the route declares and the envelope's shape.
 */
export type ResponseJudge = (route: RouteSpec | undefined, status: number, body: unknown) => string | undefined;

/**
 * Judges by their document's text: every gateway of a process whose route table makes the same document (a test
 * process starts hundreds) shares one, with the schemas it compiled — about half a CPU-second a gateway otherwise.
 */
const judges = new Map<string, Promise<ResponseJudge>>();

/** The judge of a route table: its OpenAPI document made once, each response schema compiled on first use (Ajv). */
export function responseJudge(routes: readonly RouteSpec[], version: string): Promise<ResponseJudge> {
  const document = openApiDocument(routes, version) as unknown as Document;
  const key = JSON.stringify(document);
  let judge = judges.get(key);
  if (!judge) {
    judge = judgeOf(document);
    judges.set(key, judge);
  }
  return judge;
}

/** The id under which a judge's Ajv holds the document's components. */
const COMPONENTS_ID = "kcp:openapi-components";

/** A copy of `value` whose local references ("#/components/…") name the components' schema instead. */
function intoComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(intoComponents);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) =>
      key === "$ref" && typeof inner === "string" && inner.startsWith("#/")
        ? [key, `${COMPONENTS_ID}${inner}`]
        : [key, intoComponents(inner)],
    ),
  );
}

async function judgeOf(document: Document): Promise<ResponseJudge> {
  const { Ajv2020 } = await import("ajv/dist/2020.js");
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  // The components are added once, as a schema of their own: each response schema's "#/components/…" references
  // point into it. Compiling each response schema with the components beside it made Ajv walk every component at
  // each compile (2.4 CPU-s for the 585 response schemas of the standalone's document, 1.0 this way).
  ajv.addSchema({ $id: COMPONENTS_ID, components: document.components });
  const compiled = new Map<string, Validator>();
  const validator = (key: string, schema: JsonSchema): Validator => {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(intoComponents(schema) as JsonSchema) as Validator;
      compiled.set(key, validate);
    }
    return validate;
  };
  const envelopeProblem = (body: unknown) => {
    const validate = validator("ErrorEnvelope", { $ref: "#/components/schemas/ErrorEnvelope" });
    return validate(body) ? undefined : `the error envelope does not match: ${JSON.stringify(validate.errors)}`;
  };

  return (route, status, body) => {
    if (!route) return status >= 400 ? envelopeProblem(body) : undefined;
    const path = route.path.replace(/:(\w+)/g, "{$1}");
    const method = route.method.toLowerCase();
    const where = `${route.method} ${path} answered ${status}`;
    const declared = document.paths[path]?.[method]?.responses[String(status)];
    if (!declared) return `${where}, a status its OpenAPI entry does not declare`;
    const schema = declared.content?.["application/json"]?.schema;
    if (!schema) return undefined;
    const validate = validator(`${method} ${path} ${status}`, schema);
    if (!validate(body))
      return `${where} with a body that does not match its schema: ${JSON.stringify(validate.errors)}`;
    const code = (body as { error?: { code?: ErrorCode } }).error?.code;
    if (status >= 400 && code && !declared["x-error-codes"]?.includes(code))
      return `${where} with code ${code}, which its OpenAPI entry does not declare`;
    return undefined;
  };
}

function bodyOf(chunk: unknown): unknown {
  const text = Buffer.isBuffer(chunk) ? chunk.toString("utf8") : typeof chunk === "string" ? chunk : undefined;
  if (text === undefined) return chunk;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Checks every JSON answer of the API against what the OpenAPI document declares for its route, so the document
 * cannot drift from the service unnoticed: a drift is answered as 500 `internal` naming it (and logged), which fails
 * the test that met it. Only for test runs: the check costs a schema validation per answer.
 */
export function checkResponses(judge: Promise<ResponseJudge>): RequestHandler {
  judge.catch(() => undefined); // answered to each request below, not an unhandled rejection at start
  return async (req: Request, res: Response, next: NextFunction) => {
    const judged = await judge;
    const send = res.send.bind(res);
    let checked = false;
    res.send = (chunk?: unknown) => {
      const json = String(res.getHeader("content-type") ?? "").startsWith("application/json");
      if (checked || !json || !req.originalUrl.startsWith("/api/")) return send(chunk);
      checked = true;
      const problem = judged(res.locals.route, res.statusCode, bodyOf(chunk));
      if (!problem) return send(chunk);
      req.log.error({ drift: problem }, "response does not match the OpenAPI document");
      res.status(500).type("application/json");
      res.removeHeader("ETag");
      return send(JSON.stringify({ error: { code: "internal", message: `OpenAPI drift: ${problem}` } }));
    };
    next();
  };
}
