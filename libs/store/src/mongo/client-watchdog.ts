import type { Logger } from "@kcp/shared";

export interface ClientWatchdogOptions {
  /** Asks the server through the store's own client; rejects when it does not answer. */
  ping(): Promise<void>;
  /** Whether a new client, made for this question only, reaches the server now. */
  freshClientReaches(): Promise<boolean>;
  /** Replaces the store's client by a new one. */
  rebuild(): Promise<void>;
  logger?: Logger;
  /** How often the client is checked (default 5 s). */
  intervalMs?: number;
  /** How long the client may fail before a new client is asked whether the server is there (default 15 s). */
  stuckAfterMs?: number;
  now?: () => number;
}

/**
 * Pure: whether a client failing since `failingSince` has failed long enough to ask a new client. A client that
 * fails while the server is really away must not be rebuilt over and over: the fresh client's answer decides.
 */
export function failingTooLong(failingSince: number | null, now: number, stuckAfterMs: number): boolean {
  return failingSince !== null && now - failingSince >= stuckAfterMs;
}

/**
 * The MongoDB driver reconnects by itself, yet on a loaded machine a client was seen failing for minutes after its
 * server came back (every command "connection N closed", no reconnection), while other processes' clients recovered
 * within seconds. The watchdog checks the client regularly; once it has failed for `stuckAfterMs` and a new client
 * reaches the server, the old one is replaced: a process never stays cut off from a store that is there.
 */
export class ClientWatchdog {
  private failingSince: number | null = null;
  private timer: NodeJS.Timeout | undefined;
  private checking = false;
  private readonly intervalMs: number;
  private readonly stuckAfterMs: number;
  private readonly now: () => number;

  constructor(private readonly options: ClientWatchdogOptions) {
    this.intervalMs = options.intervalMs ?? 5_000;
    this.stuckAfterMs = options.stuckAfterMs ?? 15_000;
    this.now = options.now ?? Date.now;
  }

  start(): void {
    this.timer = setInterval(() => void this.check(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** One check; returns whether the client was rebuilt. Never rejects. */
  async check(): Promise<boolean> {
    if (this.checking) return false;
    this.checking = true;
    try {
      return await this.checkOnce();
    } catch (error) {
      this.options.logger?.warn({ error: (error as Error).message }, "MongoDB client check failed");
      return false;
    } finally {
      this.checking = false;
    }
  }

  private async checkOnce(): Promise<boolean> {
    const ok = await this.options.ping().then(
      () => true,
      () => false,
    );
    if (ok) {
      this.failingSince = null;
      return false;
    }
    this.failingSince ??= this.now();
    if (!failingTooLong(this.failingSince, this.now(), this.stuckAfterMs)) return false;
    if (!(await this.options.freshClientReaches())) return false; // the server is away: the driver reconnects later
    const failingMs = this.now() - this.failingSince;
    this.options.logger?.warn(
      { failingMs },
      "MongoDB unreachable through this client while a new one reaches it: replacing the client",
    );
    await this.options.rebuild();
    this.failingSince = null;
    this.options.logger?.info("MongoDB client replaced");
    return true;
  }
}
