import { z } from "zod";

/** GET /api/v1/auth/sso/{provider}/…: the OpenID provider's id (OIDC_PROVIDERS_FILE). */
export const SsoPathSchema = z.strictObject({
  provider: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,31}$/)
    .meta({ description: "The OpenID provider's id (OIDC_PROVIDERS_FILE)" }),
});
export type SsoPath = z.infer<typeof SsoPathSchema>;

/**
 * GET /api/v1/auth/providers: the identity providers one can sign in through, for "Sign in with …" buttons: the OpenID
 * providers, then the LDAP ones, each in its file's order.
 */
export const AuthProvidersResponseSchema = z.object({
  providers: z.array(
    z.object({
      id: z.string(),
      name: z.string().describe("What the button shows"),
      kind: z
        .enum(["oidc", "ldap"])
        .describe(
          "oidc: a redirect to GET /api/v1/auth/sso/{id}/start; ldap: a username and password sent to POST /api/v1/auth/ldap/{id}/login",
        ),
    }),
  ),
});
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponseSchema>;

/** The providers' list takes no query: anything sent is refused (400). */
export const AuthProvidersQuerySchema = z.strictObject({});

/** The start of a sign-in: where to come back to afterwards (a path of this service; anything else returns to /). */
export const SsoStartQuerySchema = z.strictObject({
  returnTo: z.string().max(2048).optional().describe("A path of this service (/…) to land on after the sign-in"),
});
export type SsoStartQuery = z.infer<typeof SsoStartQuerySchema>;

/** The provider's answer as the browser brings it back (RFC 6749 §4.1.2, RFC 9207's iss); others are ignored. */
export const SsoCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});
export type SsoCallbackQuery = z.infer<typeof SsoCallbackQuerySchema>;

/** A 302's body: where the browser is sent (also the Location header). */
export const RedirectResponseSchema = z.object({ location: z.string() });
export type RedirectResponse = z.infer<typeof RedirectResponseSchema>;
