import type { LoginAttempt } from "@kcp/store";

/**
 * Login throttling: 5 failed logins for the same username and client address within 15 minutes lock the pair out for
 * 60 s, twice as long for each further failure, up to 1 h. Every number is a policy setting; those are the defaults.
 */
export interface ThrottlePolicy {
  /** Failures within `windowMs` that start a lockout. */
  maxFailures: number;
  windowMs: number;
  firstLockoutMs: number;
  maxLockoutMs: number;
}

export const CONTRACT_THROTTLE_POLICY: ThrottlePolicy = {
  maxFailures: 5,
  windowMs: 15 * 60_000,
  firstLockoutMs: 60_000,
  maxLockoutMs: 60 * 60_000,
};

/** How far back the attempts that can matter reach: a streak ends after a window without failures. */
export function lookbackMs(policy: ThrottlePolicy): number {
  return policy.windowMs + policy.maxLockoutMs * 8;
}

export type ThrottleDecision = { locked: false } | { locked: true; retryAfterSeconds: number };

/**
 * Pure: whether a key (username + client address) is locked out at `now`, from its recorded attempts (oldest first).
 * Only attempts after the last success count. `maxFailures` failures within `windowMs` lock the key for
 * `firstLockoutMs`; each further failure after a lockout locks it for twice as long, up to `maxLockoutMs`; a quiet
 * `windowMs` (without failures, after the last lockout ended) ends the streak. Refused attempts are not recorded, so they
 * never extend a lockout; an attempt still being checked is recorded as a failure (its reservation), so it counts.
 */
export function throttleDecision(
  attempts: readonly LoginAttempt[],
  now: Date,
  policy = CONTRACT_THROTTLE_POLICY,
): ThrottleDecision {
  const lastSuccess = attempts.map((a) => a.succeeded).lastIndexOf(true);
  const failures = attempts.slice(lastSuccess + 1).map((a) => a.at.getTime());
  let lockedUntil = Number.NEGATIVE_INFINITY;
  let lockoutMs = 0;
  let window: number[] = [];
  for (const at of failures) {
    const previous = window.at(-1);
    // Quiet since the later of the last failure and the end of the last lockout.
    if (previous !== undefined && at - Math.max(previous, lockedUntil) > policy.windowMs) {
      lockoutMs = 0;
      window = [];
    }
    window = [...window.filter((t) => at - t < policy.windowMs), at];
    if (lockoutMs > 0 && at >= lockedUntil) {
      lockoutMs = Math.min(lockoutMs * 2, policy.maxLockoutMs);
      lockedUntil = at + lockoutMs;
    } else if (lockoutMs === 0 && window.length >= policy.maxFailures) {
      lockoutMs = policy.firstLockoutMs;
      lockedUntil = at + lockoutMs;
    }
  }
  const remaining = lockedUntil - now.getTime();
  return remaining > 0 ? { locked: true, retryAfterSeconds: Math.ceil(remaining / 1000) } : { locked: false };
}
