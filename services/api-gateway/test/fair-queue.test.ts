import { expect } from "chai";
import { type Clock, FairQueue, type FairQueueOptions, type FairQueueRefusal } from "../src/auth/fair-queue.js";
import type { Release } from "../src/http/limits.js";

/** A clock that only moves when told: timers run in time order (then in the order they were set). */
class ManualClock implements Clock {
  private time = 0;
  /** Sorted by time, then by the order they were set. */
  private readonly timers: { at: number; fn: () => void; cancelled: boolean }[] = [];

  now(): number {
    return this.time;
  }

  after(ms: number, fn: () => void): () => void {
    const timer = { at: this.time + ms, fn, cancelled: false };
    let low = 0;
    let high = this.timers.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.timers[middle] as { at: number }).at <= timer.at) low = middle + 1;
      else high = middle;
    }
    this.timers.splice(low, 0, timer);
    return () => {
      timer.cancelled = true;
    };
  }

  /** Runs every timer due up to `until`, moving the time to each, then to `until`. */
  runUntil(until: number): void {
    while (this.timers.length > 0 && (this.timers[0] as { at: number }).at <= until) {
      const due = this.timers.shift() as { at: number; fn: () => void; cancelled: boolean };
      if (due.cancelled) continue;
      this.time = due.at;
      due.fn();
    }
    this.time = until;
  }
}

const OPTIONS: FairQueueOptions = { slots: 1, maxWaiting: 4, maxWaitingPerAddress: 2, maxWaitMs: 500 };

/** A queue whose tasks record what happened to them, each by its name. */
function recorded(options: Partial<FairQueueOptions> = {}) {
  const clock = new ManualClock();
  const queue = new FairQueue({ ...OPTIONS, ...options }, clock);
  const started: string[] = [];
  const refused: [string, FairQueueRefusal][] = [];
  const releases = new Map<string, Release>();
  const enter = (name: string, address = name.replace(/\d+$/, "")) =>
    queue.enter(
      address,
      (release) => {
        started.push(name);
        releases.set(name, release);
      },
      (reason) => refused.push([name, reason]),
    );
  const finish = (name: string) => (releases.get(name) as Release)();
  return { clock, queue, started, refused, enter, finish };
}

describe("login fairness queue (pure, on a manual clock)", () => {
  it("starts a task at once while a slot is free, and the waiting one when a slot is released (once)", () => {
    const q = recorded({ slots: 2 });
    q.enter("a1");
    q.enter("b1");
    q.enter("c1");
    expect(q.started).to.deep.equal(["a1", "b1"]);
    expect(q.queue.size).to.deep.equal({ running: 2, waiting: 1 });
    q.finish("a1");
    q.finish("a1");
    expect(q.started).to.deep.equal(["a1", "b1", "c1"]);
    expect(q.queue.size).to.deep.equal({ running: 2, waiting: 0 });
  });

  it("takes turns between addresses: a second task of one address waits behind another address's first", () => {
    const q = recorded({ maxWaitingPerAddress: 3, maxWaiting: 10 });
    q.enter("x1");
    q.enter("a1");
    q.enter("a2");
    q.enter("a3");
    q.enter("b1");
    q.enter("c1");
    for (const name of ["x1", "a1", "b1", "c1", "a2"]) q.finish(name);
    expect(q.started).to.deep.equal(["x1", "a1", "b1", "c1", "a2", "a3"]);
  });

  it("puts an address that has been quiet ahead of addresses that keep asking", () => {
    const q = recorded({ maxWaiting: 10 });
    q.enter("x1");
    // Two busy addresses, each asking again as soon as it is served.
    for (let round = 1; round <= 3; round++) {
      q.enter(`a${round}`);
      q.enter(`b${round}`);
    }
    q.finish("x1");
    q.finish("a1");
    q.enter("quiet1");
    q.finish("b1");
    expect(q.started).to.deep.equal(["x1", "a1", "b1", "quiet1"]);
  });

  it("bounds what one address may have waiting: beyond it, refused at once", () => {
    const q = recorded();
    q.enter("x1");
    q.enter("a1");
    q.enter("a2");
    q.enter("a3");
    expect(q.refused).to.deep.equal([["a3", "address_queue_full"]]);
    expect(q.queue.size.waiting).to.equal(2);
  });

  it("bounds the line: a newcomer whose turn is not earlier is refused; one whose turn is earlier takes the last place", () => {
    const q = recorded({ maxWaiting: 3 });
    q.enter("x1");
    q.enter("a1");
    q.enter("a2");
    q.enter("b1");
    // The line is full; b's second task has a turn no earlier than the last in line (a2).
    q.enter("b2");
    expect(q.refused).to.deep.equal([["b2", "queue_full"]]);
    // An address never seen before has an earlier turn than a2: a2 gives up its place.
    q.enter("new1");
    expect(q.refused).to.deep.equal([
      ["b2", "queue_full"],
      ["a2", "displaced"],
    ]);
    q.finish("x1");
    q.finish("a1");
    q.finish("b1");
    expect(q.started).to.deep.equal(["x1", "a1", "b1", "new1"]);
  });

  it("refuses a task that waited maxWaitMs, and only then", () => {
    const q = recorded();
    q.enter("x1");
    q.clock.runUntil(100);
    q.enter("a1");
    q.clock.runUntil(599);
    expect(q.refused).to.deep.equal([]);
    q.clock.runUntil(600);
    expect(q.refused).to.deep.equal([["a1", "timed_out"]]);
    q.finish("x1");
    expect(q.started).to.deep.equal(["x1"]);
    expect(q.queue.size).to.deep.equal({ running: 0, waiting: 0 });
  });

  it("forgets a task that left the line: it never starts and is not refused", () => {
    const q = recorded();
    q.enter("x1");
    const ticket = q.enter("a1");
    q.enter("b1");
    ticket.leave();
    q.finish("x1");
    q.clock.runUntil(1000);
    expect(q.started).to.deep.equal(["x1", "b1"]);
    expect(q.refused).to.deep.equal([]);
  });

  it("remembers at most maxAddresses turns: an address forgotten counts as quiet again", () => {
    const order = (maxAddresses?: number) => {
      const q = recorded(maxAddresses ? { maxAddresses } : {});
      q.enter("x1");
      q.enter("a1");
      q.enter("b1");
      q.finish("x1");
      q.finish("a1");
      // a and b have each had a turn; b asks again before a.
      q.enter("b2");
      q.enter("a2");
      q.finish("b1");
      return q.started.slice(3);
    };
    expect(order(), "both remembered: b2 asked first").to.deep.equal(["b2"]);
    expect(order(1), "a forgotten: quiet, ahead of b2").to.deep.equal(["a2"]);
  });

  it("counts a refusal before the queue (the address over its own bounds): that address is no longer quiet", () => {
    const q = recorded();
    q.enter("x1");
    q.enter("a1");
    q.queue.noteAttempt("b");
    q.enter("b1");
    q.enter("c1");
    q.finish("x1");
    q.finish("a1");
    expect(q.started).to.deep.equal(["x1", "a1", "c1"]);
  });

  describe("under a flood from 100 addresses (simulated: 4 slots, 100 ms per task, 64 waiting, 500 ms)", () => {
    const FLOOD = { slots: 4, maxWaiting: 64, maxWaitingPerAddress: 2, maxWaitMs: 500 };
    const TASK_MS = 100;

    /** Each flooding address keeps one task in flight, asking again `gapMs` after each answer (at least 1 ms). */
    function flood(gapMs: number) {
      const clock = new ManualClock();
      const queue = new FairQueue(FLOOD, clock);
      const served = new Map<string, number>();
      let stopped = false;
      const submit = (
        address: string,
        onStart: (release: Release) => void,
        onRefuse: (reason: FairQueueRefusal) => void,
      ) => queue.enter(address, onStart, onRefuse);
      const attacker = (address: string) => {
        if (stopped) return;
        submit(
          address,
          (release) => {
            served.set(address, (served.get(address) ?? 0) + 1);
            clock.after(TASK_MS, () => {
              release();
              clock.after(gapMs, () => attacker(address));
            });
          },
          () => clock.after(gapMs, () => attacker(address)),
        );
      };
      for (let i = 0; i < 100; i++) clock.after(i, () => attacker(`10.0.0.${i}`));
      /** A real user's task from `address` at `at`: how long until it started, or its refusal. */
      const realUser = (address: string, at: number): Promise<number | FairQueueRefusal> =>
        new Promise((resolve) => {
          clock.after(at - clock.now(), () => {
            const asked = clock.now();
            submit(
              address,
              (release) => {
                resolve(clock.now() - asked);
                clock.after(TASK_MS, release);
              },
              (reason) => resolve(reason),
            );
          });
        });
      return { clock, served, realUser, stop: () => (stopped = true) };
    }

    it("asking again at once: a real user's five tasks in a row each start within 250 ms, and every flooding address is served", async () => {
      const f = flood(1);
      const waits: (number | FairQueueRefusal)[] = [];
      // Once the flood is under way (a flood just begun is as new as the user).
      let at = 10_000;
      for (let i = 0; i < 5; i++) {
        const wait = f.realUser("192.0.2.1", at);
        f.clock.runUntil(at + 1000);
        waits.push(await wait);
        at += 1000 + 200;
      }
      f.clock.runUntil(30_000);
      f.stop();
      for (const wait of waits) expect(wait, JSON.stringify(waits)).to.be.a("number").and.at.most(250);
      expect(f.served.size, "flooding addresses served").to.equal(100);
    });

    it("each asking about once a second (2.5 times what the slots serve): a user's first task starts within 250 ms, whenever it comes", async () => {
      const f = flood(900);
      const waits: (number | FairQueueRefusal)[] = [];
      for (let second = 10; second <= 28; second += 2) {
        const wait = f.realUser(`192.0.2.${second}`, second * 1000);
        f.clock.runUntil(second * 1000 + 1000);
        waits.push(await wait);
      }
      f.stop();
      for (const wait of waits) expect(wait, JSON.stringify(waits)).to.be.a("number").and.at.most(250);
      expect(f.served.size, "flooding addresses served").to.equal(100);
    });
  });
});
