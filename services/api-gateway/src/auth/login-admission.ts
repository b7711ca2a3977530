import { AppError, type AuthConfig } from "@kcp/shared";
import { ConcurrencyLimit, RateLimit, type Release } from "../http/limits.js";
import { type Clock, FairQueue, systemClock } from "./fair-queue.js";

/** How busy one gateway instance lets logins make it. */
export interface LoginAdmissionPolicy {
  attemptsPerAddressPerMinute: number;
  concurrentPerAddress: number;
  concurrentHashes: number;
  /** Logins waiting for a hash slot, whoever asks. */
  queueLength: number;
  /** How long a login may wait for a hash slot before it is refused. */
  queueWaitMs: number;
}

export function loginAdmissionPolicy(config: AuthConfig): LoginAdmissionPolicy {
  return {
    attemptsPerAddressPerMinute: config.LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE,
    concurrentPerAddress: config.LOGIN_CONCURRENT_PER_ADDRESS,
    concurrentHashes: config.LOGIN_CONCURRENT_HASHES,
    queueLength: config.LOGIN_QUEUE_LENGTH,
    queueWaitMs: config.LOGIN_QUEUE_WAIT_MS,
  };
}

export interface LoginAdmission {
  /**
   * Runs a login (which hashes a password) once this client address is within its bounds and a hash slot is free
   * for it; else 429. `signal` ends the wait for a slot (the client went away).
   */
  admit<T>(clientAddress: string, login: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

const busy = (message: string, retryAfterSeconds: number) =>
  new AppError("too_many_attempts", message, { headers: { "Retry-After": String(retryAfterSeconds) } });

/**
 * Password hashing (scrypt, 32 MiB, tens of milliseconds of CPU) is the one thing an anonymous caller can make the
 * service do at will. Before a login may hash, its client address must be under its rate and its concurrency bound
 * (else 429 with `Retry-After` at once, without hashing), and then get one of the instance's hash slots: while they
 * are all taken, logins wait in a line shared fairly between client addresses (FairQueue: addresses that keep
 * logging in take turns, one that has been quiet goes first), bounded in length and in time, after which they get 429
 * with `Retry-After: 1`. So a flood from one address or from many cannot starve the thread pool, and a real user's
 * login from elsewhere waits its turn briefly instead of being refused. The per-user throttle (docs/api.md,
 * Throttling) comes after this, in the login itself.
 */
export function loginAdmission(policy: LoginAdmissionPolicy, clock: Clock = systemClock): LoginAdmission {
  const perAddressRate = new RateLimit(policy.attemptsPerAddressPerMinute);
  const perAddress = new ConcurrencyLimit(policy.concurrentPerAddress);
  const hashes = new FairQueue(
    {
      slots: policy.concurrentHashes,
      maxWaiting: policy.queueLength,
      maxWaitingPerAddress: policy.concurrentPerAddress,
      maxWaitMs: policy.queueWaitMs,
    },
    clock,
  );
  const hashSlot = (clientAddress: string, signal?: AbortSignal) =>
    new Promise<Release>((resolve, reject) => {
      const refused = () => reject(busy("The service is busy with other logins; try again in 1 s", 1));
      if (signal?.aborted) return refused();
      const ticket = hashes.enter(clientAddress, resolve, refused);
      signal?.addEventListener(
        "abort",
        () => {
          ticket.leave();
          refused();
        },
        { once: true },
      );
    });
  return {
    async admit(clientAddress, login, signal) {
      const releaseAddress = perAddress.tryAcquire(clientAddress);
      if (!releaseAddress) {
        hashes.noteAttempt(clientAddress);
        throw busy("Too many logins at once from your address; try again in 1 s", 1);
      }
      try {
        const wait = perAddressRate.take(clientAddress, clock.now());
        if (wait > 0) {
          hashes.noteAttempt(clientAddress);
          throw busy(`Too many logins from your address; try again in ${wait} s`, wait);
        }
        const releaseHash = await hashSlot(clientAddress, signal);
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
