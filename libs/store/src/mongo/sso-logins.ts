import type { SsoLoginRecord, SsoLoginRepository } from "../federation.js";
import { isDuplicateKey } from "./errors.js";
import type { Models } from "./models.js";

type LoginDoc = Omit<SsoLoginRecord, "state"> & { _id: string };

const marker = (state: string) => `${state}#consumed`;

/**
 * Consumption rests on the unique `_id` of a marker, not on findOneAndDelete: FerretDB v1 does not perform
 * conditional writes atomically (models.ts).
 */
export class MongoSsoLogins implements SsoLoginRepository {
  constructor(private readonly models: Models) {}

  async create(login: SsoLoginRecord, maxInFlight: number): Promise<boolean> {
    const { state, ...rest } = login;
    await this.models.ssoLogins.deleteMany({ expiresAt: { $lte: new Date() } });
    if ((await this.models.ssoLogins.countDocuments({ marker: { $ne: true } })) >= maxInFlight) return false;
    await this.models.ssoLogins.collection.insertOne({ _id: state, ...rest } as never);
    return true;
  }

  async consume(state: string, now: Date): Promise<SsoLoginRecord | undefined> {
    if (state.endsWith("#consumed")) return undefined;
    const doc = await this.models.ssoLogins.findById(state).lean<LoginDoc>();
    if (!doc) return undefined;
    try {
      // The marker lives as long as the login could: a replay before the login is deleted finds it.
      await this.models.ssoLogins.collection.insertOne({
        _id: marker(state),
        marker: true,
        expiresAt: doc.expiresAt,
      } as never);
    } catch (error) {
      if (isDuplicateKey(error)) return undefined;
      throw error;
    }
    await this.models.ssoLogins.deleteOne({ _id: state });
    const { _id, ...rest } = doc;
    return rest.expiresAt > now ? { state: _id, ...rest } : undefined;
  }
}
