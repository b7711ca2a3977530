import type { Release } from "../http/limits.js";

/** Time and timers, given to the queue so that its rules can be tested without waiting. */
export interface Clock {
  now(): number;
  /** Calls `fn` after `ms` milliseconds; the answer cancels it. */
  after(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};

/** Why a task was not given a slot: no room for its address or at all, another address went first, or time ran out. */
export type FairQueueRefusal = "address_queue_full" | "queue_full" | "displaced" | "timed_out";

export interface FairQueueOptions {
  /** Tasks running at once. */
  slots: number;
  /** Tasks waiting for a slot, whoever asks. */
  maxWaiting: number;
  /** Tasks one address may have waiting. */
  maxWaitingPerAddress: number;
  /** A task not started within this long is refused. */
  maxWaitMs: number;
  /** Addresses whose asking is remembered; past it the least recently seen is forgotten (it counts as quiet). */
  maxAddresses?: number;
  /** How long an address's asking counts: it fades by e (~63 %) every this long (default one minute). */
  memoryMs?: number;
}

export interface FairQueueTicket {
  /** Gives up waiting (the client went away): no slot, no answer. Does nothing once the task started or was refused. */
  leave(): void;
}

interface Waiter {
  address: string;
  /** How much its address had asked when it came: the lower, the sooner it starts. */
  asked: number;
  arrival: number;
  start: (release: Release) => void;
  refuse: (reason: FairQueueRefusal) => void;
  cancelTimer: () => void;
}

interface Asked {
  amount: number;
  at: number;
  /** When a refusal without a place was last counted. */
  refusedAt?: number;
}

/**
 * A bounded number of slots shared fairly between client addresses. Every task of an address that starts counts
 * against it, and so do those that do not (refused, given up), as one per `maxWaitMs` at most (`noteAttempt`); the
 * count fades with time (by e every `memoryMs`). When the slots are full, the waiting task whose address had asked
 * the least when it came starts next, the earliest arrival on a tie: addresses that keep asking take turns (each
 * one's task raises its count above the others'), and one that has been quiet goes before all of them. Waiting is
 * bounded per address, in total (a newcomer whose address asked less than the last in line's takes its place, and
 * that one is refused) and in time. Nothing here sleeps or reads the time except through the clock.
 */
export class FairQueue {
  private running = 0;
  private readonly asked = new Map<string, Asked>();
  private readonly waiting: Waiter[] = [];
  private arrivals = 0;
  private readonly maxAddresses: number;
  private readonly memoryMs: number;

  constructor(
    private readonly options: FairQueueOptions,
    private readonly clock: Clock = systemClock,
  ) {
    this.maxAddresses = options.maxAddresses ?? 100_000;
    this.memoryMs = options.memoryMs ?? 60_000;
  }

  /** Tasks running and waiting now. */
  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Asks for a slot for `address`: `start` is called with the slot's release (at once, or when its turn comes), or
   * `refuse` with the reason — exactly one of them, once.
   */
  enter(
    address: string,
    start: (release: Release) => void,
    refuse: (reason: FairQueueRefusal) => void,
  ): FairQueueTicket {
    const nothing: FairQueueTicket = { leave() {} };
    // Its address's tasks already waiting count as asked: a second one waits behind other addresses' first.
    const asked = this.askedBy(address, this.clock.now()) + this.waitingOf(address);
    if (this.running < this.options.slots && this.waiting.length === 0) {
      this.startTask(address, start);
      return nothing;
    }
    if (this.waitingOf(address) >= this.options.maxWaitingPerAddress) {
      this.noteAttempt(address);
      refuse("address_queue_full");
      return nothing;
    }
    let displaced: Waiter | undefined;
    if (this.waiting.length >= this.options.maxWaiting) {
      displaced = this.lastInLine();
      if (!displaced || displaced.asked <= asked) {
        this.noteAttempt(address);
        refuse("queue_full");
        return nothing;
      }
      this.remove(displaced);
      this.noteAttempt(displaced.address);
    }
    const waiter: Waiter = { address, asked, arrival: this.arrivals++, start, refuse, cancelTimer: () => {} };
    waiter.cancelTimer = this.clock.after(this.options.maxWaitMs, () => {
      if (!this.remove(waiter)) return;
      this.noteAttempt(address);
      waiter.refuse("timed_out");
    });
    this.waiting.push(waiter);
    // Told once the line is as it will stay: whatever the refused task does next sees a consistent queue.
    displaced?.refuse("displaced");
    return { leave: () => void this.remove(waiter) };
  }

  /**
   * Counts a task of `address` that did not start (refused by the queue, displaced, timed out, or refused before it by
   * its address's own bounds): as one task per `maxWaitMs` at most, as if it had waited its time in line. An address
   * that asks again and again thus counts like one that waits, and takes its turn like the others.
   */
  noteAttempt(address: string): void {
    const now = this.clock.now();
    const asked = this.asked.get(address);
    if (asked?.refusedAt !== undefined && now - asked.refusedAt < this.options.maxWaitMs) return;
    this.count(address, this.askedBy(address, now) + 1, now, now);
  }

  private count(address: string, amount: number, now: number, refusedAt = this.asked.get(address)?.refusedAt): void {
    this.asked.delete(address);
    this.asked.set(address, { amount, at: now, ...(refusedAt === undefined ? {} : { refusedAt }) });
    for (const oldest of this.asked.keys()) {
      if (this.asked.size <= this.maxAddresses) break;
      this.asked.delete(oldest);
    }
  }

  private askedBy(address: string, now: number): number {
    const asked = this.asked.get(address);
    return asked ? asked.amount * Math.exp(-Math.max(0, now - asked.at) / this.memoryMs) : 0;
  }

  private startTask(address: string, start: (release: Release) => void): void {
    const now = this.clock.now();
    this.count(address, this.askedBy(address, now) + 1, now);
    this.running++;
    let released = false;
    start(() => {
      if (released) return;
      released = true;
      this.running--;
      this.startNext();
    });
  }

  private startNext(): void {
    while (this.running < this.options.slots) {
      const next = this.firstInLine();
      if (!next) return;
      this.remove(next);
      this.startTask(next.address, next.start);
    }
  }

  private waitingOf(address: string): number {
    let count = 0;
    for (const waiter of this.waiting) if (waiter.address === address) count++;
    return count;
  }

  /** Whose address had asked the least, the earliest arrival on a tie. */
  private firstInLine(): Waiter | undefined {
    let best: Waiter | undefined;
    for (const waiter of this.waiting)
      if (!best || waiter.asked < best.asked || (waiter.asked === best.asked && waiter.arrival < best.arrival))
        best = waiter;
    return best;
  }

  /** Whose address had asked the most, the latest arrival on a tie. */
  private lastInLine(): Waiter | undefined {
    let worst: Waiter | undefined;
    for (const waiter of this.waiting)
      if (!worst || waiter.asked > worst.asked || (waiter.asked === worst.asked && waiter.arrival > worst.arrival))
        worst = waiter;
    return worst;
  }

  private remove(waiter: Waiter): boolean {
    const index = this.waiting.indexOf(waiter);
    if (index < 0) return false;
    this.waiting.splice(index, 1);
    waiter.cancelTimer();
    return true;
  }
}
