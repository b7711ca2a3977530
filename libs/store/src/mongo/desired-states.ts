import type { DesiredStateRecord, DesiredStateRepository } from "../repositories.js";
import { isDuplicateKey } from "./errors.js";
import type { Models } from "./models.js";

interface DesiredStateDoc {
  _id: string;
  clusterId: string;
  key: string;
  body: string;
  updatedAt: Date;
}

const idOf = (clusterId: string, key: string) => `${clusterId}\u0000${key}`;
const toRecord = (doc: DesiredStateDoc): DesiredStateRecord => ({
  clusterId: doc.clusterId,
  key: doc.key,
  body: doc.body,
  updatedAt: doc.updatedAt,
});
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export class MongoDesiredStates implements DesiredStateRepository {
  constructor(private readonly models: Models) {}

  async put(record: DesiredStateRecord): Promise<void> {
    const doc = { clusterId: record.clusterId, key: record.key, body: record.body, updatedAt: record.updatedAt };
    const replace = (upsert: boolean) =>
      this.models.desiredStates.collection.replaceOne(
        { _id: idOf(record.clusterId, record.key) } as never,
        doc as never,
        { upsert },
      );
    // Two writers of one key at once: the loser's upsert meets the winner's insert, and replaces it.
    await replace(true).catch((error: unknown) => {
      if (!isDuplicateKey(error)) throw error;
      return replace(false);
    });
  }

  async get(clusterId: string, key: string): Promise<DesiredStateRecord | undefined> {
    const doc = await this.models.desiredStates.findById(idOf(clusterId, key)).lean<DesiredStateDoc>();
    return doc ? toRecord(doc) : undefined;
  }

  async list(clusterId: string, prefix: string): Promise<DesiredStateRecord[]> {
    const docs = await this.models.desiredStates
      .find({ clusterId, key: { $regex: `^${escapeRegex(prefix)}` } })
      .sort({ key: 1 })
      .lean<DesiredStateDoc[]>();
    return docs.map(toRecord);
  }

  async remove(clusterId: string, key: string): Promise<boolean> {
    return (await this.models.desiredStates.deleteOne({ _id: idOf(clusterId, key) })).deletedCount > 0;
  }

  async removeCluster(clusterId: string): Promise<void> {
    await this.models.desiredStates.deleteMany({ clusterId });
  }
}
