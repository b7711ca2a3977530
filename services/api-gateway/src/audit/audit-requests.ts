import type { AuditEmitter } from "@kcp/audit";
import type { AuditEvent } from "@kcp/shared";
import type { Store } from "@kcp/store";
import type { NextFunction, Request, Response } from "express";
import { withoutSecrets } from "./sanitize.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

declare global {
  namespace Express {
    interface Locals {
      /** What an audited read read (partitions, range, counts; never the data), for the audit. */
      auditRead?: Record<string, unknown>;
    }
  }
}

/** How much of a refused request the audit keeps: its size and the start of its (secret-free) body. */
export const REFUSED_EXCERPT_CHARS = 256;
/** Paths and user agents are the caller's text: cut to this length in the audit. */
const TEXT_LIMIT = 256;

export interface AuditRecorder {
  /** Stores the event before the request is answered; never throws. */
  record(event: AuditEvent, req: Request): Promise<void>;
}

/**
 * Writes each event to the store itself, so that an acknowledged write always has its entry even if the process dies
 * right after answering; when the store refuses, the event goes through the audit emitter (the queue, with its own
 * fallbacks). A failure is logged with the request id and the answer stands.
 */
export function durableAudit(store: Store, emitter: AuditEmitter): AuditRecorder {
  return {
    async record(event, req) {
      try {
        await store.audit.append({ ...event, at: new Date(event.at) });
      } catch (error) {
        req.log.warn({ err: error, action: event.action }, "audit entry not written to the store: sent to the queue");
        await emitter.emit(event).catch((queueError: unknown) => {
          req.log.error({ err: queueError, auditEvent: event }, "audit entry could not be written");
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

/** Only a login attempt names its user; any other request without a session is anonymous. */
function actorOf(req: Request, res: Response): string {
  if (req.principal) return req.principal.user.username;
  const validated = res.locals.validatedBody as { username?: unknown } | undefined;
  const isLogin = res.locals.route?.action === "auth.login";
  return isLogin && typeof validated?.username === "string" ? validated.username : "anonymous";
}

/**
 * What the audit keeps of the request: for a request that passed validation, the validated request minus secrets
 * (shaped by the route: a produced message is recorded by its sizes); for a refused one, only its size and a short
 * excerpt of its secret-free body, so refused requests cannot flood the audit.
 */
function requestDetail(req: Request, res: Response): Record<string, unknown> {
  const route = res.locals.route;
  if (res.locals.validatedBody !== undefined || (route && !route.body)) {
    const validated = res.locals.validatedBody ?? null;
    const shaped = route?.auditRequest && validated !== null ? route.auditRequest(validated) : validated;
    return { request: withoutSecrets(shaped) };
  }
  const bodyBytes = Number(req.get("content-length") ?? 0) || 0;
  const parsed = req.body === undefined ? undefined : JSON.stringify(withoutSecrets(req.body));
  return {
    refusedRequest: {
      bodyBytes,
      ...(parsed === undefined ? {} : { excerpt: parsed.slice(0, REFUSED_EXCERPT_CHARS) }),
    },
  };
}

function auditEvent(req: Request, res: Response, errorCode: string | undefined): AuditEvent {
  const route = res.locals.route;
  const params = res.locals.routeParams ?? {};
  const clusterId =
    res.locals.auditClusterId ?? (route?.path.startsWith("/api/v1/clusters/:id") ? params.id : undefined);
  const target = res.locals.auditTarget ?? (route?.auditRead ? params.topic : undefined) ?? params.id;
  return {
    at: new Date().toISOString(),
    actor: actorOf(req, res),
    action: route?.action ?? `http.${req.method.toLowerCase()}`,
    ...(clusterId ? { clusterId } : {}),
    ...(target ? { target } : route ? {} : { target: cut(req.path) }),
    result: resultOf(res.statusCode),
    detail: {
      ...requestDetail(req, res),
      ...(res.locals.auditRead ? { read: res.locals.auditRead } : {}),
      clientAddress: req.ip ?? "",
      userAgent: cut(req.get("user-agent") ?? ""),
      status: res.statusCode,
      ...(errorCode ? { errorCode } : {}),
    },
  };
}

/**
 * Audits every mutating request, and every read of a route marked `auditRead` — success, failure and refusal alike
 * (contract §8) — and writes the entry before the answer leaves: the response's `end` waits for the recorder. Nothing
 * here can fail the request or the process: an error while building or writing the entry is logged with the request
 * id, and the answer is sent as it was.
 */
export function auditRequests(recorder: AuditRecorder) {
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
      let recorded: Promise<void>;
      try {
        recorded = recorder.record(auditEvent(req, res, errorCode), req);
      } catch (error) {
        req.log.error({ err: error }, "audit entry could not be built");
        recorded = Promise.resolve();
      }
      void recorded
        .catch((error: unknown) => req.log.error({ err: error }, "audit entry could not be written"))
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
