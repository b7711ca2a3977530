/** A release function: frees the slot it was given for; calling it again does nothing. */
export type Release = () => void;

/**
 * At most `max` tasks at once per key, in this process. A task over the bound is refused at once (no queue): waiting
 * would only pile up work the caller has long given up on.
 */
export class ConcurrencyLimit {
  private readonly running = new Map<string, number>();

  constructor(readonly max: number) {}

  tryAcquire(key = ""): Release | undefined {
    const count = this.running.get(key) ?? 0;
    if (count >= this.max) return undefined;
    this.running.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(key) ?? 1) - 1;
      if (left <= 0) this.running.delete(key);
      else this.running.set(key, left);
    };
  }
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * A token bucket per key, in this process: `perMinute` tokens a minute, at most `perMinute` saved up. The map never
 * holds more than `maxKeys` keys, so its memory stays bounded whatever the callers send.
 */
export class RateLimit {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    readonly perMinute: number,
    private readonly maxKeys = 100_000,
  ) {
    this.perMs = perMinute / 60_000;
  }

  /** Takes a token for `key`: 0 when taken, else the whole seconds until one is free. */
  take(key: string, now = Date.now()): number {
    const bucket = this.refilled(key, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      this.remember(key, bucket);
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000));
  }

  private refilled(key: string, now: number): Bucket {
    const bucket = this.buckets.get(key);
    if (!bucket) return { tokens: this.perMinute, updatedAt: now };
    const tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.updatedAt) * this.perMs);
    return { tokens, updatedAt: now };
  }

  /** Most recently used last; past `maxKeys` the least recently used key is forgotten (it starts full again). */
  private remember(key: string, bucket: Bucket): void {
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    for (const oldest of this.buckets.keys()) {
      if (this.buckets.size <= this.maxKeys) break;
      this.buckets.delete(oldest);
    }
  }
}
