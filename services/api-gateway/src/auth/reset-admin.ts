import { AppError } from "@kcp/shared";
import type { Store, UserRecord } from "@kcp/store";
import { isThrottleKeyOf } from "./login.js";

export const RESET_ADMIN_ACTOR = "system:reset-admin";

export interface ResetAdminResult {
  user: UserRecord;
  created: boolean;
  revokedSessions: number;
  /** The user's throttle keys (one per client address) given a success, which ends any lockout. */
  throttleKeysReset: number;
}

/**
 * The recovery of a locked-out installation (`npm run reset-admin`, run on the host): makes `username` an enabled
 * admin with the given password hash (creating it if needed), revokes its sessions, ends its login lockouts (a success
 * recorded on each of its throttle keys) and audits it as `user.reset-admin` by `system:reset-admin`, without secrets.
 * Bypasses the last-admin guard and the throttle on purpose: it is the way out when they lock everyone out.
 */
export async function resetAdmin(
  store: Store,
  username: string,
  passwordHash: string,
  detail: Record<string, unknown> = {},
): Promise<ResetAdminResult> {
  const now = new Date();
  const changes = { role: "admin" as const, disabled: false, passwordHash };
  let created = false;
  let user = await store.users.findByUsername(username);
  if (user) {
    user = await store.users.update(user.id, changes);
  } else {
    try {
      user = await store.users.create({ username, ...changes });
      created = true;
    } catch (error) {
      // Created meanwhile (the service's first start): reset that one.
      if (!(error instanceof AppError && error.code === "already_exists")) throw error;
      const existing = await store.users.findByUsername(username);
      if (!existing) throw error;
      user = await store.users.update(existing.id, changes);
    }
  }
  const revokedSessions = await store.sessions.revokeAllOfUser(user.id, now);
  const keys = (await store.loginAttempts.keysStartingWith(`${username}|`)).filter((key) =>
    isThrottleKeyOf(username, key),
  );
  for (const key of keys) await store.loginAttempts.record(key, { at: now, succeeded: true });
  await store.audit.append({
    at: now,
    actor: RESET_ADMIN_ACTOR,
    action: "user.reset-admin",
    target: username,
    result: "success",
    detail: { ...detail, created, revokedSessions, throttleKeysReset: keys.length },
  });
  return { user, created, revokedSessions, throttleKeysReset: keys.length };
}
