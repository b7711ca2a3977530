import {
  type LdapLoginPath,
  LdapLoginPathSchema,
  type LoginRequest,
  LoginRequestSchema,
  SessionSchema,
} from "@kcp/shared";
import type { UserRecord } from "@kcp/store";
import { SESSION_COOKIE } from "../auth/principal.js";
import type { GatewayContext } from "../context.js";
import { cookieOptions } from "./auth-routes.js";
import { route } from "./route.js";
import { userView } from "./views.js";

/** LDAP and Active Directory login: the password login's answer and cookie, the password checked by a bind. */
export function ldapRoutes({ ldapLogin, config }: Pick<GatewayContext, "ldapLogin" | "config">) {
  return [
    route<LoginRequest, unknown, LdapLoginPath, undefined, UserRecord>({
      method: "POST",
      path: "/api/v1/auth/ldap/:provider/login",
      operationId: "ldapLogin",
      role: "anonymous",
      response: { status: 200, schema: SessionSchema },
      errors: ["invalid_credentials", "too_many_attempts", "not_found", "sso_unavailable"],
      summary:
        "Log in through an LDAP or Active Directory provider: a session token, also set as the service_session cookie",
      action: "auth.login",
      params: LdapLoginPathSchema,
      body: LoginRequestSchema,
      // The actor names the user when there is one; the typed username (perhaps a password) is not kept otherwise.
      auditRequest: () => ({}),
      audit: { target: ({ done }) => done?.username },
      async handle({ req, res, body, params }) {
        const session = await ldapLogin.login(params.provider, body.username, body.password, req.ip ?? "");
        res.cookie(SESSION_COOKIE, session.token, cookieOptions(config, session.expiresAt));
        return {
          status: 200,
          body: { user: userView(session.user), token: session.token, expiresAt: session.expiresAt.toISOString() },
          done: session.user,
        };
      },
    }),
  ];
}
