import type { TopicListing } from "@kcp/kafka";

interface Entry {
  /** When the read that gave it began. */
  readAt: number;
  listing: TopicListing;
}

export interface TopicListingCacheOptions {
  /** How long listing read are answered (TOPIC_LIST_CACHE_MS); 0 turns the cache off. */
  maxAgeMs: number;
  /** After a list asked, the listing are read again in the background as they age, for this long. */
  keepWarmMs: number;
  /** Reads a cluster's listing on its own connection (every read is in the background). */
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
 * scrolling.
 *
 * The listing is only ever read in the background: a list that finds none fresh reads its own page directly (as fast
 * as before: Metadata and its topics' sizes) and starts one, which the lists after it use. While lists are being used
 * (within `keepWarmMs` of the last one), it is read again as it ages, so a search typed a while after the page opened
 * finds it fresh instead of waiting for Kafka.
 *
 * A change made through this process drops its cluster's listing at once (and a read that began before the change
 * is not kept); changes made elsewhere show once it is `maxAgeMs` old.
 */
export class TopicListingCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by each drop: a read that began under an older generation is not kept. */
  private readonly generations = new Map<string, number>();
  private readonly lastAsked = new Map<string, number>();
  private readonly warmers = new Map<string, NodeJS.Timeout>();
  private readonly refreshing = new Set<string>();
  private readonly now: () => number;

  constructor(private readonly options: TopicListingCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The cluster's listing if one younger than maxAgeMs has been read, else undefined (the caller reads its page
   * directly) and a read of it is started.
   */
  get(clusterId: string): TopicListing | undefined {
    if (this.options.maxAgeMs <= 0) return undefined;
    this.lastAsked.set(clusterId, this.now());
    this.keepWarm(clusterId);
    const kept = this.entries.get(clusterId);
    if (kept && this.now() - kept.readAt < this.options.maxAgeMs) return kept.listing;
    if (!this.refreshing.has(clusterId)) this.readInBackground(clusterId);
    return undefined;
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

  /**
   * While lists ask (within keepWarmMs of the last one), the listing is read again once half its maximum age has
   * passed, so a list finds it well before it expires.
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
        const kept = this.entries.get(clusterId);
        if (this.refreshing.has(clusterId) || (kept && this.now() - kept.readAt < this.options.maxAgeMs / 2)) return;
        this.readInBackground(clusterId);
      },
      this.options.tickMs ?? this.options.maxAgeMs / 4,
    );
    timer.unref();
    this.warmers.set(clusterId, timer);
  }

  /** One read at a time per cluster; its listing is kept unless the cluster changed (a drop) while it ran. */
  private readInBackground(clusterId: string): void {
    const generation = this.generations.get(clusterId) ?? 0;
    const readAt = this.now();
    this.refreshing.add(clusterId);
    this.options
      .readInBackground(clusterId)
      .then(
        (listing) => {
          if ((this.generations.get(clusterId) ?? 0) === generation) this.entries.set(clusterId, { readAt, listing });
        },
        () => undefined, // not kept: lists read their pages directly until a read succeeds
      )
      .finally(() => this.refreshing.delete(clusterId));
  }
}
