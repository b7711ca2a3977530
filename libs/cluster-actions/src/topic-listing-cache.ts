import type { TopicListing } from "@kcp/kafka";

interface Entry {
  readAt: number;
  listing: Promise<TopicListing>;
}

export interface TopicListingCacheOptions {
  /** How long listing read are answered (TOPIC_LIST_CACHE_MS); 0 turns the cache off. */
  maxAgeMs: number;
  /** After a list asked, the listing are read again in the background as they age, for this long. */
  keepWarmMs: number;
  /** Reads a cluster's listing on its own connection (for the background reads). */
  readInBackground: (clusterId: string) => Promise<TopicListing>;
  now?: () => number;
  /** How often the background reads check the listing' age (default: a quarter of maxAgeMs). */
  tickMs?: number;
}

/**
 * Each cluster's topic listing (every topic's partitions, leaders, replicas, ISR, and every replica's size) for a few
 * seconds. A topic list needs every name for its search and paging, and Kafka answers them only all at once: at
 * 50,000 partitions the Metadata request and the brokers' DescribeLogDirs (each broker goes through all its logs even
 * for one topic) cost a few hundred milliseconds, paid again on every search keystroke and every page fetched while
 * scrolling. The page's topic configs are still read for each list.
 *
 * While lists are being used (within `keepWarmMs` of the last one), the listing is read again in the background as
 * it ages, so a search typed a while after the page opened finds it fresh instead of waiting for Kafka.
 *
 * A change made through this process drops its cluster's entry at once (and a read that began before the change is
 * not kept); changes made elsewhere show once the entry is `maxAgeMs` old.
 */
export class TopicListingCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by each drop: a read that began under an older generation is answered but not kept. */
  private readonly generations = new Map<string, number>();
  private readonly lastAsked = new Map<string, number>();
  private readonly warmers = new Map<string, NodeJS.Timeout>();
  private readonly refreshing = new Set<string>();
  private readonly now: () => number;

  constructor(private readonly options: TopicListingCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The cluster's listing: kept ones younger than maxAgeMs, else `read` (the caller's connection). */
  get(clusterId: string, read: () => Promise<TopicListing>): Promise<TopicListing> {
    if (this.options.maxAgeMs <= 0) return read();
    this.lastAsked.set(clusterId, this.now());
    this.keepWarm(clusterId);
    const cached = this.entries.get(clusterId);
    if (cached && this.now() - cached.readAt < this.options.maxAgeMs) return cached.listing;
    return this.store(clusterId, read());
  }

  /** The cluster changed (a write through this process): the next list reads Kafka again. */
  drop(clusterId: string): void {
    this.generations.set(clusterId, (this.generations.get(clusterId) ?? 0) + 1);
    this.entries.delete(clusterId);
  }

  /** Stops the background reads (the process is shutting down). */
  close(): void {
    for (const timer of this.warmers.values()) clearInterval(timer);
    this.warmers.clear();
  }

  private store(clusterId: string, listing: Promise<TopicListing>): Promise<TopicListing> {
    const generation = this.generations.get(clusterId) ?? 0;
    const entry: Entry = { readAt: this.now(), listing };
    // Requests arriving while the listing are read share the one read.
    this.entries.set(clusterId, entry);
    listing.then(
      () => {
        if ((this.generations.get(clusterId) ?? 0) !== generation) this.forget(clusterId, entry);
      },
      () => this.forget(clusterId, entry),
    );
    return listing;
  }

  /**
   * While lists ask (within keepWarmMs of the last one), the listing are read again once half their maximum age has
   * passed, so a list finds them well before they expire; one background read at a time per cluster.
   */
  private keepWarm(clusterId: string): void {
    if (this.warmers.has(clusterId) || this.options.keepWarmMs <= 0) return;
    const timer = setInterval(
      () => {
        if (this.now() - (this.lastAsked.get(clusterId) ?? 0) > this.options.keepWarmMs) {
          clearInterval(timer);
          this.warmers.delete(clusterId);
          return;
        }
        const current = this.entries.get(clusterId);
        if (this.refreshing.has(clusterId) || (current && this.now() - current.readAt < this.options.maxAgeMs / 2))
          return;
        this.refreshInBackground(clusterId, current);
      },
      this.options.tickMs ?? this.options.maxAgeMs / 4,
    );
    timer.unref();
    this.warmers.set(clusterId, timer);
  }

  /** The fresh listing replace `previous` unless the cluster changed meanwhile; until then lists get `previous`. */
  private refreshInBackground(clusterId: string, previous: Entry | undefined): void {
    const generation = this.generations.get(clusterId) ?? 0;
    const entry: Entry = { readAt: this.now(), listing: this.options.readInBackground(clusterId) };
    this.refreshing.add(clusterId);
    entry.listing
      .then(
        () => {
          const unchanged = (this.generations.get(clusterId) ?? 0) === generation;
          if (unchanged && this.entries.get(clusterId) === previous) this.entries.set(clusterId, entry);
        },
        () => undefined, // not kept: the next list reads Kafka itself
      )
      .finally(() => this.refreshing.delete(clusterId));
  }

  private forget(clusterId: string, entry: Entry): void {
    if (this.entries.get(clusterId) === entry) this.entries.delete(clusterId);
  }
}
