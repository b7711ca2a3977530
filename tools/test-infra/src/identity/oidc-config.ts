/** What the test OpenID provider's process is started with (oidc-server-main.ts). */
export interface OidcServerConfig {
  issuer: string;
  port: number;
  /** The private RSA key (JWK, with its `kid`) the provider signs ID tokens with; its public half is the JWKS. */
  signingKey: Record<string, unknown>;
  clients: OidcTestClient[];
  accounts: OidcTestAccount[];
  /** The access tokens' lifetime (default 1 h). */
  accessTokenSeconds?: number;
}

export interface OidcTestClient {
  clientId: string;
  /** Absent: a public client (PKCE only). */
  clientSecret?: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
}

export interface OidcTestAccount {
  /** The account's `sub` and the username its login form takes. */
  id: string;
  password: string;
  /** Its claims beside `sub`: `groups`, `realm_access`, `preferred_username` … */
  claims: Record<string, unknown>;
}

/**
 * How the provider's token endpoint changes the ID tokens it gives, to prove a relying party refuses them: `aud` another
 * client, `iss` another issuer, `expired` (iat and exp an hour and more ago, signed with the provider's key),
 * `nonce` another nonce, `foreign-key` signed by a key not in the JWKS under a kid that is, `alg-none` unsigned.
 */
export type TamperMode = "none" | "aud" | "iss" | "expired" | "nonce" | "foreign-key" | "alg-none";
