/**
 * A value built from the store (the fleet's views, from which the cluster list and /metrics are computed), rebuilt at
 * most once per `ttlMs` however many clients poll it (consoles poll every few seconds; building it reads and joins
 * every cluster and view). Writes through this process's registry drop it at once; views written by collectors, and
 * changes made through other gateway instances, show within `ttlMs` — far below the collection interval that decides
 * how fresh a view is anyway.
 */
export class OverviewCache<T> {
  private cached?: { value: T; at: number };
  private building?: Promise<T>;
  private generation = 0;

  constructor(
    private readonly build: () => Promise<T>,
    private readonly ttlMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<T> {
    if (this.cached && this.now() - this.cached.at < this.ttlMs) return this.cached.value;
    this.building ??= this.rebuild();
    return this.building;
  }

  invalidate(): void {
    this.generation++;
    this.cached = undefined;
    this.building = undefined;
  }

  private async rebuild(): Promise<T> {
    const generation = this.generation;
    const started = this.now();
    try {
      const value = await this.build();
      // A write during the build made this result stale: serve it to those who asked, but do not keep it.
      if (generation === this.generation) this.cached = { value, at: started };
      return value;
    } finally {
      if (generation === this.generation) this.building = undefined;
    }
  }
}
