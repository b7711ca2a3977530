import { createHash, timingSafeEqual } from "node:crypto";
import {
  AppError,
  federatedUsername,
  groupsFromClaims,
  hashToken,
  type Logger,
  newSessionToken,
  type OidcProvider,
  type SealedSecrets,
  type SecretBox,
  sameOriginPath,
} from "@kcp/shared";
import type { SessionRecord, SsoLoginRecord, Store, UserRecord } from "@kcp/store";
import * as oidc from "openid-client";
import { RateLimit } from "../http/limits.js";
import type { LoginResult } from "./login.js";

/** How long a sign-in may wait at the provider between its start and its callback. */
export const SSO_LOGIN_TTL_MS = 10 * 60_000;
/** Sign-ins in flight the store keeps at most (every provider together); past it a start is refused (429). */
export const SSO_LOGINS_IN_FLIGHT = 10_000;
/** How long the command line's one-time code may wait between the callback and its exchange. */
export const SSO_CLI_CODE_TTL_MS = 2 * 60_000;
/** The state under which a one-time code of the command line is kept: never a provider's state (base64url). */
const cliCodeKey = (code: string) => `cli-code:${hashToken(code)}`;
/** The only host the callback sends a command line's code to: the machine of the browser, never a request's choice. */
export const SSO_CLI_HOST = "127.0.0.1";

/** After a refresh the provider did not answer, how long a session keeps its groups before it asks again. */
export const SSO_RETRY_MS = 60_000;

export interface SsoConfig {
  LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: number;
  OIDC_REDIRECT_BASE_URL?: string | undefined;
  OIDC_TIMEOUT_MS: number;
  SESSION_TTL_HOURS: number;
}

export interface SsoStart {
  /** The provider's authorization URL (PKCE S256, state, nonce) to send the browser to. */
  location: string;
  /** The state, also set as the browser's binding cookie: the callback needs both. */
  state: string;
}

/** A sign-in of the command line as it starts: its listener's port on 127.0.0.1 and its verifier's S256 challenge. */
export interface SsoCliStart {
  port: number;
  challenge: string;
}

/** A browser's sign-in finished: its session, and where the browser goes next (a path of this service). */
export interface SsoBrowserFinish extends LoginResult {
  returnTo: string;
  provider: string;
  cliRedirect?: undefined;
}

/**
 * A command line's sign-in finished: no session yet, but a one-time code (single-use, SSO_CLI_CODE_TTL_MS, bound to
 * the challenge and the user) in `cliRedirect`, `http://127.0.0.1:<port>/callback?code=…`, where the browser goes next.
 */
export interface SsoCliFinish {
  user: UserRecord;
  provider: string;
  cliRedirect: string;
}

export type SsoFinish = SsoBrowserFinish | SsoCliFinish;

/** The session the command line gets for its code: the password login's answer. */
export interface SsoCliSession extends LoginResult {
  provider: string;
}

export interface SsoService {
  /** Resolves once the providers' file was read; rejects when it is invalid (the gateway does not start). */
  ready(): Promise<void>;
  /** The configured providers, in the file's order, for the console's "Sign in with …" buttons. */
  providers(): Promise<{ id: string; name: string }[]>;
  /** Refused (429) past the password login's rate per client address: a start keeps a record in the store. */
  start(providerId: string, returnTo: unknown, clientAddress: string, cli?: SsoCliStart): Promise<SsoStart>;
  /**
   * Checks the provider's answer (`callbackUrl`: the callback as requested) against the sign-in in flight of its
   * state, taken out once, and the browser's binding cookie; exchanges the code; checks the ID token; makes the user
   * and the session (or, for the command line, its one-time code).
   */
  finish(providerId: string, callbackUrl: URL, boundState: string | undefined): Promise<SsoFinish>;
  /**
   * The command line's one-time code exchanged for a new session: the code taken out once (a replay finds nothing),
   * refused when older than SSO_CLI_CODE_TTL_MS or when S256(verifier) is not the challenge it was started with.
   */
  exchangeCliCode(code: string, verifier: string): Promise<SsoCliSession>;
  /**
   * The session's user with its groups read again from the provider when the provider's refresh interval has passed
   * since they were last read; undefined when the session must end (the provider refused the refresh).
   */
  refreshed(session: SessionRecord, user: UserRecord): Promise<UserRecord | undefined>;
  /** The provider's end-session URL (RP-initiated logout), when it has one. */
  endSessionUrl(providerId: string): Promise<string | undefined>;
}

const refused = (message: string) =>
  new AppError("sso_failed", `The sign-in through the identity provider failed: ${message}`);

/** Whether a failure of openid-client is the provider not answering (time out, connection refused), not a refusal. */
function isUnavailable(error: unknown): boolean {
  if (error instanceof oidc.ClientError) return error.code === "OAUTH_TIMEOUT" || error.code === "OAUTH_ABORT";
  if (error instanceof TypeError) return (error as { code?: unknown }).code === undefined;
  return error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
}

/** What a refusal says: the OAuth error code, or what the check found wrong (never a token or a secret). */
function reasonOf(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError) return `the provider answered ${error.error}`;
  if (error instanceof oidc.AuthorizationResponseError) return `the provider answered ${error.error}`;
  if (error instanceof oidc.ClientError) {
    const cause = error.cause instanceof Error ? error.cause.message : undefined;
    return (cause ?? error.message).slice(0, 200);
  }
  return error instanceof Error ? error.message.slice(0, 200) : "unknown error";
}

/**
 * The provider's failure as our refusal: 502 sso_unavailable when it did not answer within OIDC_TIMEOUT_MS, 401
 * sso_failed with the reason otherwise.
 */
function providerFailure(provider: OidcProvider, error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isUnavailable(error))
    return new AppError("sso_unavailable", `The identity provider ${provider.name} did not answer in time`);
  return refused(reasonOf(error));
}

/** Reads each provider's discovery document once, every call bounded by `timeoutMs`; a failed read is tried again. */
class ProviderConfigurations {
  private readonly found = new Map<string, Promise<oidc.Configuration>>();
  private readonly bounded: oidc.CustomFetch;

  constructor(timeoutMs: number) {
    this.bounded = (url, options) =>
      fetch(url, {
        ...(options as RequestInit),
        signal: AbortSignal.any([...(options.signal ? [options.signal] : []), AbortSignal.timeout(timeoutMs)]),
      });
  }

  of(provider: OidcProvider): Promise<oidc.Configuration> {
    let found = this.found.get(provider.id);
    if (!found) {
      const auth = provider.clientSecret === undefined ? oidc.None() : oidc.ClientSecretBasic(provider.clientSecret);
      found = oidc
        .discovery(new URL(provider.issuer), provider.clientId, undefined, auth, {
          [oidc.customFetch]: this.bounded,
          // The ID token's signature checked against the issuer's JWKS even when it comes straight from the token
          // endpoint, where OpenID Connect lets a client rely on TLS alone.
          execute: [oidc.enableNonRepudiationChecks, ...(provider.allowHttp ? [oidc.allowInsecureRequests] : [])],
        })
        .then((configuration) => {
          configuration[oidc.customFetch] = this.bounded;
          return configuration;
        });
      this.found.set(provider.id, found);
      found.catch(() => this.found.delete(provider.id));
    }
    return found;
  }
}

/** The provider's tokens a session keeps to read the groups again (never the ID token). */
const keptTokens = (response: { refresh_token?: string | undefined; access_token?: string | undefined }) => ({
  ...(response.refresh_token ? { refresh_token: response.refresh_token } : {}),
  ...(response.access_token ? { access_token: response.access_token } : {}),
});

/**
 * OpenID Connect sign-in (authorization code with PKCE S256, state and nonce) through panva's openid-client, an
 * OpenID Certified relying party: discovery from the configured issuer only, the ID token's signature checked against
 * the issuer's JWKS, and its iss, aud, azp, exp, iat and nonce checked by the library, never by hand. Each call to a
 * provider is bounded by OIDC_TIMEOUT_MS.
 */
class OidcSignIn implements SsoService {
  private readonly log: Logger;
  private readonly byId: Promise<Map<string, OidcProvider>>;
  private readonly configurations: ProviderConfigurations;
  private readonly refreshing = new Map<string, Promise<UserRecord | undefined>>();
  private readonly perAddressRate: RateLimit;

  constructor(
    private readonly store: Store,
    private readonly box: SecretBox,
    private readonly config: SsoConfig,
    loaded: Promise<OidcProvider[]>,
    logger: Logger,
  ) {
    this.log = logger.child({ component: "sso" });
    this.byId = loaded.then((providers) => new Map(providers.map((p) => [p.id, p])));
    // A rejected file is reported by ready(); until then nothing else waits on it unhandled.
    this.byId.catch(() => undefined);
    this.configurations = new ProviderConfigurations(config.OIDC_TIMEOUT_MS);
    this.perAddressRate = new RateLimit(config.LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE);
  }

  private redirectUri(provider: OidcProvider): string {
    return `${this.config.OIDC_REDIRECT_BASE_URL}/api/v1/auth/sso/${provider.id}/callback`;
  }

  private async providerOf(id: string): Promise<OidcProvider> {
    const provider = (await this.byId).get(id);
    if (!provider) throw new AppError("not_found", `No identity provider ${id}`);
    return provider;
  }

  private sealed(tokens: Record<string, string>) {
    return Object.keys(tokens).length > 0 ? { tokens: this.box.seal(tokens) } : {};
  }

  /** A session of `user`, keeping the provider's sealed tokens; its groups were read from the provider at `checkedAt`. */
  private async newSession(
    user: UserRecord,
    provider: OidcProvider,
    sealed: { tokens?: SealedSecrets },
    checkedAt = new Date(),
  ) {
    const now = new Date();
    const token = newSessionToken();
    const expiresAt = new Date(now.getTime() + this.config.SESSION_TTL_HOURS * 3_600_000);
    await this.store.sessions.create({
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt,
      federation: { provider: provider.id, ...sealed, checkedAt },
    });
    return { token, expiresAt };
  }

  /** Keeps the command line's one-time code of `user` for `login`; the browser's redirect to its listener. */
  private async cliRedirect(login: SsoLoginRecord, cli: SsoCliStart, user: UserRecord, tokens: Record<string, string>) {
    const code = newSessionToken();
    const now = new Date();
    const kept = await this.store.ssoLogins.create(
      {
        state: cliCodeKey(code),
        nonce: "",
        codeVerifier: "",
        provider: login.provider,
        returnTo: "/",
        cli,
        grant: { userId: user.id, ...this.sealed(tokens) },
        createdAt: now,
        expiresAt: new Date(now.getTime() + SSO_CLI_CODE_TTL_MS),
      },
      SSO_LOGINS_IN_FLIGHT,
    );
    if (!kept) throw refused("too many sign-ins are in flight; start again in a minute");
    return `http://${SSO_CLI_HOST}:${cli.port}/callback?code=${encodeURIComponent(code)}`;
  }

  async ready() {
    await this.byId;
  }

  async providers() {
    return [...(await this.byId).values()].map(({ id, name }) => ({ id, name }));
  }

  async start(providerId: string, returnTo: unknown, clientAddress: string, cli?: SsoCliStart): Promise<SsoStart> {
    const provider = await this.providerOf(providerId);
    const wait = this.perAddressRate.take(clientAddress);
    if (wait > 0) {
      throw new AppError("too_many_attempts", `Too many sign-ins from your address; try again in ${wait} s`, {
        headers: { "Retry-After": String(wait) },
      });
    }
    const configuration = await this.configurations.of(provider).catch((error: unknown) => {
      throw providerFailure(provider, error);
    });
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const now = new Date();
    const login = {
      state,
      nonce,
      codeVerifier,
      provider: provider.id,
      returnTo: sameOriginPath(returnTo),
      ...(cli ? { cli: { port: cli.port, challenge: cli.challenge } } : {}),
    };
    const expiresAt = new Date(now.getTime() + SSO_LOGIN_TTL_MS);
    if (!(await this.store.ssoLogins.create({ ...login, createdAt: now, expiresAt }, SSO_LOGINS_IN_FLIGHT))) {
      throw new AppError("too_many_attempts", "Too many sign-ins are in flight; try again in a minute", {
        headers: { "Retry-After": "60" },
      });
    }
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri(provider),
      scope: provider.scopes.join(" "),
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
      state,
      nonce,
    });
    return { location: url.href, state };
  }

  async finish(providerId: string, callbackUrl: URL, boundState: string | undefined): Promise<SsoFinish> {
    const provider = await this.providerOf(providerId);
    const state = callbackUrl.searchParams.get("state");
    if (!state) throw refused("the answer has no state");
    // Taken out before anything else: a replayed state finds nothing, whatever happens next.
    const login = await this.store.ssoLogins.consume(state, new Date());
    if (!login || login.grant || login.provider !== provider.id)
      throw refused("the sign-in is unknown, used or expired; start again");
    if (boundState !== state) throw refused("the sign-in was started in another browser; start again");
    let response: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      const configuration = await this.configurations.of(provider);
      const current = new URL(this.redirectUri(provider));
      current.search = callbackUrl.search;
      response = await oidc.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: login.codeVerifier,
        expectedState: state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw providerFailure(provider, error);
    }
    const claims = response.claims() as Record<string, unknown> | undefined;
    if (!claims || typeof claims.sub !== "string") throw refused("the ID token names no subject");
    const groups = groupsFromClaims(claims, provider.groupsClaim, provider.id);
    const username = federatedUsername(provider.id, claims.sub);
    const user = await this.store.users.upsertFederated({ source: provider.id, username, groups }).catch((error) => {
      throw error instanceof AppError && error.code === "conflict" ? refused(error.message) : error;
    });
    if (user.disabled) throw refused("this user is disabled here");
    if (login.cli) {
      const cliRedirect = await this.cliRedirect(login, login.cli, user, keptTokens(response));
      return { user, provider: provider.id, cliRedirect };
    }
    const session = await this.newSession(user, provider, this.sealed(keptTokens(response)));
    return { user, ...session, returnTo: sameOriginPath(login.returnTo), provider: provider.id };
  }

  async exchangeCliCode(code: string, verifier: string): Promise<SsoCliSession> {
    const now = new Date();
    // Taken out before anything is checked: a code is tried once, whatever the verifier.
    const login = await this.store.ssoLogins.consume(cliCodeKey(code), now);
    const grant = login?.grant;
    if (!login || !grant || !login.cli || now.getTime() - login.createdAt.getTime() > SSO_CLI_CODE_TTL_MS)
      throw refused("the code is unknown, used or expired; run kcp login --sso again");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const expected = Buffer.from(login.cli.challenge);
    if (expected.length !== challenge.length || !timingSafeEqual(expected, Buffer.from(challenge)))
      throw refused("the verifier does not match the challenge the sign-in was started with");
    const provider = (await this.byId).get(login.provider);
    if (!provider) throw refused("the provider is no longer configured");
    const user = await this.store.users.findById(grant.userId);
    if (!user || user.disabled) throw refused("this user is disabled here");
    const sealed = grant.tokens ? { tokens: grant.tokens } : {};
    const session = await this.newSession(user, provider, sealed, login.createdAt);
    return { user, ...session, provider: provider.id };
  }

  async refreshed(session: SessionRecord, user: UserRecord): Promise<UserRecord | undefined> {
    const federation = session.federation;
    if (!federation) return user;
    const provider = (await this.byId).get(federation.provider);
    const due = provider === undefined || Date.now() - federation.checkedAt.getTime() >= provider.refreshSeconds * 1000;
    if (!due) return user;
    // One refresh per session at a time in this instance: concurrent requests share it.
    let running = this.refreshing.get(session.tokenHash);
    if (!running) {
      running = this.refresh(session, user, provider).finally(() => this.refreshing.delete(session.tokenHash));
      this.refreshing.set(session.tokenHash, running);
    }
    return running;
  }

  async endSessionUrl(providerId: string): Promise<string | undefined> {
    const provider = (await this.byId).get(providerId);
    if (!provider) return undefined;
    const configuration = await this.configurations.of(provider).catch(() => undefined);
    if (!configuration?.serverMetadata().end_session_endpoint) return undefined;
    return oidc.buildEndSessionUrl(configuration, { client_id: provider.clientId }).href;
  }

  /** The claims a refresh reads: the refreshed ID token's, else userinfo's. */
  private async refreshedClaims(provider: OidcProvider, tokens: Record<string, string>) {
    const configuration = await this.configurations.of(provider);
    if (tokens.refresh_token) {
      const response = await oidc.refreshTokenGrant(configuration, tokens.refresh_token);
      const claims =
        response.claims() ?? (await oidc.fetchUserInfo(configuration, response.access_token, oidc.skipSubjectCheck));
      return { claims: claims as Record<string, unknown>, tokens: { ...tokens, ...keptTokens(response) } };
    }
    if (tokens.access_token) {
      const claims = await oidc.fetchUserInfo(configuration, tokens.access_token, oidc.skipSubjectCheck);
      return { claims: claims as Record<string, unknown>, tokens };
    }
    throw refused("the provider gave neither a refresh token nor an access token to read the groups again");
  }

  private async refresh(
    session: SessionRecord,
    user: UserRecord,
    provider: OidcProvider | undefined,
  ): Promise<UserRecord | undefined> {
    const federation = session.federation as NonNullable<SessionRecord["federation"]>;
    const now = new Date();
    const end = async (why: string) => {
      this.log.info(
        { provider: federation.provider, user: user.username, reason: why },
        "sso session ended at refresh",
      );
      await this.store.sessions.revoke(session.tokenHash, now);
      return undefined;
    };
    if (!provider) return end("the provider is no longer configured");
    try {
      const opened = federation.tokens ? this.box.open(federation.tokens) : {};
      const { claims, tokens } = await this.refreshedClaims(provider, opened);
      if (typeof claims.sub !== "string" || federatedUsername(provider.id, claims.sub) !== user.username) {
        return end("the refreshed subject is another user");
      }
      const groups = groupsFromClaims(claims, provider.groupsClaim, provider.id);
      const updated = await this.store.users.upsertFederated({ source: provider.id, username: user.username, groups });
      await this.store.sessions.updateFederation(session.tokenHash, {
        provider: provider.id,
        ...this.sealed(tokens),
        checkedAt: now,
      });
      return updated;
    } catch (error) {
      if (!isUnavailable(error)) return end(reasonOf(error));
      // The provider did not answer: the session keeps its groups and asks again in a minute.
      this.log.warn({ provider: provider.id, user: user.username }, "sso group refresh: the provider did not answer");
      const retryAt = now.getTime() - provider.refreshSeconds * 1000 + SSO_RETRY_MS;
      await this.store.sessions.updateFederation(session.tokenHash, { ...federation, checkedAt: new Date(retryAt) });
      return user;
    }
  }
}

/** The gateway's single sign-on over the OpenID providers of `loaded` (OIDC_PROVIDERS_FILE, read at the start). */
export function ssoService(
  store: Store,
  box: SecretBox,
  config: SsoConfig,
  loaded: Promise<OidcProvider[]>,
  logger: Logger,
): SsoService {
  return new OidcSignIn(store, box, config, loaded, logger);
}
