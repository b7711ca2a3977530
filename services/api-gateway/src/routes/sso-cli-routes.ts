import { SessionSchema, type SsoCliTokenRequest, SsoCliTokenRequestSchema } from "@kcp/shared";
import type { UserRecord } from "@kcp/store";
import type { GatewayContext } from "../context.js";
import { route } from "./route.js";
import { userView } from "./views.js";

/**
 * The command line's single sign-on (RFC 8252's loopback redirect): the one-time code its listener on 127.0.0.1 was
 * sent by the callback, exchanged with the PKCE verifier of the challenge it started with for a session of its own,
 * the password login's answer. No cookie: the command line keeps the token in its context.
 */
export function ssoCliRoutes({ sso }: Pick<GatewayContext, "sso">) {
  return [
    route<SsoCliTokenRequest, unknown, unknown, undefined, UserRecord & { provider: string }>({
      method: "POST",
      path: "/api/v1/auth/sso/cli-token",
      operationId: "exchangeSsoCliCode",
      role: "anonymous",
      response: { status: 200, schema: SessionSchema },
      errors: ["sso_failed"],
      summary:
        "The command line's sign-in through an OpenID provider: its one-time code and PKCE verifier exchanged for a session token (kcp login --sso)",
      action: "auth.login",
      body: SsoCliTokenRequestSchema,
      // Neither the code nor the verifier is kept: the entry names the user and the provider.
      auditRequest: () => ({}),
      audit: {
        target: ({ done }) => done?.username,
        read: ({ done }) => (done ? { provider: done.provider, cli: true } : { cli: true }),
      },
      async handle({ body }) {
        const session = await sso.exchangeCliCode(body.code, body.verifier);
        return {
          status: 200,
          body: { user: userView(session.user), token: session.token, expiresAt: session.expiresAt.toISOString() },
          done: { ...session.user, provider: session.provider },
        };
      },
    }),
  ];
}
