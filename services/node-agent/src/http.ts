import { randomUUID } from "node:crypto";
import { AppError, JvmOptionsSchema, type Logger, nodeSegmentOf, parseNodeIdSegment, toAppError } from "@kcp/shared";
import express, { type NextFunction, type Request, type Response } from "express";
import { z } from "zod";
import type { PendingToken, TokenVerifier } from "./auth.js";
import { type Installations, VERSION_PATTERN } from "./installations.js";
import type { NodeManager } from "./nodes.js";

const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const version = z.string().regex(VERSION_PATTERN, "a Kafka version such as 4.3.1");
/** The names every JavaScript object has (`__proto__`, `constructor`, `toString`, …): never a property's. */
const OBJECT_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));
/** Keys and values of server.properties: no line breaks (a value could otherwise add keys), no leading space. */
const configKey = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._\-[\]]{0,254}$/, "a property name")
  .refine((key) => !OBJECT_NAMES.has(key), "a property name, not a name every object has");
const configValue = z
  .string()
  .max(65_536)
  .regex(/^[^\r\n\0]*$/, "must not hold line breaks");

/**
 * A map of server.properties keys to values, every own key of the body checked: one the map would not keep (such as
 * `__proto__`) is refused, never dropped silently.
 */
const propertyMap = z.preprocess(
  (raw, ctx) => {
    if (raw !== null && typeof raw === "object" && !Array.isArray(raw))
      for (const key of Object.keys(raw)) {
        const checked = configKey.safeParse(key);
        if (!checked.success) ctx.addIssue({ code: "custom", path: [key], message: checked.error.issues[0]?.message });
      }
    return raw;
  },
  z.record(configKey, configValue),
);

const stopBody = z.object({ timeoutMs: z.number().int().min(0).max(3_600_000).optional() }).strict();
const restartBody = z
  .object({
    restartId: z.string().regex(ACCEPTED_ID, "1–128 letters, digits, '.', '_', ':' or '-'"),
    timeoutMs: z.number().int().min(0).max(3_600_000).optional(),
  })
  .strict();
const versionBody = z.object({ version }).strict();
const provisionBody = z
  .object({
    roles: z
      .array(z.enum(["broker", "controller"]))
      .min(1)
      .max(2)
      .refine((roles) => new Set(roles).size === roles.length, "roles must not repeat"),
    clusterId: z.string().regex(/^[A-Za-z0-9_-]{22}$/, "a Kafka cluster id (22 characters of base64url)"),
    version,
    config: propertyMap,
    controllerMode: z.enum(["standalone", "initial-controllers", "observer", "static"]).optional(),
    initialControllers: z
      .string()
      .regex(/^[^\s]{1,4096}$/)
      .optional(),
    jvmOptions: JvmOptionsSchema.optional(),
  })
  .strict();
const configBody = z
  .object({ set: propertyMap.optional(), delete: z.array(configKey).max(1000).optional() })
  .strict()
  .refine((b) => !(b.delete ?? []).some((key) => b.set !== undefined && key in b.set), {
    message: "a key cannot be both set and deleted",
  });

function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  throw new AppError("validation_failed", `${where}${issue?.message ?? "invalid"}`);
}

/**
 * A node id in a path: decimal digits within int32, nothing else (`1e3`, `0x5`, ` 5`, `-1` are 400, never read as a
 * number). Undefined when the path names no node.
 */
function nodeIdInPath(path: string): number | undefined {
  const segment = nodeSegmentOf(path);
  if (segment === undefined) return undefined;
  const id = parseNodeIdSegment(segment);
  if (id === undefined) throw new AppError("validation_failed", "id: a node id is decimal digits within int32");
  return id;
}

const idOf = (req: Request) => nodeIdInPath(req.path) as number;

/** The largest body the agent reads (a provisioning request with its whole configuration fits many times). */
const BODY_LIMIT = "256kb";

/** The body as JSON, parsed from the exact bytes whose digest the token carries: objects and arrays only. */
function jsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  const text = raw.toString("utf8");
  if (!/^\s*[{[]/.test(text)) throw new AppError("bad_request", "The body is not valid JSON");
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "The body is not valid JSON");
  }
}

export interface AgentAppOptions {
  agentId: string;
  nodes: NodeManager;
  installations: Installations;
  verifier: TokenVerifier;
  logger: Logger;
}

/** The agent's API v1 (docs/node-agent.md). */
export function createAgentApp(options: AgentAppOptions): express.Express {
  const { nodes, installations, verifier, logger } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("query parser", false);
  // A path is matched as written, as the command token names it: no case folding, no trailing slash.
  app.set("case sensitive routing", true);
  app.set("strict routing", true);

  app.use(requestLog(logger));
  app.get("/v1/health", (_req, res) => {
    res.json({ status: "ok", agentId: options.agentId });
  });
  // Every other request carries a command token bound to it: its method, path and node are checked before the body
  // is read, the digest of the exact body bytes after, and only then is the token's id claimed.
  app.use(tokenBoundToRequest(verifier));
  app.use(express.raw({ type: () => true, limit: BODY_LIMIT, inflate: false }));
  app.use(tokenBoundToBody(verifier));
  nodeRoutes(app, nodes);
  installationRoutes(app, installations);
  app.use((req: Request, _res: Response, next: NextFunction) => {
    next(new AppError("not_found", `No route for ${req.method} ${req.path}`));
  });
  app.use(errorAnswer(logger));
  return app;
}

/** Request ids and one log line per request (method, path, status, duration: never headers or bodies). */
function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming !== undefined && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    res.setHeader("Cache-Control", "no-store");
    const began = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - began) / 1e6;
      logger.info({ requestId, method: req.method, path: req.path, status: res.statusCode, ms }, "request");
    });
    next();
  };
}

/** The command token's method, path and node checked against the request, before its body is read. */
function tokenBoundToRequest(verifier: TokenVerifier) {
  return (req: Request, res: Response, next: NextFunction) => {
    try {
      const nodeId = nodeIdInPath(req.path);
      res.locals.token = verifier.authenticate(req.get("authorization"), {
        method: req.method,
        path: req.path,
        nodeId,
      });
      next();
    } catch (error) {
      if (error instanceof AppError && error.code === "unauthenticated")
        verifier.logRefusal(error, res.locals.requestId as string);
      next(error);
    }
  };
}

/** The digest of the exact body bytes checked and the token's id claimed; then the body parsed as JSON. */
function tokenBoundToBody(verifier: TokenVerifier) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    try {
      const claims = await verifier.accept(res.locals.token as PendingToken, raw);
      res.locals.jti = claims.jti;
    } catch (error) {
      if (error instanceof AppError && error.code === "unauthenticated")
        verifier.logRefusal(error, res.locals.requestId as string);
      next(error);
      return;
    }
    try {
      req.body = jsonBody(raw);
      next();
    } catch (error) {
      next(error);
    }
  };
}

function nodeRoutes(app: express.Express, nodes: NodeManager): void {
  app.get("/v1/nodes", async (_req, res) => {
    res.json({ nodes: await nodes.list() });
  });
  app.get("/v1/nodes/:id", async (req, res) => {
    res.json(await nodes.status(idOf(req)));
  });
  app.put("/v1/nodes/:id", async (req, res) => {
    const id = idOf(req);
    const body = parse(provisionBody, req.body);
    res.json(await nodes.provision(id, body));
  });
  app.post("/v1/nodes/:id/stop", async (req, res) => {
    const id = idOf(req);
    const body = parse(stopBody, req.body);
    res.json(await nodes.stop(id, body.timeoutMs));
  });
  app.post("/v1/nodes/:id/start", async (req, res) => {
    const id = idOf(req);
    parse(z.object({}).strict(), req.body);
    res.json(await nodes.start(id));
  });
  app.post("/v1/nodes/:id/restart", async (req, res) => {
    const id = idOf(req);
    const body = parse(restartBody, req.body);
    res.json(await nodes.restart(id, body.restartId, body.timeoutMs));
  });
  app.put("/v1/nodes/:id/version", async (req, res) => {
    const id = idOf(req);
    const body = parse(versionBody, req.body);
    res.json(await nodes.setVersion(id, body.version));
  });
  app.get("/v1/nodes/:id/config", async (req, res) => {
    res.json({ config: nodes.config(idOf(req)) });
  });
  app.patch("/v1/nodes/:id/config", async (req, res) => {
    const id = idOf(req);
    const body = parse(configBody, req.body);
    res.json(await nodes.patchConfig(id, body.set ?? {}, body.delete ?? []));
  });
}

function installationRoutes(app: express.Express, installations: Installations): void {
  app.get("/v1/installations", async (_req, res) => {
    res.json({ installations: await installations.list() });
  });
  app.post("/v1/installations", async (req, res) => {
    const body = parse(versionBody, req.body);
    res.json(await installations.install(body.version));
  });
  app.get("/v1/artifacts/:version", async (req, res) => {
    const wanted = parse(version, req.params.version);
    res.json(await installations.availability(wanted));
  });
}

/** Every error as the API's envelope; an internal one logged with the request id. */
function errorAnswer(logger: Logger) {
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const appError = answerFor(error);
    if (appError.code === "internal") {
      logger.error({ err: appError.cause ?? appError, requestId: res.locals.requestId, path: req.path }, "failed");
    }
    res.status(appError.status).json(appError.toEnvelope());
  };
}

function answerFor(error: unknown): AppError {
  if (error instanceof URIError) return new AppError("bad_request", "The request path holds malformed encoding");
  const type = (error as { type?: string }).type;
  if (type === "entity.parse.failed") return new AppError("bad_request", "The body is not valid JSON");
  if (type === "entity.too.large") return new AppError("payload_too_large");
  if (type === "encoding.unsupported") return new AppError("bad_request", "The body must not be compressed");
  if (typeof type === "string" && type.startsWith("entity.")) return new AppError("bad_request");
  return toAppError(error);
}
