import {
  AppError,
  AuthProvidersQuerySchema,
  AuthProvidersResponseSchema,
  type RedirectResponse,
  RedirectResponseSchema,
  type SsoCallbackQuery,
  SsoCallbackQuerySchema,
  type SsoPath,
  SsoPathSchema,
  type SsoStartQuery,
  SsoStartQuerySchema,
} from "@kcp/shared";
import type { UserRecord } from "@kcp/store";
import type { CookieOptions } from "express";
import { SSO_LOGIN_TTL_MS } from "../auth/oidc-login.js";
import { SESSION_COOKIE } from "../auth/principal.js";
import type { GatewayContext } from "../context.js";
import { cookieOptions } from "./auth-routes.js";
import { route } from "./route.js";

/**
 * The browser that started a sign-in: its state, in a cookie only this browser sends back, so a callback carrying
 * someone else's code and state (login CSRF) is refused. Lax: the provider's redirect back is a cross-site navigation.
 */
export const SSO_STATE_COOKIE = "service_sso_state";
const SSO_PATH = "/api/v1/auth/sso";

function stateCookieOptions(secure: boolean, maxAge?: number): CookieOptions {
  return { httpOnly: true, sameSite: "lax", path: SSO_PATH, secure, ...(maxAge === undefined ? {} : { maxAge }) };
}

/**
 * Single sign-on with OpenID Connect: the providers' list, the redirect to a provider, and its callback, which makes
 * the session a password login makes (the `service_session` cookie) and returns the browser to a path of this service.
 */
export function ssoRoutes({ sso, ldapLogin, config }: Pick<GatewayContext, "sso" | "ldapLogin" | "config">) {
  return [
    route({
      method: "GET",
      path: "/api/v1/auth/providers",
      operationId: "listAuthProviders",
      role: "anonymous",
      response: { status: 200, schema: AuthProvidersResponseSchema },
      query: AuthProvidersQuerySchema,
      summary: "The identity providers one can sign in through (for the console's Sign in with … buttons)",
      async handle() {
        const openId = (await sso.providers()).map((p) => ({ ...p, kind: "oidc" as const }));
        const directories = ldapLogin.providers().map((p) => ({ id: p.id, name: p.name, kind: "ldap" as const }));
        return { status: 200, body: { providers: [...openId, ...directories] } };
      },
    }),
    route<unknown, SsoStartQuery, SsoPath>({
      method: "GET",
      path: `${SSO_PATH}/:provider/start`,
      operationId: "startSso",
      role: "anonymous",
      response: { status: 302, schema: RedirectResponseSchema },
      errors: ["not_found", "sso_unavailable", "too_many_attempts", "validation_failed"],
      summary:
        "Sign in through an OpenID provider: a redirect to it (authorization code with PKCE S256, state and nonce); it comes back to the callback (for the command line, cli and challenge: then to its loopback listener with a one-time code)",
      params: SsoPathSchema,
      query: SsoStartQuerySchema,
      async handle({ req, res, params, query }) {
        if ((query.cli === undefined) !== (query.challenge === undefined))
          throw new AppError("validation_failed", "cli and challenge go together: the command line sends both");
        const cli = query.cli === undefined ? undefined : { port: query.cli, challenge: query.challenge as string };
        const started = await sso.start(params.provider, query.returnTo, req.ip ?? "", cli);
        res.cookie(SSO_STATE_COOKIE, started.state, stateCookieOptions(config.COOKIE_SECURE, SSO_LOGIN_TTL_MS));
        res.location(started.location);
        return { status: 302, body: { location: started.location } satisfies RedirectResponse };
      },
    }),
    route<unknown, SsoCallbackQuery, SsoPath, undefined, UserRecord>({
      method: "GET",
      path: `${SSO_PATH}/:provider/callback`,
      operationId: "finishSso",
      role: "anonymous",
      response: { status: 302, schema: RedirectResponseSchema },
      errors: ["not_found", "sso_failed", "sso_unavailable"],
      summary:
        "Where the OpenID provider sends the browser back: the code exchanged, the ID token checked, the session made (service_session cookie), then a redirect to returnTo; for a sign-in of the command line, no cookie but a redirect to http://127.0.0.1:<cli>/callback with a one-time code",
      action: "auth.login",
      // A sign-in is audited like a password login (success and refusal), although it is a GET.
      auditRead: true,
      params: SsoPathSchema,
      query: SsoCallbackQuerySchema,
      audit: {
        target: ({ done }) => done?.username,
        read: ({ params, done }) => ({
          provider: params.provider,
          ...(done ? { groups: done.groups?.length ?? 0 } : {}),
        }),
      },
      async handle({ req, res, params }) {
        const bound = (req.cookies as Record<string, unknown> | undefined)?.[SSO_STATE_COOKIE];
        res.clearCookie(SSO_STATE_COOKIE, stateCookieOptions(config.COOKIE_SECURE));
        const callbackUrl = new URL(req.originalUrl, "http://callback.invalid");
        const session = await sso.finish(params.provider, callbackUrl, typeof bound === "string" ? bound : undefined);
        if (session.cliRedirect !== undefined) {
          res.location(session.cliRedirect);
          return {
            status: 302,
            body: { location: session.cliRedirect } satisfies RedirectResponse,
            done: session.user,
          };
        }
        res.cookie(SESSION_COOKIE, session.token, cookieOptions(config, session.expiresAt));
        res.location(session.returnTo);
        return { status: 302, body: { location: session.returnTo } satisfies RedirectResponse, done: session.user };
      },
    }),
  ];
}
