import { randomUUID } from "node:crypto";
import { AppError, type RoleBindingSpec } from "@kcp/shared";
import { type Connection, Schema } from "mongoose";
import { fileBindingId, type RoleBindingRecord, type RoleBindingRepository, specOf } from "../role-bindings.js";
import { isDuplicateKey, timeOrderedNumber } from "./errors.js";
import { fromJsonText, toJsonText } from "./free-form.js";

const options = { versionKey: false, autoIndex: false, strict: false } as const;

/** A binding made through the API, `_id` = its id; its spec as JSON text (label keys may hold '.'). */
const roleBindings = new Schema({ _id: String, spec: String, createdAt: Date, updatedAt: Date, seq: Number }, options);
roleBindings.index({ seq: 1 });

/**
 * Two documents: `file`, every binding of the bindings file in one document (so replacing the set is one atomic
 * write, which needs no transaction), and `version`, a fresh random token written after every change.
 */
const roleBindingState = new Schema({ _id: String, token: String, bindings: String, updatedAt: Date }, options);

export function roleBindingModels(connection: Connection) {
  return {
    roleBindings: connection.model("RoleBinding", roleBindings, "role_bindings"),
    roleBindingState: connection.model("RoleBindingState", roleBindingState, "role_binding_state"),
  };
}
type RoleBindingModels = ReturnType<typeof roleBindingModels>;

interface BindingDoc {
  _id: string;
  spec: string;
  createdAt: Date;
  updatedAt: Date;
  seq: number;
}
interface StoredFileBinding {
  id: string;
  spec: RoleBindingSpec;
  createdAt: string;
  updatedAt: string;
}

const toRecord = (doc: BindingDoc): RoleBindingRecord => ({
  ...fromJsonText<RoleBindingSpec>(doc.spec),
  id: doc._id,
  origin: "api",
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
});
const fromStored = (stored: StoredFileBinding): RoleBindingRecord => ({
  ...stored.spec,
  id: stored.id,
  origin: "file",
  createdAt: new Date(stored.createdAt),
  updatedAt: new Date(stored.updatedAt),
});

const fromFile = (id: string) =>
  new AppError("binding_from_file", `Binding ${id} comes from the bindings file: change it there`);

/**
 * Role bindings on MongoDB (and FerretDB, whose conditional updates are not atomic: nothing here relies on one). The
 * version is a random token written after each change's own write has been acknowledged: a reader that reads the
 * version and then lists caches a list at least as new as the version it read, and every later change writes a token
 * never seen before, so no cache outlives a change. A writer that dies between its write and the token leaves its
 * change unseen by caches until the next change (or restart).
 */
export class MongoRoleBindings implements RoleBindingRepository {
  constructor(private readonly models: RoleBindingModels) {}

  private async bump(): Promise<void> {
    const write = (upsert: boolean) =>
      this.models.roleBindingState.collection.updateOne(
        { _id: "version" } as never,
        { $set: { token: randomUUID(), updatedAt: new Date() } },
        { upsert },
      );
    // Two first writers at once: the loser's upsert meets the winner's insert, and updates it.
    await write(true).catch((error: unknown) => {
      if (!isDuplicateKey(error)) throw error;
      return write(false);
    });
  }

  private async fileBindings(): Promise<RoleBindingRecord[]> {
    const doc = await this.models.roleBindingState.findById("file").lean<{ bindings?: string }>();
    return doc?.bindings ? fromJsonText<StoredFileBinding[]>(doc.bindings).map(fromStored) : [];
  }

  async create(spec: RoleBindingSpec): Promise<RoleBindingRecord> {
    const now = new Date();
    const doc: BindingDoc = {
      _id: randomUUID(),
      spec: toJsonText(specOf(spec)),
      createdAt: now,
      updatedAt: now,
      seq: timeOrderedNumber(),
    };
    await this.models.roleBindings.collection.insertOne(doc as never);
    await this.bump();
    return toRecord(doc);
  }

  async get(id: string): Promise<RoleBindingRecord | undefined> {
    const doc = await this.models.roleBindings.findById(id).lean<BindingDoc>();
    if (doc) return toRecord(doc);
    return (await this.fileBindings()).find((binding) => binding.id === id);
  }

  async list(): Promise<RoleBindingRecord[]> {
    const [file, docs] = await Promise.all([
      this.fileBindings(),
      this.models.roleBindings.find().sort({ seq: 1, _id: 1 }).lean<BindingDoc[]>(),
    ]);
    return [...file, ...docs.map(toRecord)];
  }

  async update(id: string, spec: RoleBindingSpec): Promise<RoleBindingRecord> {
    const result = await this.models.roleBindings.updateOne(
      { _id: id },
      { $set: { spec: toJsonText(specOf(spec)), updatedAt: new Date() } },
    );
    if (result.matchedCount === 0) {
      if ((await this.fileBindings()).some((binding) => binding.id === id)) throw fromFile(id);
      throw new AppError("not_found", `No binding ${id}`);
    }
    await this.bump();
    return (await this.get(id)) as RoleBindingRecord;
  }

  async remove(id: string): Promise<boolean> {
    const { deletedCount } = await this.models.roleBindings.deleteOne({ _id: id });
    if (deletedCount === 0) {
      if ((await this.fileBindings()).some((binding) => binding.id === id)) throw fromFile(id);
      return false;
    }
    await this.bump();
    return true;
  }

  async replaceFileBindings(specs: readonly RoleBindingSpec[]): Promise<RoleBindingRecord[]> {
    const now = new Date().toISOString();
    const before = new Map((await this.fileBindings()).map((binding) => [binding.id, binding]));
    const stored = specs.map((spec): StoredFileBinding => {
      const id = fileBindingId(spec);
      const kept = before.get(id);
      const createdAt = kept ? kept.createdAt.toISOString() : now;
      return { id, spec: specOf(spec), createdAt, updatedAt: kept ? kept.updatedAt.toISOString() : now };
    });
    const doc = { bindings: toJsonText(stored), updatedAt: new Date() };
    const replace = (upsert: boolean) =>
      this.models.roleBindingState.collection.replaceOne({ _id: "file" } as never, doc as never, { upsert });
    await replace(true).catch((error: unknown) => {
      if (!isDuplicateKey(error)) throw error;
      return replace(false);
    });
    await this.bump();
    return stored.map(fromStored);
  }

  async version(): Promise<string> {
    const doc = await this.models.roleBindingState.findById("version").lean<{ token?: string }>();
    return doc?.token ?? "none";
  }
}
