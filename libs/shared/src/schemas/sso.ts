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

/** The lowest and highest loopback port a sign-in of the command line may name: no privileged port. */
export const SSO_CLI_PORTS = { min: 1024, max: 65535 } as const;

/** A PKCE S256 challenge or verifier's alphabet (RFC 7636 §4.1: unreserved characters). */
const PKCE_CHARS = /^[A-Za-z0-9\-._~]+$/;

/** Printable ASCII: what RFC 6749 allows in a code, a state, an error and its description (VSCHAR, NQSCHAR). */
const printable = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[\x20-\x7e]*$/, "must be printable ASCII");

/**
 * The start of a sign-in: where to come back to afterwards (a path of this service; anything else returns to /); or,
 * for the command line (`cli` and `challenge` together), the loopback port its listener waits on and the S256 challenge
 * of its verifier: the callback then sends the browser to `http://127.0.0.1:<cli>/callback` with a one-time code.
 */
export const SsoStartQuerySchema = z.strictObject({
  returnTo: printable(2048).optional().describe("A path of this service (/…) to land on after the sign-in"),
  cli: z
    .preprocess(
      (value) => (value === "" ? Number.NaN : value),
      z.coerce.number<unknown>().int().min(SSO_CLI_PORTS.min).max(SSO_CLI_PORTS.max),
    )
    .optional()
    .describe(
      "A sign-in of the command line: the port (1024-65535) of its listener on 127.0.0.1, where the callback sends the one-time code (with challenge)",
    ),
  challenge: z
    .string()
    .length(43)
    .regex(PKCE_CHARS)
    .optional()
    .describe("With cli: BASE64URL(SHA-256(verifier)) of the command line's PKCE verifier (RFC 7636 S256)"),
});
export type SsoStartQuery = z.infer<typeof SsoStartQuerySchema>;

/**
 * The provider's answer as the browser brings it back (RFC 6749 §4.1.2, RFC 9207's iss); others are ignored. The
 * bounds keep the whole URL, percent-encoded at worst, within the 16 KiB Node.js reads of a request's head: a longer
 * one would be answered 431 before any route, outside the envelope. Providers' codes are far shorter than 2,048.
 */
export const SsoCallbackQuerySchema = z.object({
  code: printable(2048).optional(),
  state: printable(512).optional(),
  iss: printable(1024).optional(),
  error: printable(128).optional(),
  error_description: printable(512).optional(),
});
export type SsoCallbackQuery = z.infer<typeof SsoCallbackQuerySchema>;

/** A 302's body: where the browser is sent (also the Location header). */
export const RedirectResponseSchema = z.object({ location: z.string() });
export type RedirectResponse = z.infer<typeof RedirectResponseSchema>;

/**
 * POST /api/v1/auth/sso/cli-token: the command line's one-time code (from its loopback listener) and the PKCE verifier
 * whose S256 challenge started the sign-in.
 */
export const SsoCliTokenRequestSchema = z.strictObject({
  code: z.string().min(1).max(256).describe("The one-time code the callback sent to the command line's listener"),
  verifier: z
    .string()
    .min(43)
    .max(128)
    .regex(PKCE_CHARS)
    .describe("The PKCE verifier (RFC 7636) whose S256 challenge the sign-in was started with"),
});
export type SsoCliTokenRequest = z.infer<typeof SsoCliTokenRequestSchema>;
