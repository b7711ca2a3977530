import { randomUUID } from "node:crypto";
import type { ApiTokenRecord, ApiTokenRepository, NewApiToken } from "../repositories.js";
import type { Models } from "./models.js";

type ApiTokenDoc = Omit<ApiTokenRecord, "id" | "lastUsedAt" | "revokedAt"> & {
  _id: string;
  lastUsedAt?: Date | null;
  revokedAt?: Date | null;
};

const toToken = ({ _id, lastUsedAt, revokedAt, ...rest }: ApiTokenDoc): ApiTokenRecord => ({
  id: _id,
  ...rest,
  ...(lastUsedAt ? { lastUsedAt } : {}),
  ...(revokedAt ? { revokedAt } : {}),
});

/** Revocation sets `revokedAt` once; two revocations at once both leave the token revoked (either may report it). */
export class MongoApiTokens implements ApiTokenRepository {
  constructor(private readonly models: Models) {}

  async create(token: NewApiToken): Promise<ApiTokenRecord> {
    const record: ApiTokenRecord = { ...token, id: randomUUID(), createdAt: token.createdAt ?? new Date() };
    const { id, ...rest } = record;
    await this.models.apiTokens.collection.insertOne({ _id: id, ...rest, revokedAt: null } as never);
    return record;
  }

  async findById(id: string): Promise<ApiTokenRecord | undefined> {
    const doc = await this.models.apiTokens.findById(id).lean<ApiTokenDoc>();
    return doc ? toToken(doc) : undefined;
  }

  async findActiveByHash(tokenHash: string, now: Date): Promise<ApiTokenRecord | undefined> {
    const doc = await this.models.apiTokens.findOne({ tokenHash }).lean<ApiTokenDoc>();
    if (!doc || doc.revokedAt || doc.expiresAt <= now) return undefined;
    return toToken(doc);
  }

  async list(query: { ownerId?: string }): Promise<ApiTokenRecord[]> {
    const filter = { revokedAt: null, ...(query.ownerId === undefined ? {} : { ownerId: query.ownerId }) };
    const docs = await this.models.apiTokens.find(filter).sort({ createdAt: -1, _id: -1 }).lean<ApiTokenDoc[]>();
    return docs.map(toToken);
  }

  async revoke(id: string, at: Date): Promise<boolean> {
    const result = await this.models.apiTokens.updateOne({ _id: id, revokedAt: null }, { $set: { revokedAt: at } });
    return result.modifiedCount > 0;
  }

  async revokeAllOfOwner(ownerId: string, at: Date): Promise<number> {
    const result = await this.models.apiTokens.updateMany({ ownerId, revokedAt: null }, { $set: { revokedAt: at } });
    return result.modifiedCount;
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.models.apiTokens.updateOne({ _id: id }, { $set: { lastUsedAt: at } });
  }
}
