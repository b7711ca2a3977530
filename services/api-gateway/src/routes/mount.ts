import { AppError, highestRank, roleRank } from "@kcp/shared";
import { type NextFunction, type Request, type Response, Router } from "express";
import { JSON_BODY_LIMIT_BYTES, jsonBody, rawJsonBody } from "../http/json-body.js";
import { type AuditFacts, FailedAfter, type RouteSpec } from "./route.js";
import { type AccessLookups, decideRouteAccess } from "./route-access.js";
import { validate } from "./validate.js";

declare global {
  namespace Express {
    interface Locals {
      /** The route that matched, for the audit. */
      route?: RouteSpec;
      /** The validated body, for the audit. */
      validatedBody?: unknown;
      /** The path parameters, for the audit. */
      routeParams?: Record<string, string>;
      /** The validated request and how far its handler got, for the route's audit functions. */
      handling?: AuditFacts<unknown, unknown, unknown, unknown, unknown>;
    }
  }
}

/**
 * The route's role: 401 without a session, 403 when a route above viewer needs a role the principal holds nowhere
 * (neither as a local user nor through any binding). What it holds it on — which cluster, which resource — is decided
 * with `authorize` once the request is read (`decideRouteAccess`); a viewer route needs a session only here (a user of
 * a provider whose groups give it nothing still signs out and reads its own access).
 */
function refusal(spec: RouteSpec, req: Request): AppError | undefined {
  if (spec.role === "anonymous") return undefined;
  if (!req.principal) return new AppError("unauthenticated");
  if (spec.role !== "viewer" && highestRank(req.principal.access) < roleRank(spec.role))
    return new AppError("forbidden", `This action needs the ${spec.role} role`);
  return undefined;
}

/**
 * The role guard, before any byte of the body is read: a request the route refuses (no session, a lower role) is
 * answered as soon as its headers are in, its body never read: Node answers a request whose body was not read with
 * `Connection: close` and closes the connection after the answer, so the service holds nothing of it.
 */
function guard(spec: RouteSpec) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.route = spec;
    res.locals.routeParams = { ...(req.params as Record<string, string>) };
    next(refusal(spec, req));
  };
}

function handler(spec: RouteSpec, lookups: AccessLookups) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const params = validate(spec.params, req.params, "path");
      const query = validate(spec.query, req.query, "query");
      const body = spec.parseBody ? await spec.parseBody(req) : validate(spec.body, req.body, "body");
      res.locals.validatedBody = body;
      const user = req.principal?.user as NonNullable<typeof req.principal>["user"];
      const handling: AuditFacts<unknown, unknown, unknown, unknown, unknown> = {
        body,
        query,
        params,
        user,
        found: undefined,
        answered: false,
        done: undefined,
      };
      res.locals.handling = handling;
      const principal = req.principal?.access ?? { username: "" };
      const clusterAccess = await decideRouteAccess(
        spec,
        principal,
        { body, query, params: params as Record<string, string> },
        lookups,
      );
      const context = {
        req,
        res,
        user,
        principal,
        tokenHash: req.principal?.tokenHash ?? "",
        body,
        query,
        params,
        ...(clusterAccess ? { clusterAccess } : {}),
      };
      const found = spec.find ? await spec.find({ ...context, found: undefined }) : undefined;
      handling.found = found;
      const result = await spec.handle({ ...context, found }).catch((error: unknown) => {
        if (!(error instanceof FailedAfter)) throw error;
        handling.done = error.done;
        throw error.error;
      });
      handling.answered = true;
      handling.done = result.done;
      if ("ndjson" in result) await streamNdjson(req, res, result.status, result.ndjson);
      else if ("json" in result)
        res.status(result.status).type("application/json").set("ETag", result.etag).send(result.json);
      else res.status(result.status).json(result.body);
    } catch (error) {
      next(error);
    }
  };
}

function drainedOrClosed(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

/**
 * Writes each value as one JSON line, waiting for the client to take what was written (backpressure), so a long export
 * holds one page of the store in memory at a time. A client that goes away stops the reading; a failure after the
 * first line cannot change the status any more: the connection is cut, so the client sees an incomplete stream.
 */
async function streamNdjson(req: Request, res: Response, status: number, lines: AsyncIterable<unknown>) {
  res.status(status).type("application/x-ndjson");
  let gone = false;
  res.on("close", () => {
    gone = true;
  });
  try {
    for await (const value of lines) {
      if (gone) break;
      if (!res.write(`${JSON.stringify(value)}\n`)) await drainedOrClosed(res);
    }
    res.end();
  } catch (error) {
    if (!res.headersSent) throw error;
    req.log.error({ err: error }, "NDJSON stream failed after its first line: connection cut");
    res.destroy();
  }
}

/** The methods each path answers, as an `Allow` header lists them (HEAD with GET; OPTIONS always). */
function allowedMethods(routes: readonly RouteSpec[]): Map<string, string> {
  const byPath = new Map<string, Set<string>>();
  for (const spec of routes) {
    const methods = byPath.get(spec.path) ?? new Set<string>(["OPTIONS"]);
    methods.add(spec.method);
    if (spec.method === "GET") methods.add("HEAD");
    byPath.set(spec.path, methods);
  }
  return new Map([...byPath].map(([path, methods]) => [path, [...methods].sort().join(", ")]));
}

/**
 * An Express router with one handler per row of the route table — its role guard, then its JSON body (the route's
 * `bodyLimitBytes`, JSON_BODY_LIMIT_BYTES by default), then validation and the handler — and for each path an
 * `OPTIONS` answer of its own: 204 with `Allow` and no body (Express's default is a text/plain body outside the
 * envelope). No CORS: the console is served from the API's own origin.
 */
export function mountRoutes(routes: readonly RouteSpec[], lookups: AccessLookups): Router {
  const router = Router();
  for (const spec of routes) {
    const method = spec.method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete";
    const limit = spec.bodyLimitBytes ?? JSON_BODY_LIMIT_BYTES;
    router[method](
      spec.path,
      guard(spec),
      spec.parseBody ? rawJsonBody(limit) : jsonBody(limit),
      handler(spec, lookups),
    );
  }
  for (const [path, allow] of allowedMethods(routes)) {
    router.options(path, (_req, res) => {
      res.setHeader("Allow", allow);
      res.status(204).end();
    });
  }
  return router;
}
