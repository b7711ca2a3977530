/** A wait before the next attempt, as the page tells it. */
export interface BusyWait {
  /** Seconds until the next attempt (the answer's Retry-After). */
  seconds: number;
  /** Which retry comes next (1 for the first). */
  retry: number;
  /** How many retries there may be in all. */
  of: number;
}

export interface BusyRetryOptions {
  /** Retries at most this many times; then the last answer stands. */
  retries: number;
  /** A Retry-After longer than this (a lockout) is not waited for: the answer stands and says when to try again. */
  maxWaitSeconds: number;
  /** Told before each wait, so the page can say it is trying again. */
  onWait?: (wait: BusyWait) => void;
  /** Waits that long; tests give their own. */
  sleep?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends a request again while the service answers 429 with a short `Retry-After` (the login's password checks are all
 * busy: a moment later there is room), waiting that long each time, a bounded number of times. Any other answer, a
 * 429 without `Retry-After` or with a longer one (a lockout after failed logins), and the answer after the last retry
 * are handed back as they are.
 */
export async function retryWhileBusy<R extends { response: Response }>(
  send: () => Promise<R>,
  options: BusyRetryOptions,
): Promise<R> {
  for (let retry = 1; ; retry++) {
    const result = await send();
    if (result.response.status !== 429 || retry > options.retries) return result;
    const header = result.response.headers.get("retry-after");
    const seconds = header === null || !/^\d+$/.test(header.trim()) ? Number.NaN : Number(header);
    if (!(seconds > 0 && seconds <= options.maxWaitSeconds)) return result;
    options.onWait?.({ seconds, retry, of: options.retries });
    await (options.sleep ?? sleep)(seconds * 1000);
  }
}
