import type { AuditRecord, AuditRepository } from "../repositories.js";
import { isDuplicateKey, timeOrderedNumber } from "./errors.js";
import type { Models } from "./models.js";

type AuditDoc = Omit<AuditRecord, "id"> & { _id: number };

/** Audit ids are time-ordered numbers (ms × 1000 + a counter), unique by `_id`; a clash takes the next number. */
export class MongoAudit implements AuditRepository {
  constructor(private readonly models: Models) {}

  async append(entry: Omit<AuditRecord, "id">): Promise<AuditRecord> {
    for (let attempt = 0; ; attempt++) {
      const id = timeOrderedNumber();
      try {
        await this.models.audit.collection.insertOne({ _id: id, ...entry } as never);
        return { id, ...entry };
      } catch (error) {
        if (!isDuplicateKey(error) || attempt > 100) throw error;
      }
    }
  }

  async list(query: { clusterId?: string; limit: number }): Promise<AuditRecord[]> {
    const filter = query.clusterId === undefined ? {} : { clusterId: query.clusterId };
    const docs = await this.models.audit.find(filter).sort({ _id: -1 }).limit(query.limit).lean<AuditDoc[]>();
    return docs.map(({ _id, ...rest }) => ({ id: _id, ...rest }));
  }
}
