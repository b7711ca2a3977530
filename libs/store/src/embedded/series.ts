import type { DatabaseSync } from "node:sqlite";
import type { SeriesDictionaryRecord, SeriesFrameRecord, SeriesRepository } from "../repositories.js";
import { type Row, transaction } from "./sql.js";

type Resolution = SeriesFrameRecord["resolution"];

const toFrame = (row: Row): SeriesFrameRecord => ({
  clusterId: String(row.cluster_id),
  part: String(row.part),
  resolution: String(row.resolution) as Resolution,
  at: new Date(Number(row.at)),
  dictionary: String(row.dictionary),
  data: row.data as Uint8Array,
  expiresAt: new Date(Number(row.expires_at)),
});

/** Frames keyed by cluster, part, resolution and time (epoch ms, so ranges are integer comparisons on the key). */
export class EmbeddedSeries implements SeriesRepository {
  constructor(private readonly db: DatabaseSync) {}

  async put(frames: SeriesFrameRecord[], dictionaries: SeriesDictionaryRecord[]): Promise<void> {
    const frame = this.db.prepare(
      `INSERT INTO series_frames (cluster_id, part, resolution, at, dictionary, data, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (cluster_id, part, resolution, at) DO UPDATE SET
         dictionary = excluded.dictionary, data = excluded.data, expires_at = excluded.expires_at`,
    );
    const dictionary = this.db.prepare(
      `INSERT INTO series_dictionaries (cluster_id, id, keys, expires_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (cluster_id, id) DO UPDATE SET expires_at = max(expires_at, excluded.expires_at)`,
    );
    transaction(this.db, () => {
      for (const d of dictionaries) dictionary.run(d.clusterId, d.id, JSON.stringify(d.keys), d.expiresAt.getTime());
      for (const f of frames)
        frame.run(f.clusterId, f.part, f.resolution, f.at.getTime(), f.dictionary, f.data, f.expiresAt.getTime());
    });
  }

  async frames(clusterId: string, part: string | null, resolution: Resolution, from: Date, to: Date) {
    const rows = (
      part === null
        ? this.db
            .prepare(
              `SELECT * FROM series_frames WHERE cluster_id = ? AND resolution = ? AND at >= ? AND at < ?
               ORDER BY at, part`,
            )
            .all(clusterId, resolution, from.getTime(), to.getTime())
        : this.db
            .prepare(
              `SELECT * FROM series_frames WHERE cluster_id = ? AND part = ? AND resolution = ? AND at >= ? AND at < ?
               ORDER BY at`,
            )
            .all(clusterId, part, resolution, from.getTime(), to.getTime())
    ) as Row[];
    return rows.map(toFrame);
  }

  async latestAt(clusterId: string, part: string, resolution: Resolution): Promise<Date | undefined> {
    const row = this.db
      .prepare("SELECT max(at) AS at FROM series_frames WHERE cluster_id = ? AND part = ? AND resolution = ?")
      .get(clusterId, part, resolution) as Row | undefined;
    return row?.at === null || row?.at === undefined ? undefined : new Date(Number(row.at));
  }

  async dictionaries(clusterId: string, ids: string[]): Promise<SeriesDictionaryRecord[]> {
    if (ids.length === 0) return [];
    const found: SeriesDictionaryRecord[] = [];
    const select = this.db.prepare("SELECT * FROM series_dictionaries WHERE cluster_id = ? AND id = ?");
    for (const id of ids) {
      const row = select.get(clusterId, id) as Row | undefined;
      if (row)
        found.push({
          clusterId,
          id,
          keys: JSON.parse(String(row.keys)) as string[],
          expiresAt: new Date(Number(row.expires_at)),
        });
    }
    return found;
  }

  async sweep(now: Date): Promise<number> {
    const at = now.getTime();
    return transaction(this.db, () => {
      const frames = this.db.prepare("DELETE FROM series_frames WHERE expires_at < ?").run(at);
      const dictionaries = this.db.prepare("DELETE FROM series_dictionaries WHERE expires_at < ?").run(at);
      return Number(frames.changes) + Number(dictionaries.changes);
    });
  }

  async removeCluster(clusterId: string): Promise<void> {
    transaction(this.db, () => {
      this.db.prepare("DELETE FROM series_frames WHERE cluster_id = ?").run(clusterId);
      this.db.prepare("DELETE FROM series_dictionaries WHERE cluster_id = ?").run(clusterId);
    });
  }
}
