import type { TopicLayouts } from "@kcp/kafka";

interface Entry {
  readAt: number;
  layouts: Promise<TopicLayouts>;
}

/**
 * Each cluster's topic layouts (every topic's partitions, leaders, replicas, ISR) for a few seconds. A topic list
 * needs every name for its search and paging, and Kafka answers them only all at once: at 50,000 partitions that
 * Metadata request and its reading cost about 200 ms, paid again on every search keystroke and every page fetched
 * while scrolling. Sizes and configs are still read live for the page's topics.
 *
 * A change made through this process drops its cluster's entry at once (and a read that began before the change is
 * not kept); changes made elsewhere show once the entry is `maxAgeMs` old. 0 turns the cache off.
 */
export class TopicLayoutCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by each drop: a read that began under an older generation is answered but not kept. */
  private readonly generations = new Map<string, number>();

  constructor(
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(clusterId: string, read: () => Promise<TopicLayouts>): Promise<TopicLayouts> {
    if (this.maxAgeMs <= 0) return read();
    const cached = this.entries.get(clusterId);
    if (cached && this.now() - cached.readAt < this.maxAgeMs) return cached.layouts;
    const generation = this.generations.get(clusterId) ?? 0;
    const entry: Entry = { readAt: this.now(), layouts: read() };
    // Requests arriving while the layouts are read share the one read.
    this.entries.set(clusterId, entry);
    entry.layouts.then(
      () => {
        if ((this.generations.get(clusterId) ?? 0) !== generation) this.forget(clusterId, entry);
      },
      () => this.forget(clusterId, entry),
    );
    return entry.layouts;
  }

  /** The cluster changed (a write through this process): the next list reads Kafka again. */
  drop(clusterId: string): void {
    this.generations.set(clusterId, (this.generations.get(clusterId) ?? 0) + 1);
    this.entries.delete(clusterId);
  }

  private forget(clusterId: string, entry: Entry): void {
    if (this.entries.get(clusterId) === entry) this.entries.delete(clusterId);
  }
}
