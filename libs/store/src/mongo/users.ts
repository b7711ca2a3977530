import { randomUUID } from "node:crypto";
import { AppError, type Role } from "@kcp/shared";
import type { NewUser, UserRecord, UserRepository } from "../repositories.js";
import { alreadyExists, timeOrderedNumber } from "./errors.js";
import type { Models } from "./models.js";

interface UserDoc {
  _id: string;
  username: string;
  role: Role;
  disabled: boolean;
  passwordHash: string;
  createdAt: Date;
  updatedAt: Date;
}

const toUser = ({ _id, seq: _seq, ...rest }: UserDoc & { seq?: number }): UserRecord => ({ id: _id, ...rest });

export class MongoUsers implements UserRepository {
  constructor(private readonly models: Models) {}

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

  async update(id: string, changes: Partial<Pick<UserRecord, "role" | "disabled" | "passwordHash">>) {
    const result = await this.models.users.updateOne({ _id: id }, { $set: { ...changes, updatedAt: new Date() } });
    if (result.matchedCount === 0) throw new AppError("not_found", `No user ${id}`);
    return (await this.findById(id)) as UserRecord;
  }

  async count(): Promise<number> {
    return this.models.users.countDocuments();
  }
}
