import type { SeriesDictionaryRecord, SeriesFrameRecord, SeriesRepository } from "../repositories.js";
import { isDuplicateKey } from "./errors.js";
import type { Models } from "./models.js";

type Resolution = SeriesFrameRecord["resolution"];

interface FrameDoc {
  _id: string;
  clusterId: string;
  part: string;
  resolution: string;
  at: Date;
  dictionary: string;
  data: Uint8Array | { buffer: Uint8Array };
  expiresAt: Date;
}

interface DictionaryDoc {
  _id: string;
  clusterId: string;
  keys: string;
  expiresAt: Date;
}

const frameId = (f: Pick<SeriesFrameRecord, "clusterId" | "part" | "resolution" | "at">) =>
  [f.clusterId, f.part, f.resolution, String(f.at.getTime())].join("\u0000");
const dictionaryId = (clusterId: string, id: string) => `${clusterId}\u0000${id}`;
const bytesOf = (data: FrameDoc["data"]): Uint8Array => (data instanceof Uint8Array ? data : data.buffer);

export class MongoSeries implements SeriesRepository {
  constructor(private readonly models: Models) {}

  async put(frames: SeriesFrameRecord[], dictionaries: SeriesDictionaryRecord[]): Promise<void> {
    const write = () =>
      Promise.all([
        dictionaries.length === 0
          ? undefined
          : this.models.seriesDictionaries.collection.bulkWrite(
              dictionaries.map((d) => ({
                updateOne: {
                  filter: { _id: dictionaryId(d.clusterId, d.id) } as never,
                  update: {
                    $setOnInsert: { clusterId: d.clusterId, keys: JSON.stringify(d.keys) },
                    $max: { expiresAt: d.expiresAt },
                  },
                  upsert: true,
                },
              })),
              { ordered: false },
            ),
        frames.length === 0 ? undefined : this.putFrames(frames),
      ]);
    // Two writers of one frame or dictionary at once: the loser's upsert meets the winner's insert; written again, it
    // replaces (frames) or keeps (dictionaries) the winner's.
    await write().catch((error: unknown) => {
      if (!isDuplicateKey(error)) throw error;
      return write();
    });
  }

  /**
   * Inserts the frames: each collection's are new, and an insert is much cheaper than an upsert on some
   * MongoDB-compatible servers (FerretDB). A frame already there (the same collection recorded again) makes the
   * insert fail on its key: then each is replaced.
   */
  private async putFrames(frames: SeriesFrameRecord[]): Promise<void> {
    const docOf = (f: SeriesFrameRecord) => ({
      clusterId: f.clusterId,
      part: f.part,
      resolution: f.resolution,
      at: f.at,
      dictionary: f.dictionary,
      data: Buffer.from(f.data),
      expiresAt: f.expiresAt,
    });
    try {
      await this.models.seriesFrames.collection.insertMany(
        frames.map((f) => ({ _id: frameId(f), ...docOf(f) })) as never,
        { ordered: false },
      );
      return;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    await this.models.seriesFrames.collection.bulkWrite(
      frames.map((f) => ({
        replaceOne: { filter: { _id: frameId(f) } as never, replacement: docOf(f) as never, upsert: true },
      })),
      { ordered: false },
    );
  }

  async frames(clusterId: string, part: string | null, resolution: Resolution, from: Date, to: Date) {
    const docs = await this.models.seriesFrames
      .find({ clusterId, ...(part === null ? {} : { part }), resolution, at: { $gte: from, $lt: to } })
      .sort(part === null ? { at: 1, part: 1 } : { at: 1 })
      .lean<FrameDoc[]>();
    return docs.map(
      (doc): SeriesFrameRecord => ({
        clusterId: doc.clusterId,
        part: doc.part,
        resolution: doc.resolution as Resolution,
        at: doc.at,
        dictionary: doc.dictionary,
        data: bytesOf(doc.data),
        expiresAt: doc.expiresAt,
      }),
    );
  }

  async latestAt(clusterId: string, part: string, resolution: Resolution): Promise<Date | undefined> {
    const doc = await this.models.seriesFrames
      .findOne({ clusterId, part, resolution }, { at: 1 })
      .sort({ at: -1 })
      .lean<Pick<FrameDoc, "at">>();
    return doc?.at;
  }

  async dictionaries(clusterId: string, ids: string[]): Promise<SeriesDictionaryRecord[]> {
    if (ids.length === 0) return [];
    const docs = await this.models.seriesDictionaries
      .find({ _id: { $in: ids.map((id) => dictionaryId(clusterId, id)) } })
      .lean<DictionaryDoc[]>();
    return docs.map((doc) => ({
      clusterId,
      id: doc._id.slice(clusterId.length + 1),
      keys: JSON.parse(doc.keys) as string[],
      expiresAt: doc.expiresAt,
    }));
  }

  /** MongoDB's TTL monitor deletes expired records within a minute; a sweep deletes them at once (and where a
   * MongoDB-compatible server has no TTL monitor). */
  async sweep(now: Date): Promise<number> {
    const [frames, dictionaries] = await Promise.all([
      this.models.seriesFrames.deleteMany({ expiresAt: { $lt: now } }),
      this.models.seriesDictionaries.deleteMany({ expiresAt: { $lt: now } }),
    ]);
    return frames.deletedCount + dictionaries.deletedCount;
  }

  async removeCluster(clusterId: string): Promise<void> {
    await Promise.all([
      this.models.seriesFrames.deleteMany({ clusterId }),
      this.models.seriesDictionaries.deleteMany({ clusterId }),
    ]);
  }
}
