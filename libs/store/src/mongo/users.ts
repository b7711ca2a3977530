import { randomUUID } from "node:crypto";
import { AppError, type Role } from "@kcp/shared";
import { federatedConflict } from "../federation.js";
import {
  type FederatedUser,
  isEnabledAdmin,
  LAST_ADMIN_MESSAGE,
  type NewUser,
  type UpdateUserOptions,
  type UserChanges,
  type UserRecord,
  type UserRepository,
} from "../repositories.js";
import { AdminLocks } from "./admin-locks.js";
import { alreadyExists, isDuplicateKey, timeOrderedNumber } from "./errors.js";
import type { Models } from "./models.js";

interface UserDoc {
  _id: string;
  username: string;
  role: Role;
  disabled: boolean;
  passwordHash: string;
  source?: string | null;
  groups?: string[] | null;
  createdAt: Date;
  updatedAt: Date;
}

const toUser = ({ _id, seq: _seq, source, groups, ...rest }: UserDoc & { seq?: number }): UserRecord => ({
  id: _id,
  ...rest,
  ...(source == null ? {} : { source, groups: groups ?? [] }),
});

/** A change that can turn an enabled admin into something else. */
const mayRemoveAnAdmin = (changes: UserChanges) =>
  (changes.role !== undefined && changes.role !== "admin") || changes.disabled === true;

export class MongoUsers implements UserRepository {
  private readonly adminLocks: AdminLocks;

  constructor(private readonly models: Models) {
    this.adminLocks = new AdminLocks(models);
  }

  async create(user: NewUser): Promise<UserRecord> {
    const now = new Date();
    const doc: UserDoc = { _id: randomUUID(), ...user, createdAt: now, updatedAt: now };
    await this.models.users.collection
      .insertOne({ ...doc, seq: timeOrderedNumber() } as never)
      .catch((error: unknown) => {
        alreadyExists(`A user named ${user.username} already exists`, error);
      });
    return toUser(doc);
  }

  async findById(id: string): Promise<UserRecord | undefined> {
    const doc = await this.models.users.findById(id).lean<UserDoc>();
    return doc ? toUser(doc) : undefined;
  }

  async findByUsername(username: string): Promise<UserRecord | undefined> {
    const doc = await this.models.users.findOne({ username }).lean<UserDoc>();
    return doc ? toUser(doc) : undefined;
  }

  async list(): Promise<UserRecord[]> {
    const docs = await this.models.users.find().sort({ seq: 1 }).lean<UserDoc[]>();
    return docs.map(toUser);
  }

  /**
   * A change guarded by `keepAnEnabledAdmin` that may remove an admin runs under the admins' lock (admin-locks.ts):
   * such changes are serialized on every instance, each reading the enabled admins after the previous one wrote.
   */
  async update(id: string, changes: UserChanges, options: UpdateUserOptions = {}): Promise<UserRecord> {
    if (!options.keepAnEnabledAdmin || !mayRemoveAnAdmin(changes)) return this.write(id, changes);
    return this.adminLocks.withLock(async (stillHeld) => {
      const current = await this.findById(id);
      if (!current) throw new AppError("not_found", `No user ${id}`);
      if (isEnabledAdmin(current) && !isEnabledAdmin({ ...current, ...changes })) {
        const others = await this.models.users.countDocuments({
          _id: { $ne: id },
          role: "admin",
          disabled: { $ne: true },
        });
        if (others === 0) throw new AppError("invalid_request", LAST_ADMIN_MESSAGE);
      }
      if (!stillHeld()) throw new AppError("conflict", "The change of the admins took too long; try again");
      return this.write(id, changes);
    });
  }

  private async write(id: string, changes: UserChanges): Promise<UserRecord> {
    const result = await this.models.users.updateOne({ _id: id }, { $set: { ...changes, updatedAt: new Date() } });
    if (result.matchedCount === 0) throw new AppError("not_found", `No user ${id}`);
    return (await this.findById(id)) as UserRecord;
  }

  /**
   * A first sign-in inserts under the unique username, so of concurrent first sign-ins one creates the user and the
   * others update it.
   */
  async upsertFederated(user: FederatedUser): Promise<UserRecord> {
    for (let attempt = 0; ; attempt++) {
      const current = await this.models.users.findOne({ username: user.username }).lean<UserDoc>();
      if (current) {
        if (current.source !== user.source) throw federatedConflict(user);
        await this.models.users.updateOne(
          { _id: current._id },
          { $set: { groups: user.groups, updatedAt: new Date() } },
        );
        return (await this.findById(current._id)) as UserRecord;
      }
      const now = new Date();
      const doc: UserDoc = {
        _id: randomUUID(),
        username: user.username,
        role: "viewer",
        disabled: false,
        passwordHash: "",
        source: user.source,
        groups: user.groups,
        createdAt: now,
        updatedAt: now,
      };
      try {
        await this.models.users.collection.insertOne({ ...doc, seq: timeOrderedNumber() } as never);
        return toUser(doc);
      } catch (error) {
        if (!isDuplicateKey(error) || attempt >= 2) throw error;
      }
    }
  }

  async count(): Promise<number> {
    return this.models.users.countDocuments();
  }
}
