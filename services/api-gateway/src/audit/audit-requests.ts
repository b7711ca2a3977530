import type { AuditEmitter } from "@kcp/audit";
import type { AuditEvent } from "@kcp/shared";
import type { NextFunction, Request, Response } from "express";
import { withoutSecrets } from "./sanitize.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function resultOf(status: number): AuditEvent["result"] {
  if (status < 400) return "success";
  if (status === 401 || status === 403 || status === 429) return "denied";
  return "failure";
}

function actorOf(req: Request): string {
  if (req.principal) return req.principal.user.username;
  const attempted = (req.body as { username?: unknown } | undefined)?.username;
  return typeof attempted === "string" && attempted.length <= 256 ? attempted : "anonymous";
}

/**
 * Audits every mutating request once its response is sent: success, failure and refusal alike (contract §8). The
 * detail holds the request without secrets, the client address, the user agent and, for failures, the error code.
 */
export function auditRequests(emitter: AuditEmitter) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) {
      next();
      return;
    }
    const json = res.json.bind(res);
    let errorCode: string | undefined;
    res.json = (body: unknown) => {
      errorCode = (body as { error?: { code?: string } } | undefined)?.error?.code;
      return json(body);
    };
    res.once("finish", () => {
      const route = res.locals.route;
      const params = res.locals.routeParams ?? {};
      const clusterId =
        res.locals.auditClusterId ?? (route?.path.startsWith("/api/v1/clusters/:id") ? params.id : undefined);
      const target = res.locals.auditTarget ?? params.id;
      const event: AuditEvent = {
        at: new Date().toISOString(),
        actor: actorOf(req),
        action: route?.action ?? `http.${req.method.toLowerCase()}`,
        ...(clusterId ? { clusterId } : {}),
        ...(target ? { target } : route ? {} : { target: req.path }),
        result: resultOf(res.statusCode),
        detail: {
          request: withoutSecrets(res.locals.validatedBody ?? req.body ?? null),
          clientAddress: req.ip ?? "",
          userAgent: req.get("user-agent") ?? "",
          status: res.statusCode,
          ...(errorCode ? { errorCode } : {}),
        },
      };
      void emitter.emit(event);
    });
    next();
  };
}
