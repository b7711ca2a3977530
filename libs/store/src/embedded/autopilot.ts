import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
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
import { alreadyExists, date, iso, json, parse, type Row, transaction } from "./sql.js";

const toPolicy = (row: Row): PolicyRecord => ({
  id: String(row.id),
  spec: parse<PolicySpec>(row.doc),
  createdAt: date(row.created_at),
  updatedAt: date(row.updated_at),
});

export class EmbeddedPolicies implements PolicyRepository {
  constructor(private readonly db: DatabaseSync) {}

  async create(spec: PolicySpec): Promise<PolicyRecord> {
    const id = randomUUID();
    const now = iso(new Date());
    try {
      this.db
        .prepare("INSERT INTO policies (id, name, doc, created_at, updated_at) VALUES (?, ?, ?, ?, ?)")
        .run(id, spec.name, json(spec), now, now);
    } catch (error) {
      alreadyExists(`A policy named ${spec.name} already exists`, error);
    }
    return (await this.findById(id)) as PolicyRecord;
  }

  async findById(id: string): Promise<PolicyRecord | undefined> {
    const row = this.db.prepare("SELECT * FROM policies WHERE id = ?").get(id) as Row | undefined;
    return row && toPolicy(row);
  }

  async list(): Promise<PolicyRecord[]> {
    return (this.db.prepare("SELECT * FROM policies ORDER BY rowid").all() as Row[]).map(toPolicy);
  }

  async update(id: string, spec: PolicySpec): Promise<PolicyRecord> {
    let changes = 0;
    try {
      changes = Number(
        this.db
          .prepare("UPDATE policies SET name = ?, doc = ?, updated_at = ? WHERE id = ?")
          .run(spec.name, json(spec), iso(new Date()), id).changes,
      );
    } catch (error) {
      alreadyExists(`A policy named ${spec.name} already exists`, error);
    }
    if (changes === 0) throw new AppError("not_found", `No policy ${id}`);
    return (await this.findById(id)) as PolicyRecord;
  }

  async remove(id: string): Promise<boolean> {
    return Number(this.db.prepare("DELETE FROM policies WHERE id = ?").run(id).changes) > 0;
  }
}

const toAnomaly = (row: Row): Anomaly => parse<Anomaly>(row.doc);

export class EmbeddedAnomalies implements AnomalyRepository {
  constructor(private readonly db: DatabaseSync) {}

  async listOpen(clusterId: string): Promise<Anomaly[]> {
    const rows = this.db
      .prepare("SELECT doc FROM anomalies WHERE cluster_id = ? AND cleared_at IS NULL ORDER BY seq")
      .all(clusterId) as Row[];
    return rows.map(toAnomaly);
  }

  async put(anomalies: readonly Anomaly[]): Promise<void> {
    if (anomalies.length === 0) return;
    const upsert = this.db.prepare(
      `INSERT INTO anomalies (id, cluster_id, code, cleared_at, doc, seq)
       VALUES (?, ?, ?, ?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM anomalies))
       ON CONFLICT (id) DO UPDATE SET cleared_at = excluded.cleared_at, doc = excluded.doc`,
    );
    transaction(this.db, () => {
      for (const a of anomalies) upsert.run(a.id, a.clusterId, a.code, a.clearedAt, json(a));
    });
  }

  async get(id: string): Promise<Anomaly | undefined> {
    const row = this.db.prepare("SELECT doc FROM anomalies WHERE id = ?").get(id) as Row | undefined;
    return row && toAnomaly(row);
  }

  async listPage(clusterId: string, query: AnomalyPageQuery): Promise<AnomalyPage> {
    const where = ["cluster_id = ?", "seq < ?"];
    const args: (string | number)[] = [clusterId, query.before ?? Number.MAX_SAFE_INTEGER];
    if (query.code) {
      where.push("code = ?");
      args.push(query.code);
    }
    if (query.state) where.push(query.state === "open" ? "cleared_at IS NULL" : "cleared_at IS NOT NULL");
    const rows = this.db
      .prepare(`SELECT doc, seq FROM anomalies WHERE ${where.join(" AND ")} ORDER BY seq DESC LIMIT ?`)
      .all(...args, query.limit + 1) as Row[];
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      anomalies: page.map(toAnomaly),
      ...(rows.length > query.limit && last ? { nextBefore: Number(last.seq) } : {}),
    };
  }

  async prune(before: Date): Promise<number> {
    return Number(
      this.db.prepare("DELETE FROM anomalies WHERE cleared_at IS NOT NULL AND cleared_at < ?").run(iso(before)).changes,
    );
  }
}

type PauseDoc = Omit<AutopilotPauseRecord, "scope" | "at" | "until"> & { at: string; until?: string };

export class EmbeddedAutopilotPauses implements AutopilotPauseRepository {
  constructor(private readonly db: DatabaseSync) {}

  async put(pause: AutopilotPauseRecord): Promise<void> {
    const doc: PauseDoc = {
      reason: pause.reason,
      by: pause.by,
      at: iso(pause.at),
      ...(pause.until ? { until: iso(pause.until) } : {}),
    };
    this.db
      .prepare(
        "INSERT INTO autopilot_pauses (scope, doc) VALUES (?, ?) ON CONFLICT (scope) DO UPDATE SET doc = excluded.doc",
      )
      .run(pause.scope, json(doc));
  }

  async remove(scope: string): Promise<boolean> {
    return Number(this.db.prepare("DELETE FROM autopilot_pauses WHERE scope = ?").run(scope).changes) > 0;
  }

  async list(): Promise<AutopilotPauseRecord[]> {
    return (this.db.prepare("SELECT * FROM autopilot_pauses ORDER BY scope").all() as Row[]).map((row) => {
      const doc = parse<PauseDoc>(row.doc);
      return {
        scope: String(row.scope),
        reason: doc.reason,
        by: doc.by,
        at: date(doc.at),
        ...(doc.until ? { until: date(doc.until) } : {}),
      };
    });
  }
}
