import { randomUUID } from "node:crypto";
import { type Anomaly, AppError, type PolicySpec } from "@kcp/shared";
import type {
  AnomalyPage,
  AnomalyPageQuery,
  AnomalyRepository,
  AutopilotPauseRecord,
  AutopilotPauseRepository,
  PolicyRecord,
  PolicyRepository,
} from "../repositories.js";
import { alreadyExists, isDuplicateKey, timeOrderedNumber } from "./errors.js";
import { fromJsonText, toJsonText } from "./free-form.js";
import type { Models } from "./models.js";

/** A policy; its spec as JSON text (label keys of a scope may hold '.', which MongoDB refuses in field names). */
interface PolicyDoc {
  _id: string;
  name: string;
  spec: string;
  createdAt: Date;
  updatedAt: Date;
  seq: number;
}

const toPolicy = (doc: PolicyDoc): PolicyRecord => ({
  id: doc._id,
  spec: fromJsonText<PolicySpec>(doc.spec),
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});

export class MongoPolicies implements PolicyRepository {
  constructor(private readonly models: Models) {}

  async create(spec: PolicySpec): Promise<PolicyRecord> {
    const now = new Date();
    const doc: PolicyDoc = {
      _id: randomUUID(),
      name: spec.name,
      spec: toJsonText(spec),
      createdAt: now,
      updatedAt: now,
      seq: timeOrderedNumber(),
    };
    await this.models.policies.collection
      .insertOne(doc as never)
      .catch((error: unknown) => alreadyExists(`A policy named ${spec.name} already exists`, error));
    return toPolicy(doc);
  }

  async findById(id: string): Promise<PolicyRecord | undefined> {
    const doc = await this.models.policies.findById(id).lean<PolicyDoc>();
    return doc ? toPolicy(doc) : undefined;
  }

  async list(): Promise<PolicyRecord[]> {
    return (await this.models.policies.find().sort({ seq: 1 }).lean<PolicyDoc[]>()).map(toPolicy);
  }

  async update(id: string, spec: PolicySpec): Promise<PolicyRecord> {
    const result = await this.models.policies
      .updateOne({ _id: id }, { $set: { name: spec.name, spec: toJsonText(spec), updatedAt: new Date() } })
      .catch((error: unknown) => alreadyExists(`A policy named ${spec.name} already exists`, error));
    if (result.matchedCount === 0) throw new AppError("not_found", `No policy ${id}`);
    return (await this.findById(id)) as PolicyRecord;
  }

  async remove(id: string): Promise<boolean> {
    return (await this.models.policies.deleteOne({ _id: id })).deletedCount > 0;
  }
}

/** An anomaly: the fields queried, and the whole anomaly as JSON text. */
interface AnomalyDoc {
  _id: string;
  clusterId: string;
  code: string;
  clearedAt: string | null;
  doc: string;
  seq: number;
}

const toAnomaly = (doc: Pick<AnomalyDoc, "doc">): Anomaly => fromJsonText<Anomaly>(doc.doc);

export class MongoAnomalies implements AnomalyRepository {
  constructor(private readonly models: Models) {}

  async listOpen(clusterId: string): Promise<Anomaly[]> {
    const docs = await this.models.anomalies.find({ clusterId, clearedAt: null }).sort({ seq: 1 }).lean<AnomalyDoc[]>();
    return docs.map(toAnomaly);
  }

  /** Insert first (its place in the order is set once); an anomaly already stored is updated in place. */
  async put(anomalies: readonly Anomaly[]): Promise<void> {
    for (const anomaly of anomalies) {
      const fields = {
        clusterId: anomaly.clusterId,
        code: anomaly.code,
        clearedAt: anomaly.clearedAt,
        doc: toJsonText(anomaly),
      };
      try {
        await this.models.anomalies.collection.insertOne({
          _id: anomaly.id,
          ...fields,
          seq: timeOrderedNumber(),
        } as never);
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        await this.models.anomalies.updateOne({ _id: anomaly.id }, { $set: fields });
      }
    }
  }

  async get(id: string): Promise<Anomaly | undefined> {
    const doc = await this.models.anomalies.findById(id).lean<AnomalyDoc>();
    return doc ? toAnomaly(doc) : undefined;
  }

  async listPage(clusterId: string, query: AnomalyPageQuery): Promise<AnomalyPage> {
    const filter: Record<string, unknown> = { clusterId, seq: { $lt: query.before ?? Number.MAX_SAFE_INTEGER } };
    if (query.code) filter.code = query.code;
    if (query.state) filter.clearedAt = query.state === "open" ? null : { $ne: null };
    const docs = await this.models.anomalies
      .find(filter)
      .sort({ seq: -1 })
      .limit(query.limit + 1)
      .lean<AnomalyDoc[]>();
    const page = docs.slice(0, query.limit);
    const last = page.at(-1);
    return {
      anomalies: page.map(toAnomaly),
      ...(docs.length > query.limit && last ? { nextBefore: last.seq } : {}),
    };
  }

  async prune(before: Date): Promise<number> {
    const result = await this.models.anomalies.deleteMany({ clearedAt: { $ne: null, $lt: before.toISOString() } });
    return result.deletedCount;
  }
}

interface PauseDoc {
  _id: string;
  reason: string;
  by: string;
  at: Date;
  until?: Date | null;
}

export class MongoAutopilotPauses implements AutopilotPauseRepository {
  constructor(private readonly models: Models) {}

  async put(pause: AutopilotPauseRecord): Promise<void> {
    const doc = { reason: pause.reason, by: pause.by, at: pause.at, until: pause.until ?? null };
    const replace = (upsert: boolean) =>
      this.models.autopilotPauses.collection.replaceOne({ _id: pause.scope } as never, doc as never, { upsert });
    // Two admins may pause one scope at once: the loser's upsert meets the winner's insert, and replaces it.
    await replace(true).catch((error: unknown) => {
      if (!isDuplicateKey(error)) throw error;
      return replace(false);
    });
  }

  async remove(scope: string): Promise<boolean> {
    return (await this.models.autopilotPauses.deleteOne({ _id: scope })).deletedCount > 0;
  }

  async list(): Promise<AutopilotPauseRecord[]> {
    const docs = await this.models.autopilotPauses.find().sort({ _id: 1 }).lean<PauseDoc[]>();
    return docs.map((doc) => ({
      scope: doc._id,
      reason: doc.reason,
      by: doc.by,
      at: doc.at,
      ...(doc.until ? { until: doc.until } : {}),
    }));
  }
}
