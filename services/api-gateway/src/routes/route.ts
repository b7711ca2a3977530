import type { ClusterAccess, ErrorCode, Principal, ResourceKind, Role } from "@kcp/shared";
import type { UserRecord } from "@kcp/store";
import type { Request, Response } from "express";
import type { z } from "zod";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteContext<Body, Query, Params, Found = undefined> {
  req: Request;
  res: Response;
  /** Set on every route whose role is not "anonymous". */
  user: UserRecord;
  /** What authorization decisions read: the user's local role and its bindings (set with `user`). */
  principal: Principal;
  tokenHash: string;
  body: Body;
  query: Query;
  params: Params;
  /** What the route's `find` answered (undefined on a route without one). */
  found: Found;
  /**
   * On a route under /api/v1/clusters/:id, what the principal holds in that cluster (decided already): lists filter
   * by it (`visibleNames`). Undefined elsewhere, and for a cluster that does not exist.
   */
  clusterAccess?: ClusterAccess;
}

/**
 * What a request touches, for the one decision (`authorize`) with the route's role; decided after validation, before
 * `find` and the handler. Every route has one, and the default is the widest: a route under /api/v1/clusters/:id
 * needs its role on the whole cluster (`cluster`), one under /api/v1/operations/:op on the operation (`operation`),
 * any other on the whole service (`service`). A route narrows it by saying what it touches: a named resource, the
 * cluster seen at all (`visible`, its lists filtered), or the caller's own things (`own`).
 */
export type RouteAccess<Body, Query, Params> =
  /** The service as a whole: the route's role over every cluster, not narrowed (users, clusters' registration). */
  | { kind: "service" }
  /** The cluster of :id whole (brokers' configs, quotas, operations): a binding on it not narrowed to resources. */
  | { kind: "cluster" }
  /** The cluster of :id seen at all (any binding on it): its own record, and lists its handler filters. */
  | { kind: "visible" }
  /** One named resource of :id's cluster: a binding on the whole cluster, or one whose patterns match the name. */
  | { kind: ResourceKind; name(request: { body: Body; query: Query; params: Params }): string }
  /**
   * The operation of :op: the route's role on its whole cluster, or being its planner; its confirm (the cluster seen
   * at all here) is decided by the operation service on everything the operation touches.
   */
  | { kind: "operation" }
  /** Decided by the handler: the caller's own things (its session, tokens), lists filtered to what it may see. */
  | { kind: "own" };

export type RouteResult<Done = unknown> = (
  | { status: number; body: unknown }
  /** A body already serialized as JSON (a cached response), with its entity tag. */
  | { status: number; json: Buffer; etag: string }
  /** Newline-delimited JSON (application/x-ndjson), streamed: one line per value, read as the client takes them. */
  | { status: number; ndjson: AsyncIterable<unknown> }
) & {
  /** What the handler did that its audit entry names (an operation planned, a page read): read by `audit`. */
  done?: Done;
};

/**
 * What a route's audit functions read: the validated request (they are called only for a request that passed
 * validation), what `find` found, and how far the handler got.
 */
export interface AuditFacts<Body, Query, Params, Found, Done> {
  body: Body;
  query: Query;
  params: Params;
  /** The session's user (undefined on an anonymous route). */
  user: UserRecord;
  /** What `find` answered; undefined while it has not (it failed, or the route has none). */
  found: Found | undefined;
  /** Whether the handler answered; false when it failed. */
  answered: boolean;
  /** The handler's `done`: with its answer, or with its failure (`FailedAfter`); undefined otherwise. */
  done: Done | undefined;
}

/**
 * The audit entry of a route as functions of its request and its handler's outcome, each undefined when it has
 * nothing to say (the entry then keeps its default: the target is the path's `:topic` on an `auditRead` route, else its
 * `:id`; the cluster is the path's `:id` under /api/v1/clusters/:id).
 */
export interface RouteAudit<Body, Query, Params, Found, Done> {
  /** What the action was done to (a username, a topic). */
  target?(facts: AuditFacts<Body, Query, Params, Found, Done>): string | undefined;
  /** The cluster an action on another resource (an operation, the autopilot) concerns. */
  clusterId?(facts: AuditFacts<Body, Query, Params, Found, Done>): string | undefined;
  /** What a change changed (before and after), merged into the entry's detail; its secrets redacted there. */
  changes?(facts: AuditFacts<Body, Query, Params, Found, Done>): Record<string, unknown> | undefined;
  /** What an `auditRead` route read (where and how much; never the data): the entry's `detail.read`. */
  read?(facts: AuditFacts<Body, Query, Params, Found, Done>): Record<string, unknown> | undefined;
}

/** A handler's failure after it did what its audit entry names (`done`): the error is answered, `done` audited. */
export class FailedAfter<Done> extends Error {
  constructor(
    readonly error: unknown,
    readonly done: Done,
  ) {
    super("failed after", { cause: error });
    this.name = "FailedAfter";
  }
}

/** `work`'s value; its failure carries `done`, what the handler did before it, to the audit entry (FailedAfter). */
export async function afterDone<T, Done>(done: Done, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw new FailedAfter(error, done);
  }
}

/** One row of the route table: the method and path, the role it needs, its schemas, its audit, its handler. */
export interface RouteSpec<Body = unknown, Query = unknown, Params = unknown, Found = unknown, Done = unknown> {
  method: Method;
  /** Express path syntax, e.g. /api/v1/users/:id */
  path: string;
  /** The lowest role allowed (roles are ordered); "anonymous" for login only. */
  role: Role | "anonymous";
  /** What the request touches, for `authorize` (see RouteAccess; a default by path when absent). */
  access?: RouteAccess<Body, Query, Params>;
  /** What of the body needs the admin role although the route's role is lower (checked by the handler: 403). */
  adminOnly?: string;
  /** The operation's name in the OpenAPI document, unique, camelCase: what generated clients call the method. */
  operationId: string;
  summary: string;
  /** Dotted audit action of a mutating route (`topic.create`, `operation.confirm`, ...). */
  action?: string;
  /**
   * A read that is audited although it changes nothing (reading records exposes data): every request, answered or
   * refused, gets an entry whose target is the path's topic; `audit.read` says what was read.
   */
  auditRead?: boolean;
  /** What the audit keeps of the validated body, when not all of it (minus secrets): e.g. sizes of produced data. */
  auditRequest?: (body: Body) => unknown;
  /** The entry's target, cluster, changes and read, from the request and the handler's outcome. */
  audit?: RouteAudit<Body, Query, Params, Found, Done>;
  /**
   * The success answer: its status and the schema of its body (the OpenAPI document is made from these). A 302 (a
   * browser's sign-in) has its handler set the Location header and answers its target as the body too.
   */
  response: {
    status: 200 | 201 | 302;
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
  /**
   * What the request acts on, looked up before the handler (a cluster's record, an operation): the handler gets it as
   * `found`, and so does `audit`, which names it in the entry of a request that fails after it was found.
   */
  find?(context: RouteContext<Body, Query, Params, undefined>): Promise<Found>;
  handle(context: RouteContext<Body, Query, Params, Found>): Promise<RouteResult<Done>>;
}

/** Keeps the schemas' types in the handler while the table holds every route under one type. */
export function route<Body = unknown, Query = unknown, Params = unknown, Found = undefined, Done = undefined>(
  spec: RouteSpec<Body, Query, Params, Found, Done>,
): RouteSpec {
  return spec as unknown as RouteSpec;
}
