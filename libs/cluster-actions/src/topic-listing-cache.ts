import type { TopicListing } from "@kcp/kafka";

interface Entry {
  /** When the read that gave it began. */
  readAt: number;
  listing: TopicListing;
}

export interface TopicListingCacheOptions {
  /** How long a listing read is used (TOPIC_LIST_CACHE_MS); 0 turns the cache off. */
  maxAgeMs: number;
  /** Reads a cluster's listing on its own connection. */
  read: (clusterId: string) => Promise<TopicListing>;
  now?: () => number;
}

/**
 * Each cluster's topic listing (every topic's partitions, leaders, replicas, ISR, and every replica's size) for a few
 * seconds. A topic list needs every name for its search and paging, and Kafka answers them only all at once: at
 * 50,000 partitions the Metadata request and the brokers' DescribeLogDirs (each broker goes through all its logs even
 * for one topic) cost a few hundred milliseconds, paid again on every search keystroke and every page fetched while
 * scrolling.
 *
 * The listing is never read while a request waits: a list that finds none fresh reads its own page directly and then
 * asks for one (`refresh`), which the lists after it use. Reading it blocks the process for a while at that size (the
 * answer is parsed on the main thread), so it is read only on demand, never on a timer.
 *
 * A change made through this process drops its cluster's listing at once (and a read that began before the change
 * is not kept); changes made elsewhere show once it is `maxAgeMs` old.
 */
export class TopicListingCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by each drop: a read that began under an older generation is not kept. */
  private readonly generations = new Map<string, number>();
  private readonly reading = new Set<string>();
  private readonly now: () => number;

  constructor(private readonly options: TopicListingCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The cluster's listing if one younger than maxAgeMs has been read, else undefined (the caller reads its page). */
  get(clusterId: string): TopicListing | undefined {
    if (this.options.maxAgeMs <= 0) return undefined;
    const kept = this.entries.get(clusterId);
    return kept && this.now() - kept.readAt < this.options.maxAgeMs ? kept.listing : undefined;
  }

  /**
   * Starts a read of the cluster's listing unless one is fresh or already under way; its listing is kept unless the
   * cluster changed (a drop) while it ran. Failures are not kept: lists read their pages until a read succeeds.
   */
  refresh(clusterId: string): void {
    if (this.options.maxAgeMs <= 0 || this.reading.has(clusterId) || this.get(clusterId)) return;
    const generation = this.generations.get(clusterId) ?? 0;
    const readAt = this.now();
    this.reading.add(clusterId);
    this.options
      .read(clusterId)
      .then(
        (listing) => {
          if ((this.generations.get(clusterId) ?? 0) === generation) this.entries.set(clusterId, { readAt, listing });
        },
        () => undefined,
      )
      .finally(() => this.reading.delete(clusterId));
  }

  /** The cluster changed (a write through this process): the next list reads Kafka again. */
  drop(clusterId: string): void {
    this.generations.set(clusterId, (this.generations.get(clusterId) ?? 0) + 1);
    this.entries.delete(clusterId);
  }
}
