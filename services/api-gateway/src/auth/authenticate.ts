import {
  type AccessIndex,
  API_TOKEN_PREFIX,
  type CompiledBinding,
  hashToken,
  type Principal,
  principalBindings,
  type Role,
  roleRank,
} from "@kcp/shared";
import type { Store, UserRecord } from "@kcp/store";
import type { NextFunction, Request, Response } from "express";
import type { AccessBook } from "./access-book.js";
import type { SsoService } from "./oidc-login.js";
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

/**
 * What decisions read of a user: a local user's role (a binding on everything), and the bindings of the user and its
 * groups; an API token's `cap` lowers each of them to the token's role.
 */
export function accessOf(index: AccessIndex, user: UserRecord, cap?: Role): Principal {
  const bindings = principalBindings(index, user.username, user.groups ?? []);
  const capRank = cap === undefined ? undefined : roleRank(cap);
  const capped =
    capRank === undefined
      ? bindings
      : bindings.map(
          (binding): CompiledBinding =>
            binding.rank <= capRank ? binding : { ...binding, role: cap as Role, rank: capRank },
        );
  return { username: user.username, ...(user.source === undefined ? { role: user.role } : {}), bindings: capped };
}

/** A session of an identity provider's sign-in reads its user's groups again when they are due (SsoService). */
type GroupRefresh = Pick<SsoService, "refreshed">;

async function sessionPrincipal(store: Store, index: AccessIndex, tokenHash: string, now: Date, sso?: GroupRefresh) {
  const session = await store.sessions.findActive(tokenHash, now);
  const found = session && (await store.users.findById(session.userId));
  const user = found && session.federation && sso ? await sso.refreshed(session, found) : found;
  return user && !user.disabled ? { user, tokenHash, access: accessOf(index, user) } : undefined;
}

/** An API token acts as its owner, with the token's role capped at the owner's current one. */
async function apiTokenPrincipal(store: Store, index: AccessIndex, tokenHash: string, now: Date) {
  const token = await store.apiTokens.findActiveByHash(tokenHash, now);
  const owner = token && (await store.users.findById(token.ownerId));
  if (!token || !owner || owner.disabled) return undefined;
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= LAST_USE_PRECISION_MS) {
    await store.apiTokens.touch(token.id, now);
  }
  const user: UserRecord = { ...owner, role: lower(token.role, owner.role) };
  return { user, tokenHash, apiToken: { id: token.id, name: token.name }, access: accessOf(index, user, token.role) };
}

/**
 * Resolves the credential of a request — the cookie `service_session`, or `Authorization: Bearer` with a session token
 * or an API token (`kcp_...`) — every time from the store: a session or token revoked on any instance, or a user
 * disabled since, is refused at once. Requests without a valid credential go on anonymous; the route guard decides
 * (401). The CSRF header check (`X-Service-Request: 1` on every non-GET request) comes after this, for every
 * credential alike.
 */
export function authenticate(store: Store, access: AccessBook, sso?: GroupRefresh) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const token = tokenOf(req);
      if (token !== undefined) {
        const tokenHash = hashToken(token);
        const now = new Date();
        const index = await access.index();
        const principal = token.startsWith(API_TOKEN_PREFIX)
          ? await apiTokenPrincipal(store, index, tokenHash, now)
          : await sessionPrincipal(store, index, tokenHash, now, sso);
        if (principal) req.principal = principal;
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
