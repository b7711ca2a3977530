import { API_TOKEN_PREFIX, hashToken, type Role, roleRank } from "@kcp/shared";
import type { Store, UserRecord } from "@kcp/store";
import type { NextFunction, Request, Response } from "express";
import { SESSION_COOKIE } from "./principal.js";

/** A token's last use is written at most this often (one write per minute, not per request). */
const LAST_USE_PRECISION_MS = 60_000;

function bearerOf(req: Request): string | undefined {
  // The scheme is case-insensitive (RFC 7235 §2.1): "bearer", "Bearer" and "BEARER" all name it.
  return /^bearer +(\S+) *$/i.exec(req.get("authorization") ?? "")?.[1];
}

function tokenOf(req: Request): string | undefined {
  const bearer = bearerOf(req);
  if (bearer) return bearer;
  const cookie = (req.cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE];
  return typeof cookie === "string" && cookie !== "" ? cookie : undefined;
}

const lower = (a: Role, b: Role): Role => (roleRank(a) <= roleRank(b) ? a : b);

async function sessionPrincipal(store: Store, tokenHash: string, now: Date) {
  const session = await store.sessions.findActive(tokenHash, now);
  const user = session && (await store.users.findById(session.userId));
  return user && !user.disabled ? { user, tokenHash } : undefined;
}

/** An API token acts as its owner, with the token's role capped at the owner's current one. */
async function apiTokenPrincipal(store: Store, tokenHash: string, now: Date) {
  const token = await store.apiTokens.findActiveByHash(tokenHash, now);
  const owner = token && (await store.users.findById(token.ownerId));
  if (!token || !owner || owner.disabled) return undefined;
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= LAST_USE_PRECISION_MS) {
    await store.apiTokens.touch(token.id, now);
  }
  const user: UserRecord = { ...owner, role: lower(token.role, owner.role) };
  return { user, tokenHash, apiToken: { id: token.id, name: token.name } };
}

/**
 * Resolves the credential of a request — the cookie `service_session`, or `Authorization: Bearer` with a session token
 * or an API token (`kcp_...`) — every time from the store: a session or token revoked on any instance, or a user
 * disabled since, is refused at once. Requests without a valid credential go on anonymous; the route guard decides
 * (401). The CSRF header check (`X-Service-Request: 1` on every non-GET request) comes after this, for every
 * credential alike.
 */
export function authenticate(store: Store) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const token = tokenOf(req);
      if (token !== undefined) {
        const tokenHash = hashToken(token);
        const now = new Date();
        const principal = token.startsWith(API_TOKEN_PREFIX)
          ? await apiTokenPrincipal(store, tokenHash, now)
          : await sessionPrincipal(store, tokenHash, now);
        if (principal) req.principal = principal;
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
