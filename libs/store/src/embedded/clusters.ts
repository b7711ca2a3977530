import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
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
import { alreadyExists, date, iso, json, parse, type Row } from "./sql.js";

type ClusterDoc = Omit<ClusterRecord, "id" | "name" | "createdAt" | "updatedAt">;

function toCluster(row: Row): ClusterRecord {
  const doc = parse<ClusterDoc>(row.doc);
  return {
    id: String(row.id),
    name: String(row.name),
    ...doc,
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

function docOf(cluster: NewCluster | ClusterRecord): ClusterDoc {
  const { profile, secrets, labels, settings, brokerClusterId } = cluster;
  return { profile, labels, settings, brokerClusterId, ...(secrets ? { secrets } : {}) };
}

export class EmbeddedClusters implements ClusterRepository {
  constructor(private readonly db: DatabaseSync) {}

  async create(cluster: NewCluster): Promise<ClusterRecord> {
    const id = randomUUID();
    const now = iso(new Date());
    try {
      this.db
        .prepare("INSERT INTO clusters VALUES (?, ?, ?, ?, ?)")
        .run(id, cluster.name, json(docOf(cluster)), now, now);
    } catch (error) {
      alreadyExists(`A cluster named ${cluster.name} already exists`, error);
    }
    return (await this.findById(id)) as ClusterRecord;
  }

  async findById(id: string): Promise<ClusterRecord | undefined> {
    const row = this.db.prepare("SELECT * FROM clusters WHERE id = ?").get(id) as Row | undefined;
    return row && toCluster(row);
  }

  async findByName(name: string): Promise<ClusterRecord | undefined> {
    const row = this.db.prepare("SELECT * FROM clusters WHERE name = ?").get(name) as Row | undefined;
    return row && toCluster(row);
  }

  async list(): Promise<ClusterRecord[]> {
    return (this.db.prepare("SELECT * FROM clusters ORDER BY rowid").all() as Row[]).map(toCluster);
  }

  async update(id: string, changes: ClusterChanges): Promise<ClusterRecord> {
    const current = await this.findById(id);
    if (!current) throw new AppError("not_found", `No cluster ${id}`);
    const next = { ...current, ...changes };
    try {
      this.db
        .prepare("UPDATE clusters SET name = ?, doc = ?, updated_at = ? WHERE id = ?")
        .run(next.name, json(docOf(next)), iso(new Date()), id);
    } catch (error) {
      alreadyExists(`A cluster named ${next.name} already exists`, error);
    }
    return (await this.findById(id)) as ClusterRecord;
  }

  async remove(id: string): Promise<boolean> {
    return Number(this.db.prepare("DELETE FROM clusters WHERE id = ?").run(id).changes) > 0;
  }
}

type ViewDoc = Omit<ClusterViewRecord, "clusterId" | "updatedAt" | "snapshot">;

function toSummary(row: Row): ClusterViewSummary {
  return { clusterId: String(row.cluster_id), ...parse<ViewDoc>(row.doc), updatedAt: date(row.updated_at) };
}

function toView(row: Row): ClusterViewRecord {
  const snapshot =
    row.snapshot === null || row.snapshot === undefined ? undefined : parse<Record<string, unknown>>(row.snapshot);
  return { ...toSummary(row), ...(snapshot ? { snapshot } : {}) };
}

export class EmbeddedClusterViews implements ClusterViewRepository {
  constructor(private readonly db: DatabaseSync) {}

  async put(view: ClusterViewRecord): Promise<void> {
    const { clusterId, updatedAt, snapshot, ...doc } = view;
    this.db
      .prepare(
        `INSERT INTO cluster_views (cluster_id, doc, updated_at, snapshot) VALUES (?, ?, ?, ?) ON CONFLICT (cluster_id)
         DO UPDATE SET doc = excluded.doc, updated_at = excluded.updated_at, snapshot = excluded.snapshot`,
      )
      .run(clusterId, json(doc), iso(updatedAt), snapshot ? json(snapshot) : null);
  }

  async get(clusterId: string): Promise<ClusterViewRecord | undefined> {
    const row = this.db.prepare("SELECT * FROM cluster_views WHERE cluster_id = ?").get(clusterId) as Row | undefined;
    return row && toView(row);
  }

  async getSummary(clusterId: string): Promise<ClusterViewSummary | undefined> {
    const row = this.db
      .prepare("SELECT cluster_id, doc, updated_at FROM cluster_views WHERE cluster_id = ?")
      .get(clusterId) as Row | undefined;
    return row && toSummary(row);
  }

  async listSummaries(): Promise<ClusterViewSummary[]> {
    return (this.db.prepare("SELECT cluster_id, doc, updated_at FROM cluster_views").all() as Row[]).map(toSummary);
  }

  async remove(clusterId: string): Promise<void> {
    this.db.prepare("DELETE FROM cluster_views WHERE cluster_id = ?").run(clusterId);
  }
}
