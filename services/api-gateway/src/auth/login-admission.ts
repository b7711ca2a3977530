import { AppError, type AuthConfig } from "@kcp/shared";
import { ConcurrencyLimit, RateLimit } from "../http/limits.js";

/** How busy one gateway instance lets logins make it. */
export interface LoginAdmissionPolicy {
  attemptsPerAddressPerMinute: number;
  concurrentPerAddress: number;
  concurrentHashes: number;
}

export function loginAdmissionPolicy(config: AuthConfig): LoginAdmissionPolicy {
  return {
    attemptsPerAddressPerMinute: config.LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE,
    concurrentPerAddress: config.LOGIN_CONCURRENT_PER_ADDRESS,
    concurrentHashes: config.LOGIN_CONCURRENT_HASHES,
  };
}

export interface LoginAdmission {
  /** Runs a login (which hashes a password) if this client address and the instance have room; else 429 at once. */
  admit<T>(clientAddress: string, login: () => Promise<T>): Promise<T>;
}

const busy = (message: string, retryAfterSeconds: number) =>
  new AppError("too_many_attempts", message, { headers: { "Retry-After": String(retryAfterSeconds) } });

/**
 * Password hashing (scrypt, 32 MiB, tens of milliseconds of CPU) is the one thing an anonymous caller can make the
 * service do at will. Before a login may hash, its client address must be under its rate and its concurrency bound,
 * and the instance under its bound of hashes running at once: whatever is over is refused with 429 and `Retry-After`
 * without hashing, so a flood from one address (or from many) cannot starve the thread pool and a real user's login
 * from elsewhere keeps its speed. The per-user throttle of the contract (§3) comes after this, in the login itself.
 */
export function loginAdmission(policy: LoginAdmissionPolicy): LoginAdmission {
  const perAddressRate = new RateLimit(policy.attemptsPerAddressPerMinute);
  const perAddress = new ConcurrencyLimit(policy.concurrentPerAddress);
  const hashes = new ConcurrencyLimit(policy.concurrentHashes);
  return {
    async admit(clientAddress, login) {
      const releaseAddress = perAddress.tryAcquire(clientAddress);
      if (!releaseAddress) throw busy("Too many logins at once from your address; try again in 1 s", 1);
      try {
        const wait = perAddressRate.take(clientAddress);
        if (wait > 0) throw busy(`Too many logins from your address; try again in ${wait} s`, wait);
        const releaseHash = hashes.tryAcquire();
        if (!releaseHash) throw busy("The service is busy with other logins; try again in 1 s", 1);
        try {
          return await login();
        } finally {
          releaseHash();
        }
      } finally {
        releaseAddress();
      }
    },
  };
}
