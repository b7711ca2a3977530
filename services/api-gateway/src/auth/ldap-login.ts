import {
  AppError,
  type AuthConfig,
  federatedUsername,
  type LdapProvider,
  type Logger,
  MAX_FEDERATED_GROUPS,
  MAX_GROUP_NAME,
} from "@kcp/shared";
import type { Store } from "@kcp/store";
import { ConcurrencyLimit, RateLimit } from "../http/limits.js";
import { LdapDirectory, LdapUnavailable } from "./ldap-directory.js";
import { type LoginResult, openSession, reserveLoginAttempt, throttleKey } from "./login.js";
import { CONTRACT_THROTTLE_POLICY, type ThrottlePolicy } from "./throttle.js";

/** A provider as a sign-in page lists it. */
export interface LdapProviderView {
  id: string;
  name: string;
}

export interface LdapLoginService {
  /** The configured providers, in the file's order. */
  providers(): LdapProviderView[];
  login(provider: string, username: string, password: string, clientAddress: string): Promise<LoginResult>;
}

/**
 * The name an LDAP user is known by: the typed name in lower case, since LDAP's `uid` and Active Directory's
 * `sAMAccountName` match without case (`Dev1` and `dev1` are one user, with one throttle and one record).
 */
export const ldapSubject = (username: string) => username.toLowerCase();

/**
 * LDAP login: the same throttle, the same answers and the same session as a password login. The attempt is reserved
 * against the throttle (per provider, name and client address) before the server is asked; a wrong password, an
 * unknown user, an unusable name, an empty password and a disabled user all give 401 invalid_credentials; a server
 * that cannot answer within LDAP_TIMEOUT_MS gives 502 sso_unavailable (and counts as a failed attempt). The user is
 * then kept as a provider's user (`<provider>:<name>`) with the groups found this time, each `<provider>:<group>`.
 *
 * Before anything, one client address is held to the password login's bounds per instance
 * (LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE, LOGIN_CONCURRENT_PER_ADDRESS; else 429 at once), so that one address cannot
 * make the gateway open connections to the directory at will, nor pile them up on a server that does not answer.
 */
export function ldapLoginService(
  store: Store,
  config: AuthConfig & { LDAP_TIMEOUT_MS: number },
  providers: LdapProvider[],
  logger: Pick<Logger, "warn">,
  policy: ThrottlePolicy = CONTRACT_THROTTLE_POLICY,
): LdapLoginService {
  const byId = new Map(providers.map((p) => [p.id, p]));
  const directory = new LdapDirectory(config.LDAP_TIMEOUT_MS);
  const perAddressRate = new RateLimit(config.LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE);
  const perAddress = new ConcurrencyLimit(config.LOGIN_CONCURRENT_PER_ADDRESS);
  const busy = (message: string, retryAfterSeconds: number) =>
    new AppError("too_many_attempts", message, { headers: { "Retry-After": String(retryAfterSeconds) } });
  /** The login itself, once the client address is within its bounds. */
  async function checked(provider: LdapProvider, username: string, password: string, clientAddress: string) {
    const name = federatedUsername(provider.id, ldapSubject(username));
    const key = throttleKey(name, clientAddress);
    const reservationId = await reserveLoginAttempt(store, key, policy);
    let answer: Awaited<ReturnType<LdapDirectory["authenticate"]>>;
    try {
      answer = await directory.authenticate(provider, username, password);
    } catch (error) {
      if (!(error instanceof LdapUnavailable)) throw error;
      logger.warn({ provider: provider.id, reason: error.message }, "LDAP login: the server did not answer");
      throw new AppError("sso_unavailable", `The LDAP server of ${provider.id} did not answer`);
    }
    if (answer.kind === "refused") throw new AppError("invalid_credentials");
    const groups = answer.groups.filter((g) => g.length <= MAX_GROUP_NAME).slice(0, MAX_FEDERATED_GROUPS);
    const user = await store.users.upsertFederated({ source: provider.id, username: name, groups });
    if (user.disabled) throw new AppError("invalid_credentials");
    await store.loginAttempts.markSucceeded(key, reservationId);
    return openSession(store, config, user);
  }

  return {
    providers: () => providers.map(({ id, name }) => ({ id, name })),
    async login(providerId, username, password, clientAddress) {
      const provider = byId.get(providerId);
      if (!provider) throw new AppError("not_found", `No LDAP provider ${providerId}`);
      const release = perAddress.tryAcquire(clientAddress);
      if (!release) throw busy("Too many logins at once from your address; try again in 1 s", 1);
      try {
        const wait = perAddressRate.take(clientAddress);
        if (wait > 0) throw busy(`Too many logins from your address; try again in ${wait} s`, wait);
        return await checked(provider, username, password, clientAddress);
      } finally {
        release();
      }
    },
  };
}
