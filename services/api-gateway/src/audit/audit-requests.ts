import { createHash } from "node:crypto";
import type { AuditEmitter } from "@kcp/process";
import type { AuditEvent } from "@kcp/shared";
import type { Store } from "@kcp/store";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { type LoginFailureBudget, loginFailureSummaryEvent } from "./login-failures.js";
import { secretFreeJsonPieces, secretFreeJsonPrefix, withoutSecrets } from "./sanitize.js";

/** The login's path: its refusals (no CSRF header, a malformed body) are logins too for the audit. */
const LOGIN_PATH = "/api/v1/auth/login";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** How much of a refused request the audit keeps: its size and the start of its (secret-free) body. */
export const REFUSED_EXCERPT_CHARS = 256;
/** A validated request whose secret-free JSON is longer is kept as its digest, size and excerpt only. */
export const AUDIT_REQUEST_MAX_CHARS = 4096;
/** Paths and user agents are the caller's text: cut to this length in the audit. */
const TEXT_LIMIT = 256;

export interface AuditRecorder {
  /** Stores the event (before the request is answered); never throws. `log` is the request's logger. */
  record(event: AuditEvent, log: Logger): Promise<void>;
}

/**
 * Writes each event to the store itself, so that an acknowledged write always has its entry even if the process dies
 * right after answering; when the store refuses, the event goes through the audit emitter (the queue, with its own
 * fallbacks). A failure is logged with the request id and the answer stands.
 */
export function durableAudit(store: Store, emitter: AuditEmitter): AuditRecorder {
  return {
    async record(event, log) {
      try {
        await store.audit.append({ ...event, at: new Date(event.at) });
      } catch (error) {
        log.warn({ err: error, action: event.action }, "audit entry not written to the store: sent to the queue");
        await emitter.emit(event).catch((queueError: unknown) => {
          log.error({ err: queueError, auditEvent: event }, "audit entry could not be written");
        });
      }
    },
  };
}

function resultOf(status: number): AuditEvent["result"] {
  if (status < 400) return "success";
  if (status === 401 || status === 403 || status === 429) return "denied";
  return "failure";
}

const cut = (text: string) => (text.length > TEXT_LIMIT ? `${text.slice(0, TEXT_LIMIT)}…` : text);

/** The request's path as routes match it: without the query, in any case, without a trailing slash. */
const pathOf = (req: Request) => (req.originalUrl.split("?", 1)[0] ?? "").toLowerCase().replace(/\/+$/, "");

/** A login, whichever check answered it (CSRF, body, validation, admission, password). */
const isLogin = (req: Request, res: Response) =>
  res.locals.route?.action === "auth.login" || (req.method === "POST" && pathOf(req) === LOGIN_PATH);

/**
 * The session's user; for a login, the user it named only if that is a user (a session was made for it, or the store
 * has it): typed text that names no user — a password typed into the username field — is never recorded. Any other
 * request without a session is anonymous, whatever its body says.
 */
async function actorOf(req: Request, res: Response, isUser: (username: string) => Promise<boolean>): Promise<string> {
  if (req.principal) return req.principal.user.username;
  if (res.locals.route?.action !== "auth.login") return "anonymous";
  const username = (res.locals.validatedBody as { username?: unknown } | undefined)?.username;
  if (typeof username !== "string") return "anonymous";
  if (res.statusCode < 400) return username;
  return (await isUser(username).catch(() => false)) ? username : "anonymous";
}

/** The sha256 of the secret-free JSON of a value and its length, written piece by piece (no copy of the whole). */
function digestOf(value: unknown): { sha256: string; chars: number } {
  const hash = createHash("sha256");
  let chars = 0;
  for (const piece of secretFreeJsonPieces(value)) {
    hash.update(piece);
    chars += piece.length;
  }
  return { sha256: hash.digest("hex"), chars };
}

/**
 * What the audit keeps of the request — never a whole large body: for a request that passed validation, the validated
 * request minus secrets (shaped by the route: a produced message is recorded by its sizes) while its JSON is at most
 * AUDIT_REQUEST_MAX_CHARS, else only its digest, size and excerpt (`requestDigest`); for a refused one, only the body's
 * size and a short excerpt of what was parsed of it (nothing is, for a request its route's guard refused), so refused
 * requests cannot flood the audit.
 */
function requestDetail(req: Request, res: Response): Record<string, unknown> {
  const route = res.locals.route;
  const bodyBytes = Number(req.get("content-length") ?? 0) || 0;
  if (res.locals.validatedBody !== undefined || (route && !route.body)) {
    const validated = res.locals.validatedBody ?? null;
    const shaped = route?.auditRequest && validated !== null ? route.auditRequest(validated) : validated;
    const preview = secretFreeJsonPrefix(shaped, AUDIT_REQUEST_MAX_CHARS);
    if (preview.complete) return { request: withoutSecrets(shaped) };
    return {
      requestDigest: { ...digestOf(shaped), bodyBytes, excerpt: preview.text.slice(0, REFUSED_EXCERPT_CHARS) },
    };
  }
  // A refused login keeps no excerpt: its username field may hold anything, a password typed there too.
  const parsed =
    req.body === undefined || isLogin(req, res) ? undefined : secretFreeJsonPrefix(req.body, REFUSED_EXCERPT_CHARS);
  return { refusedRequest: { bodyBytes, ...(parsed === undefined ? {} : { excerpt: parsed.text }) } };
}

/**
 * What the route's `audit` says of this request — its target, cluster, changes and read — from the validated request
 * and how far the handler got; nothing for a request that never reached its handler. A function that throws is logged
 * and the entry is written without what the route says.
 */
function routeAuditOf(req: Request, res: Response) {
  const audit = res.locals.route?.audit;
  const facts = res.locals.handling;
  if (!audit || !facts) return {};
  try {
    return {
      target: audit.target?.(facts),
      clusterId: audit.clusterId?.(facts),
      changes: audit.changes?.(facts),
      read: audit.read?.(facts),
    };
  } catch (error) {
    req.log.error({ err: error }, "the route's audit functions failed: the entry has only the request's defaults");
    return {};
  }
}

async function auditEvent(
  req: Request,
  res: Response,
  errorCode: string | undefined,
  isUser: (username: string) => Promise<boolean>,
): Promise<AuditEvent> {
  const route = res.locals.route;
  const params = res.locals.routeParams ?? {};
  const said = routeAuditOf(req, res);
  const clusterId = said.clusterId ?? (route?.path.startsWith("/api/v1/clusters/:id") ? params.id : undefined);
  const target = said.target ?? (route?.auditRead ? params.topic : undefined) ?? params.id;
  const at = new Date().toISOString();
  return {
    at,
    actor: await actorOf(req, res, isUser),
    action: route?.action ?? `http.${req.method.toLowerCase()}`,
    ...(clusterId ? { clusterId } : {}),
    ...(target ? { target } : route ? {} : { target: cut(req.path) }),
    result: resultOf(res.statusCode),
    detail: {
      ...requestDetail(req, res),
      ...(said.read ? { read: said.read } : {}),
      ...(said.changes ? (withoutSecrets(said.changes) as Record<string, unknown>) : {}),
      clientAddress: req.ip ?? "",
      userAgent: cut(req.get("user-agent") ?? ""),
      status: res.statusCode,
      ...(errorCode ? { errorCode } : {}),
    },
  };
}

/**
 * A request anyone can send without a credential, refused: a failed login (any status from 400 up), or any other request
 * answered from 400 up without a session or valid token (401, a CSRF refusal, a malformed body, an unknown route).
 * These share each client address's budget (LoginFailureBudget): the first ones of a minute get an entry each, the
 * rest one summary.
 */
const isRefusedAnonymous = (req: Request, res: Response) =>
  res.statusCode >= 400 && (isLogin(req, res) || req.principal === undefined);

export interface AuditRequestsOptions {
  /** Whether a username is a user's (a failed login is audited under it only then). */
  isUser(username: string): Promise<boolean>;
  /**
   * Which refused anonymous requests (failed logins included) get an entry of their own; the others are counted into
   * summaries (LoginFailureBudget).
   */
  loginFailures: LoginFailureBudget;
  /** Told of each failed login: audited by an entry of its own, or only counted for a summary. */
  onLoginFailure?: (audit: "entry" | "summary") => void;
}

/**
 * Audits every mutating request, and every read of a route marked `auditRead` — success, failure and refusal alike
 * — and writes the entry before the answer leaves: the response's `end` waits for the recorder. Refused anonymous
 * requests (failed logins included) beyond their address's budget are only counted (a summary entry per address and
 * window says how many), so a flood of them cannot flood the audit. Nothing here can fail the request or the process: an error while building or
 * writing the entry is logged with the request id, and the answer is sent as it was.
 */
export function auditRequests(recorder: AuditRecorder, options: AuditRequestsOptions) {
  const audit = async (req: Request, res: Response, errorCode: string | undefined) => {
    if (isRefusedAnonymous(req, res)) {
      const { audit: ownEntry, ended } = options.loginFailures.take(req.ip ?? "", Date.now());
      if (ended) await recorder.record(loginFailureSummaryEvent(ended), req.log);
      if (isLogin(req, res)) options.onLoginFailure?.(ownEntry ? "entry" : "summary");
      if (!ownEntry) return;
    }
    await recorder.record(await auditEvent(req, res, errorCode, options.isUser), req.log);
  };
  return (req: Request, res: Response, next: NextFunction) => {
    // A safe request is audited only if its route says so (auditRead), which is known once it is answered.
    const json = res.json.bind(res);
    let errorCode: string | undefined;
    res.json = (body: unknown) => {
      errorCode = (body as { error?: { code?: string } } | undefined)?.error?.code;
      return json(body);
    };
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    let ended = false;
    res.end = ((...args: unknown[]) => {
      if (ended) return res;
      ended = true;
      if (SAFE_METHODS.has(req.method) && !res.locals.route?.auditRead) return end(...args);
      void audit(req, res, errorCode)
        .catch((error: unknown) => req.log.error({ err: error }, "audit entry could not be built or written"))
        .then(() => {
          try {
            end(...args);
          } catch (error) {
            req.log.error({ err: error }, "the answer could not be sent");
          }
        });
      return res;
    }) as Response["end"];
    next();
  };
}
