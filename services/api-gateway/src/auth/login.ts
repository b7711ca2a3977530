import { AppError, type AuthConfig, decoyPasswordHash, hashToken, newSessionToken, verifyPassword } from "@kcp/shared";
import type { Store, UserRecord } from "@kcp/store";
import { CONTRACT_THROTTLE_POLICY, lookbackMs, type ThrottlePolicy, throttleDecision } from "./throttle.js";

export interface LoginResult {
  user: UserRecord;
  token: string;
  expiresAt: Date;
}

export interface LoginService {
  login(username: string, password: string, clientAddress: string): Promise<LoginResult>;
  logout(tokenHash: string): Promise<void>;
}

/**
 * Throttling is per username and client address, shared by every gateway instance through the store. Usernames are
 * case-sensitive (`Bob` and `bob` are two users), so the key keeps the case: failures for one never lock the other.
 */
export const throttleKey = (username: string, clientAddress: string) => `${username}|${clientAddress}`;

/** Whether `key` is one of `username`'s throttle keys (any client address). */
export const isThrottleKeyOf = (username: string, key: string) =>
  key.startsWith(`${username}|`) && !key.slice(username.length + 1).includes("|");

function tooManyAttempts(retryAfterSeconds: number): AppError {
  return new AppError("too_many_attempts", `Too many failed logins; try again in ${retryAfterSeconds} s`, {
    headers: { "Retry-After": String(retryAfterSeconds) },
  });
}

/**
 * Reserves one attempt of `key` (see loginService): its reservation's id, to mark succeeded once the credentials are
 * right, or 429 too_many_attempts while the key is locked. Every login of the service, whatever checks its password
 * (the store, an LDAP server), goes through it, so each counts against the same throttle.
 */
export async function reserveLoginAttempt(
  store: Store,
  key: string,
  policy: ThrottlePolicy = CONTRACT_THROTTLE_POLICY,
): Promise<string> {
  const now = new Date();
  const reservation = await store.loginAttempts.reserve(
    key,
    new Date(now.getTime() - lookbackMs(policy)),
    now,
    (attempts) => !throttleDecision(attempts, now, policy).locked,
  );
  if (!reservation.admitted) {
    // Decided at the time of the refusal: the attempts that locked the key may be newer than this request.
    const decision = throttleDecision(reservation.attempts, new Date(), policy);
    // Not locked: the store gave up under contention from this key's other attempts; they will decide soon.
    throw tooManyAttempts(decision.locked ? decision.retryAfterSeconds : 1);
  }
  return reservation.id;
}

/** A new session of `user` (its token handed out once, its hash kept), as every login ends. */
export async function openSession(store: Store, config: AuthConfig, user: UserRecord): Promise<LoginResult> {
  const now = new Date();
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + config.SESSION_TTL_HOURS * 3_600_000);
  await store.sessions.create({ tokenHash: hashToken(token), userId: user.id, createdAt: now, expiresAt });
  return { user, token, expiresAt };
}

/**
 * Login: the same answer (401 invalid_credentials) and about the same time for an unknown user, a wrong password, a
 * disabled user and a user LOCAL_LOGIN does not let sign in locally; 429 too_many_attempts with Retry-After during a lockout, even for the right password.
 *
 * The attempt is reserved before the password is hashed: in one step per key the store reads the attempts, and
 * appends this one as a failure only if the throttle admits it. Every attempt in flight thus already counts as a
 * failure, so however many arrive at once (on any number of instances), at most `maxFailures` are evaluated before the
 * lockout; a right password then marks its attempt succeeded, which resets the count.
 */
export function loginService(
  store: Store,
  config: AuthConfig,
  policy: ThrottlePolicy = CONTRACT_THROTTLE_POLICY,
): LoginService {
  return {
    async login(username, password, clientAddress) {
      const key = throttleKey(username, clientAddress);
      const reservationId = await reserveLoginAttempt(store, key, policy);
      const user = await store.users.findByUsername(username);
      const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
      // With LOCAL_LOGIN=admins, a local user below admin signs in through its identity provider only; the answer is
      // the wrong password's, and the attempt stays counted as a failure.
      const refusedLocally = config.LOCAL_LOGIN === "admins" && user?.role !== "admin";
      if (!user || !matches || user.disabled || refusedLocally) throw new AppError("invalid_credentials");
      await store.loginAttempts.markSucceeded(key, reservationId);
      return openSession(store, config, user);
    },
    async logout(tokenHash) {
      await store.sessions.revoke(tokenHash, new Date());
    },
  };
}
