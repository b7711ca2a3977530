import type { AuditFilter, AuditListQuery, AuditRecord, AuditRepository } from "../repositories.js";
import { isDuplicateKey } from "./errors.js";
import { fromJsonText, toJsonText } from "./free-form.js";
import type { Models } from "./models.js";

type AuditDoc = Omit<AuditRecord, "id" | "detail"> & { _id: number; detail: unknown };

/** Gives up after this many clashes in a row (only under extreme contention). */
const MAX_ATTEMPTS = 1000;

/**
 * Audit ids are the newest id + 1, inserted under the unique `_id`: of appenders that read the same newest id, one
 * insert wins and the others read again. So ids are small integers (int64-safe), and an entry appended after another
 * finished — in any process — always has a larger id. (A `$inc` counter would be simpler, but FerretDB v1 loses
 * concurrent increments; see docs/testing.md.)
 */
export class MongoAudit implements AuditRepository {
  /** Appends of this process run one at a time, so they never clash with each other. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly models: Models) {}

  append(entry: Omit<AuditRecord, "id">): Promise<AuditRecord> {
    const appended = this.queue.then(() => this.insertNext(entry));
    this.queue = appended.catch(() => undefined);
    return appended;
  }

  private async insertNext(entry: Omit<AuditRecord, "id">): Promise<AuditRecord> {
    for (let attempt = 1; ; attempt++) {
      const id = (await this.newestId()) + 1;
      try {
        await this.models.audit.collection.insertOne({ _id: id, ...entry, detail: toJsonText(entry.detail) } as never);
        return { id, ...entry };
      } catch (error) {
        if (!isDuplicateKey(error) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  async list(query: AuditListQuery): Promise<AuditRecord[]> {
    const docs = await this.models.audit.find(filterOf(query)).sort({ _id: -1 }).limit(query.limit).lean<AuditDoc[]>();
    return docs.map(({ _id, detail, ...rest }) => ({ id: _id, ...rest, detail: fromJsonText(detail) }));
  }

  async deleteOlderThan(before: Date): Promise<number> {
    const newest = await this.newestId();
    const result = await this.models.audit.deleteMany({ at: { $lt: before }, _id: { $lt: newest } });
    return result.deletedCount;
  }

  private async newestId(): Promise<number> {
    const [newest] = await this.models.audit.find({}, { _id: 1 }).sort({ _id: -1 }).limit(1).lean<{ _id: number }[]>();
    return newest?._id ?? 0;
  }
}

function filterOf(query: AuditFilter & { before?: number }): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  if (query.actor !== undefined) filter.actor = query.actor;
  if (query.action !== undefined) filter.action = query.action;
  if (query.result !== undefined) filter.result = query.result;
  if (query.clusterId !== undefined) filter.clusterId = query.clusterId;
  if (query.from !== undefined || query.to !== undefined) {
    filter.at = {
      ...(query.from === undefined ? {} : { $gte: query.from }),
      ...(query.to === undefined ? {} : { $lt: query.to }),
    };
  }
  if (query.before !== undefined) filter._id = { $lt: query.before };
  return filter;
}
