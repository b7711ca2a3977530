import { AppError, type SealedSecrets } from "@kcp/shared";

/**
 * A user of an identity provider, as the provider names it: the store keeps it under `username`
 * (`<source>:<subject>`, see `federatedUsername` in @kcp/shared), with the provider's id as `source` and its groups
 * (`<source>:<group>`) as of its last sign-in or refresh. It has no password and no role of its own.
 */
export interface FederatedUser {
  source: string;
  username: string;
  groups: string[];
}

/** The refusal of a provider's user whose name is held by a local user or another provider's user. */
export const federatedConflict = (user: FederatedUser) =>
  new AppError("conflict", `The name ${user.username} belongs to a user that does not sign in through ${user.source}`);

/**
 * A sign-in through an OpenID provider in flight, between the redirect to the provider and its callback: what the
 * callback checks the provider's answer against. Single-use and short-lived: `consume` takes it out atomically.
 */
export interface SsoLoginRecord {
  /** The `state` sent to the provider: the key. */
  state: string;
  nonce: string;
  /** The PKCE verifier whose S256 challenge was sent. */
  codeVerifier: string;
  /** The provider's id in the configuration. */
  provider: string;
  /** Where to go after the sign-in: a same-origin path, checked again at the callback. */
  returnTo: string;
  /**
   * A sign-in of the command line: the port of its listener on 127.0.0.1 and the S256 challenge of its PKCE verifier.
   * Its callback keeps a one-time code (a record of its own, see `grant`) instead of making a session.
   */
  cli?: { port: number; challenge: string };
  /**
   * The one-time code of a command line's finished sign-in, kept under the state `cli-code:<SHA-256 of the code>`:
   * the user signed in and the provider's tokens (sealed), until the command line exchanges the code with its verifier.
   */
  grant?: { userId: string; tokens?: SealedSecrets };
  createdAt: Date;
  expiresAt: Date;
}

export interface SsoLoginRepository {
  /**
   * Keeps the login unless `maxInFlight` unexpired logins are kept already (then returns false and keeps nothing);
   * forgets expired ones. The count is approximate across instances of the MongoDB adapter.
   */
  create(login: SsoLoginRecord, maxInFlight: number): Promise<boolean>;
  /**
   * Takes the login of `state` out: of any number of concurrent consumers of one state, on any number of instances,
   * at most one gets it; an expired login is never returned. A state consumed once is unknown afterwards.
   */
  consume(state: string, now: Date): Promise<SsoLoginRecord | undefined>;
}

/** What a session made by a provider's sign-in keeps to refresh its user's groups from the provider. */
export interface SessionFederation {
  /** The provider's id in the configuration. */
  provider: string;
  /**
   * The provider's tokens that read the user's groups again (`refresh_token`, `access_token` for userinfo), sealed with
   * the service's secret box; absent when the provider gave neither.
   */
  tokens?: SealedSecrets;
  /** When the user's groups were last read from the provider. */
  checkedAt: Date;
}
