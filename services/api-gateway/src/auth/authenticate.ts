import { hashToken } from "@kcp/shared";
import type { Store } from "@kcp/store";
import type { NextFunction, Request, Response } from "express";
import { SESSION_COOKIE } from "./principal.js";

function tokenOf(req: Request): string | undefined {
  // The scheme is case-insensitive (RFC 7235 §2.1): "bearer", "Bearer" and "BEARER" all name it.
  const bearer = /^bearer +(\S+) *$/i.exec(req.get("authorization") ?? "");
  if (bearer) return bearer[1];
  const cookie = (req.cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE];
  return typeof cookie === "string" && cookie !== "" ? cookie : undefined;
}

/**
 * Resolves the session of a request (cookie `service_session` or `Authorization: Bearer`), every time from the
 * store: a session revoked on any instance, or a user disabled since login, is refused at once. Requests without a
 * valid session go on anonymous; the route guard decides.
 */
export function authenticate(store: Store) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const token = tokenOf(req);
      if (token !== undefined) {
        const tokenHash = hashToken(token);
        const session = await store.sessions.findActive(tokenHash, new Date());
        const user = session && (await store.users.findById(session.userId));
        if (user && !user.disabled) req.principal = { user, tokenHash };
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
