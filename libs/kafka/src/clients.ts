import { AppError, type Component, DeadlineError, withDeadline } from "@kcp/shared";
import { KafkaClient } from "./client.js";
import type { ClientOptionsSettings, ConnectionTarget } from "./client-options.js";
import { describeUnanswered } from "./in-flight.js";

export interface KafkaClientsOptions {
  /** Settings of every client (timeouts, allowed hosts). */
  settings?: ClientOptionsSettings;
  /** The most clients kept open; past it the least recently used idle one is closed (default 2000). */
  maxClients?: number;
  /** An idle client is closed after this long (default 5 minutes). */
  idleMs?: number;
  /** Called each time a client is opened (a metric of clients opened per cluster: 0 in steady state). */
  onOpen?: (key: string) => void;
  /**
   * Called each time a client's connection to a broker is established (a metric of connections opened per cluster:
   * 0 in steady state; a broken connection opened again counts).
   */
  onConnect?: (key: string) => void;
}

/** How long a call may wait for Kafka, and the setting that says so (named in the error). */
export interface CallDeadline {
  ms: number;
  setting?: string;
}

interface Entry {
  version: string;
  client: KafkaClient;
  /** Calls running on it: it is never closed under them. */
  inUse: number;
  lastUsed: number;
  /** Replaced or discarded: closed once its last call ends, never handed out again. */
  retired: boolean;
  idle?: NodeJS.Timeout;
  /** A client abandoned at a deadline is closed by then even if a call still runs on it. */
  closeAt?: NodeJS.Timeout;
}

const DEFAULT_MAX_CLIENTS = 2000;
const DEFAULT_IDLE_MS = 5 * 60_000;

/**
 * The Kafka clients of one process, one per cluster, kept open between calls: each API action, collection and
 * operation run of a cluster reuses its client (its connections, their TLS and SASL handshakes, its metadata)
 * instead of opening one each time. A client is keyed by the cluster and a version of what reaching it depends on
 * (the connection profile and the sealed secrets): another version replaces it. Idle clients are closed after
 * `idleMs`, the least recently used idle one when more than `maxClients` are open, and all of them on shutdown. A
 * broken connection is opened again by the client on its next call.
 */
export class KafkaClients implements Component {
  readonly name = "kafka-clients";
  private readonly entries = new Map<string, Entry>();
  private readonly retired = new Set<Entry>();
  private stopped = false;

  constructor(private readonly options: KafkaClientsOptions = {}) {}

  /** Open clients (retired ones still finishing a call included). */
  get size(): number {
    return this.entries.size + this.retired.size;
  }

  /**
   * Runs `work` with the client of `key` at `version`, opening it from `target()` when there is none (or only one of
   * another version, which is retired). With a `deadline`, work not done by then is abandoned: the call fails with
   * `kafka_timeout` (504) naming the Kafka requests still unanswered (API and broker), the connections they wait on are
   * dropped (their requests fail at once), and the client is retired — closed when its last call ends, and at the latest
   * one deadline later — so that the next call opens a new one.
   */
  async use<T>(
    key: string,
    version: string,
    target: () => ConnectionTarget,
    work: (client: KafkaClient) => Promise<T>,
    deadline?: CallDeadline,
  ): Promise<T> {
    if (this.stopped) throw new Error("the Kafka clients are closed");
    const entry = this.entry(key, version, target);
    entry.inUse++;
    if (entry.idle) clearTimeout(entry.idle);
    const running = (async () => {
      try {
        return await work(entry.client);
      } finally {
        entry.inUse--;
        entry.lastUsed = Date.now();
        this.settle(key, entry);
      }
    })();
    if (!deadline) return running;
    try {
      return await withDeadline(running, deadline.ms, "kafka call deadline");
    } catch (error) {
      if (!(error instanceof DeadlineError)) throw error;
      // Its late outcome has no caller left.
      running.catch(() => undefined);
      throw this.abandon(key, entry, deadline);
    }
  }

  /** After a call's deadline: what did not answer, for its error; its connections dropped; the client retired. */
  private abandon(key: string, entry: Entry, deadline: CallDeadline): AppError {
    const now = Date.now();
    const waiting = entry.client.unanswered();
    entry.client.dropConnections(waiting);
    if (this.entries.get(key) === entry) {
      this.entries.delete(key);
      void this.retire(entry);
    }
    if (entry.inUse > 0 && !entry.closeAt) {
      entry.closeAt = setTimeout(() => {
        this.retired.delete(entry);
        void this.close(entry);
      }, deadline.ms);
      entry.closeAt.unref();
    }
    const named = describeUnanswered(waiting, now);
    const setting = deadline.setting ? ` (${deadline.setting})` : "";
    return new AppError(
      "kafka_timeout",
      named.length > 0
        ? `Kafka did not answer within ${deadline.ms} ms${setting}: ${named.join("; ")}`
        : `Kafka did not answer within ${deadline.ms} ms${setting}: no request was waiting for a broker at the deadline (the client was between retries)`,
    );
  }

  /**
   * Closes the client of `key` once its calls end and opens a new one on the next `use`: for a call abandoned
   * mid-way (a collection past its deadline), whose requests may still be waiting on the connections. Resolves once
   * it is closed when no call holds it (a caller that awaits it opens the next one only after), else at once.
   */
  discard(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (!entry) return Promise.resolve();
    this.entries.delete(key);
    return this.retire(entry);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const all = [...this.entries.values(), ...this.retired];
    this.entries.clear();
    this.retired.clear();
    await Promise.all(all.map((entry) => this.close(entry)));
  }

  private entry(key: string, version: string, target: () => ConnectionTarget): Entry {
    const existing = this.entries.get(key);
    if (existing && existing.version === version) {
      // Most recently used last: the map's order is the eviction order.
      this.entries.delete(key);
      this.entries.set(key, existing);
      return existing;
    }
    if (existing) {
      this.entries.delete(key);
      void this.retire(existing);
    }
    const entry: Entry = {
      version,
      client: KafkaClient.open(target(), this.options.settings, this.connectCallback(key)),
      inUse: 0,
      lastUsed: Date.now(),
      retired: false,
    };
    this.options.onOpen?.(key);
    this.entries.set(key, entry);
    this.evict(key);
    return entry;
  }

  private connectCallback(key: string): (() => void) | undefined {
    const onConnect = this.options.onConnect;
    return onConnect ? () => onConnect(key) : undefined;
  }

  /** After a call: a retired client with no call left is closed; an idle one waits `idleMs` to be closed. */
  private settle(key: string, entry: Entry): void {
    if (entry.inUse > 0) return;
    if (entry.retired) {
      this.retired.delete(entry);
      void this.close(entry);
      return;
    }
    entry.idle = setTimeout(() => {
      if (this.entries.get(key) !== entry || entry.inUse > 0) return;
      this.entries.delete(key);
      void this.close(entry);
    }, this.options.idleMs ?? DEFAULT_IDLE_MS);
    entry.idle.unref();
  }

  /** Closed now when no call holds it (the promise of its close), else once its last call ends. */
  private retire(entry: Entry): Promise<void> {
    entry.retired = true;
    if (entry.idle) clearTimeout(entry.idle);
    if (entry.inUse === 0) return this.close(entry);
    this.retired.add(entry);
    return Promise.resolve();
  }

  /** Past the bound, the least recently used idle clients are closed (busy ones are kept: they are in use). */
  private evict(opened: string): void {
    const max = this.options.maxClients ?? DEFAULT_MAX_CLIENTS;
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= max) return;
      if (entry.inUse > 0 || key === opened) continue;
      this.entries.delete(key);
      if (entry.idle) clearTimeout(entry.idle);
      void this.close(entry);
    }
  }

  private async close(entry: Entry): Promise<void> {
    if (entry.idle) clearTimeout(entry.idle);
    if (entry.closeAt) clearTimeout(entry.closeAt);
    await entry.client.close().catch(() => undefined);
  }
}
