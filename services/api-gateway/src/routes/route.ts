import type { ErrorCode, Role } from "@kcp/shared";
import type { UserRecord } from "@kcp/store";
import type { Request, Response } from "express";
import type { z } from "zod";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteContext<Body, Query, Params> {
  req: Request;
  res: Response;
  /** Set on every route whose role is not "anonymous". */
  user: UserRecord;
  tokenHash: string;
  body: Body;
  query: Query;
  params: Params;
}

export type RouteResult =
  | { status: number; body: unknown }
  /** A body already serialized as JSON (a cached response), with its entity tag. */
  | { status: number; json: Buffer; etag: string }
  /** Newline-delimited JSON (application/x-ndjson), streamed: one line per value, read as the client takes them. */
  | { status: number; ndjson: AsyncIterable<unknown> };

/** One row of the route table: the method and path, the role it needs, its schemas, its audit action, its handler. */
export interface RouteSpec<Body = unknown, Query = unknown, Params = unknown> {
  method: Method;
  /** Express path syntax, e.g. /api/v1/users/:id */
  path: string;
  /** The lowest role allowed (roles are ordered); "anonymous" for login only. */
  role: Role | "anonymous";
  /** What of the body needs the admin role although the route's role is lower (checked by the handler: 403). */
  adminOnly?: string;
  /** The operation's name in the OpenAPI document, unique, camelCase: what generated clients call the method. */
  operationId: string;
  summary: string;
  /** Dotted audit action of a mutating route (`topic.create`, `operation.confirm`, ...). */
  action?: string;
  /**
   * A read that is audited although it changes nothing (reading records exposes data): every request, answered or
   * refused, gets an entry whose target is the path's topic; the handler puts what was read in `res.locals.auditRead`.
   */
  auditRead?: boolean;
  /** What the audit keeps of the validated body, when not all of it (minus secrets): e.g. sizes of produced data. */
  auditRequest?: (body: Body) => unknown;
  /** The success answer: its status and the schema of its body (the OpenAPI document is made from these). */
  response: {
    status: 200 | 201;
    schema: z.ZodType;
    /** Default application/json; application/x-ndjson for a streamed export, whose schema is then one line's. */
    contentType?: "application/json" | "application/x-ndjson";
  };
  /** Errors beyond those every route of its kind answers (see route-errors.ts). */
  errors?: readonly ErrorCode[];
  body?: z.ZodType<Body>;
  /**
   * Parses and checks the body instead of `body`'s schema, which still describes it (the OpenAPI document): for a body
   * whose parse and check are heavy (a desired-state plan's files), done off the request thread. `req.body` holds the
   * bytes as received (a JSON content type and the body limit already checked; nothing parsed); it throws the error to
   * answer, leaving in `req.body` what the audit may excerpt of a refused body.
   */
  parseBody?: (req: Request) => Promise<Body>;
  /**
   * The body limit when above JSON_BODY_LIMIT_BYTES (a desired-state plan's files). A body is read only after the role
   * guard let the request through, so only a principal allowed on the route can make the service parse this much.
   */
  bodyLimitBytes?: number;
  query?: z.ZodType<Query>;
  params?: z.ZodType<Params>;
  handle(context: RouteContext<Body, Query, Params>): Promise<RouteResult>;
}

/** Keeps the schemas' types in the handler while the table holds every route under one type. */
export function route<Body = unknown, Query = unknown, Params = unknown>(
  spec: RouteSpec<Body, Query, Params>,
): RouteSpec {
  return spec as unknown as RouteSpec;
}
