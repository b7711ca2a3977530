import { randomUUID } from "node:crypto";
import { AppError } from "@kcp/shared";
import type {
  ClusterChanges,
  ClusterRecord,
  ClusterRepository,
  ClusterViewRecord,
  ClusterViewRepository,
  ClusterViewSummary,
  NewCluster,
} from "../repositories.js";
import { alreadyExists, isDuplicateKey, timeOrderedNumber } from "./errors.js";
import { fromJsonText, packSnapshot, toJsonText, unpackSnapshot } from "./free-form.js";
import type { Models } from "./models.js";

type ClusterDoc = Omit<ClusterRecord, "id" | "profile" | "labels" | "settings"> & {
  _id: string;
  profile: unknown;
  labels: unknown;
  settings: unknown;
};

type FreeFormFields = Pick<ClusterRecord, "profile" | "labels" | "settings">;

/** The free-form fields as JSON text (their keys may hold dots); only those present in `fields`. */
function storedFreeForm(fields: Partial<FreeFormFields>) {
  return Object.fromEntries(
    (["profile", "labels", "settings"] as const)
      .filter((name) => fields[name] !== undefined)
      .map((name) => [name, toJsonText(fields[name])]),
  );
}

const toCluster = ({
  _id,
  seq: _seq,
  profile,
  labels,
  settings,
  ...rest
}: ClusterDoc & { seq?: number }): ClusterRecord => ({
  id: _id,
  ...rest,
  profile: fromJsonText(profile),
  labels: fromJsonText(labels),
  settings: fromJsonText(settings),
});

export class MongoClusters implements ClusterRepository {
  constructor(private readonly models: Models) {}

  async create(cluster: NewCluster): Promise<ClusterRecord> {
    const now = new Date();
    const doc: ClusterDoc = {
      _id: randomUUID(),
      ...cluster,
      ...storedFreeForm(cluster),
      createdAt: now,
      updatedAt: now,
    };
    await this.models.clusters.collection
      .insertOne({ ...doc, seq: timeOrderedNumber() } as never)
      .catch((error: unknown) => {
        alreadyExists(`A cluster named ${cluster.name} already exists`, error);
      });
    return toCluster(doc);
  }

  async findById(id: string): Promise<ClusterRecord | undefined> {
    const doc = await this.models.clusters.findById(id).lean<ClusterDoc>();
    return doc ? toCluster(doc) : undefined;
  }

  async findByName(name: string): Promise<ClusterRecord | undefined> {
    const doc = await this.models.clusters.findOne({ name }).lean<ClusterDoc>();
    return doc ? toCluster(doc) : undefined;
  }

  async list(): Promise<ClusterRecord[]> {
    const docs = await this.models.clusters.find().sort({ seq: 1 }).lean<ClusterDoc[]>();
    return docs.map(toCluster);
  }

  async update(id: string, changes: ClusterChanges): Promise<ClusterRecord> {
    const unset = changes.secrets === undefined && "secrets" in changes ? { $unset: { secrets: 1 } } : {};
    const result = await this.models.clusters
      .updateOne({ _id: id }, { $set: { ...changes, ...storedFreeForm(changes), updatedAt: new Date() }, ...unset })
      .catch((error: unknown) => alreadyExists(`A cluster named ${changes.name} already exists`, error));
    if (result.matchedCount === 0) throw new AppError("not_found", `No cluster ${id}`);
    return (await this.findById(id)) as ClusterRecord;
  }

  async remove(id: string): Promise<boolean> {
    return (await this.models.clusters.deleteOne({ _id: id })).deletedCount > 0;
  }
}

type ViewDoc = Omit<ClusterViewRecord, "clusterId" | "snapshot"> & { _id: string; snapshot?: unknown };

export class MongoClusterViews implements ClusterViewRepository {
  constructor(private readonly models: Models) {}

  async put(view: ClusterViewRecord): Promise<void> {
    const { clusterId, snapshot, ...rest } = view;
    const doc = { ...rest, ...(snapshot ? { snapshot: packSnapshot(snapshot) } : {}) };
    const replace = (upsert: boolean) =>
      this.models.clusterViews.collection.replaceOne({ _id: clusterId } as never, doc as never, { upsert });
    // Two collectors may insert the first view at once: the loser replaces the winner's.
    await replace(true).catch((error: unknown) => {
      if (!isDuplicateKey(error)) throw error;
      return replace(false);
    });
  }

  async get(clusterId: string): Promise<ClusterViewRecord | undefined> {
    const doc = await this.models.clusterViews.findById(clusterId).lean<ViewDoc>();
    if (!doc) return undefined;
    const { _id, snapshot, ...rest } = doc;
    const unpacked = unpackSnapshot(snapshot);
    return { clusterId: _id, ...rest, ...(unpacked ? { snapshot: unpacked } : {}) };
  }

  async getSummary(clusterId: string): Promise<ClusterViewSummary | undefined> {
    const doc = await this.models.clusterViews.findById(clusterId, { snapshot: 0 }).lean<ViewDoc>();
    if (!doc) return undefined;
    const { _id, ...rest } = doc;
    return { clusterId: _id, ...rest };
  }

  async listSummaries(): Promise<ClusterViewSummary[]> {
    const docs = await this.models.clusterViews.find({}, { snapshot: 0 }).lean<ViewDoc[]>();
    return docs.map(({ _id, ...rest }) => ({ clusterId: _id, ...rest }));
  }

  async remove(clusterId: string): Promise<void> {
    await this.models.clusterViews.deleteOne({ _id: clusterId });
  }
}
