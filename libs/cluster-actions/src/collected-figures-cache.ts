import type { Snapshot } from "@kcp/shared";
import type { ClusterViewRepository, ClusterViewSummary } from "@kcp/store";
import { type CollectedFigures, figuresOf } from "./collected-figures.js";

interface Entry {
  updatedAt: number;
  figures: Promise<CollectedFigures | undefined>;
}

/**
 * The figures of each cluster's last collection, rebuilt only when a new collection is stored. A topic list asks for
 * them on every request (each search keystroke): reading and parsing a 50,000-partition snapshot each time cost more
 * than the Kafka reads. Checking freshness reads the view without its snapshot.
 */
export class CollectedFiguresCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly views: ClusterViewRepository) {}

  /** `view`: the cluster's view summary when the caller has just read it (the metrics read them all at once). */
  async get(clusterId: string, view?: ClusterViewSummary): Promise<CollectedFigures | undefined> {
    const summary = view ?? (await this.views.getSummary(clusterId));
    if (!summary) {
      this.entries.delete(clusterId);
      return undefined;
    }
    const updatedAt = summary.updatedAt.getTime();
    const cached = this.entries.get(clusterId);
    if (cached && cached.updatedAt === updatedAt) return cached.figures;
    // Requests arriving while the figures are built share the one read.
    const figures = this.read(clusterId);
    this.entries.set(clusterId, { updatedAt, figures });
    figures.catch(() => {
      if (this.entries.get(clusterId)?.figures === figures) this.entries.delete(clusterId);
    });
    return figures;
  }

  private async read(clusterId: string): Promise<CollectedFigures | undefined> {
    const snapshot = (await this.views.get(clusterId))?.snapshot as unknown as Snapshot | undefined;
    return snapshot ? figuresOf(snapshot) : undefined;
  }
}
