import {
  type AuthConfig,
  type LoginRequest,
  LoginRequestSchema,
  LogoutResponseSchema,
  SessionProbeQuerySchema,
  SessionSchema,
  SessionStateSchema,
  UserResponseSchema,
} from "@kcp/shared";
import type { UserRecord } from "@kcp/store";
import type { CookieOptions } from "express";
import { loginAdmission, loginAdmissionPolicy } from "../auth/login-admission.js";
import { SESSION_COOKIE } from "../auth/principal.js";
import type { GatewayContext } from "../context.js";
import { route } from "./route.js";
import { userView } from "./views.js";

/** The session cookie's options: every login sets the cookie so, whatever checked the password. */
export function cookieOptions(config: AuthConfig, expires?: Date): CookieOptions {
  return {
    httpOnly: true,
    sameSite: "strict",
    path: "/",
    secure: config.COOKIE_SECURE,
    ...(expires ? { expires } : {}),
  };
}

export function authRoutes({ login, sso, config }: Pick<GatewayContext, "login" | "sso" | "config">) {
  const admission = loginAdmission(loginAdmissionPolicy(config));
  return [
    route<LoginRequest, unknown, unknown, undefined, UserRecord>({
      method: "POST",
      path: "/api/v1/auth/login",
      operationId: "login",
      role: "anonymous",
      response: { status: 200, schema: SessionSchema },
      errors: ["invalid_credentials", "too_many_attempts"],
      summary: "Log in: a session token, also set as the service_session cookie",
      action: "auth.login",
      body: LoginRequestSchema,
      // The actor names the user when there is one; the typed username (perhaps a password) is not kept otherwise.
      auditRequest: () => ({}),
      audit: { target: ({ done }) => done?.username },
      async handle({ req, res, body }) {
        const address = req.ip ?? "";
        // A client that goes away while its login waits for a password check gives up its place in the line.
        const gone = new AbortController();
        const onClose = () => {
          if (!res.writableFinished) gone.abort();
        };
        res.once("close", onClose);
        const session = await admission
          .admit(address, () => login.login(body.username, body.password, address), gone.signal)
          .finally(() => res.off("close", onClose));
        res.cookie(SESSION_COOKIE, session.token, cookieOptions(config, session.expiresAt));
        return {
          status: 200,
          body: { user: userView(session.user), token: session.token, expiresAt: session.expiresAt.toISOString() },
          done: session.user,
        };
      },
    }),
    route({
      method: "POST",
      path: "/api/v1/auth/logout",
      operationId: "logout",
      access: { kind: "own" },
      role: "viewer",
      response: { status: 200, schema: LogoutResponseSchema },
      summary:
        "Log out: the session is revoked on every instance; a user of an OpenID provider also gets the provider's end-session URL",
      action: "auth.logout",
      audit: { target: ({ user, answered }) => (answered ? user.username : undefined) },
      async handle({ res, tokenHash, user }) {
        await login.logout(tokenHash);
        res.clearCookie(SESSION_COOKIE, cookieOptions(config));
        const endSessionUrl = user.source === undefined ? undefined : await sso.endSessionUrl(user.source);
        return { status: 200, body: { loggedOut: true, ...(endSessionUrl ? { endSessionUrl } : {}) } };
      },
    }),
    route({
      method: "GET",
      path: "/api/v1/auth/session",
      operationId: "probeSession",
      role: "anonymous",
      response: { status: 200, schema: SessionStateSchema },
      query: SessionProbeQuerySchema,
      summary:
        "Whether the request carries a valid session or token: its user, or null (200 either way, so a page that asks on load logs no error)",
      async handle({ user }) {
        return { status: 200, body: { user: user ? userView(user) : null } };
      },
    }),
    route({
      method: "GET",
      path: "/api/v1/auth/me",
      operationId: "getSession",
      access: { kind: "own" },
      role: "viewer",
      response: { status: 200, schema: UserResponseSchema },
      summary: "The user of the session",
      async handle({ user }) {
        return { status: 200, body: { user: userView(user) } };
      },
    }),
  ];
}
