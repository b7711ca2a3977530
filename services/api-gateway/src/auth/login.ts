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

/** Throttling is per username and client address, shared by every gateway instance through the store. */
export const throttleKey = (username: string, clientAddress: string) => `${username.toLowerCase()}|${clientAddress}`;

/**
 * Login: the same answer (401 invalid_credentials) and about the same time for an unknown user, a wrong password and
 * a disabled user; 429 too_many_attempts with Retry-After during a lockout, even for the right password.
 */
export function loginService(
  store: Store,
  config: AuthConfig,
  policy: ThrottlePolicy = CONTRACT_THROTTLE_POLICY,
): LoginService {
  return {
    async login(username, password, clientAddress) {
      const key = throttleKey(username, clientAddress);
      const now = new Date();
      const attempts = await store.loginAttempts.since(key, new Date(now.getTime() - lookbackMs(policy)));
      const decision = throttleDecision(attempts, now, policy);
      if (decision.locked) {
        throw new AppError(
          "too_many_attempts",
          `Too many failed logins; try again in ${decision.retryAfterSeconds} s`,
          {
            headers: { "Retry-After": String(decision.retryAfterSeconds) },
          },
        );
      }
      const user = await store.users.findByUsername(username);
      const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
      if (!user || !matches || user.disabled) {
        await store.loginAttempts.record(key, { at: now, succeeded: false });
        throw new AppError("invalid_credentials");
      }
      await store.loginAttempts.record(key, { at: now, succeeded: true });
      const token = newSessionToken();
      const expiresAt = new Date(now.getTime() + config.SESSION_TTL_HOURS * 3_600_000);
      await store.sessions.create({ tokenHash: hashToken(token), userId: user.id, createdAt: now, expiresAt });
      return { user, token, expiresAt };
    },
    async logout(tokenHash) {
      await store.sessions.revoke(tokenHash, new Date());
    },
  };
}
