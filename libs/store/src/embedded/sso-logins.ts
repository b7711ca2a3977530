import type { DatabaseSync } from "node:sqlite";
import type { SsoLoginRecord, SsoLoginRepository } from "../federation.js";
import { date, iso, json, parse, type Row, transaction } from "./sql.js";

type StoredLogin = Omit<SsoLoginRecord, "createdAt" | "expiresAt"> & { createdAt: string; expiresAt: string };

const toLogin = ({ createdAt, expiresAt, ...rest }: StoredLogin): SsoLoginRecord => ({
  ...rest,
  createdAt: date(createdAt),
  expiresAt: date(expiresAt),
});

export class EmbeddedSsoLogins implements SsoLoginRepository {
  constructor(private readonly db: DatabaseSync) {}

  async create(login: SsoLoginRecord, maxInFlight: number): Promise<boolean> {
    return transaction(this.db, () => {
      this.db.prepare("DELETE FROM sso_logins WHERE expires_at <= ?").run(iso(new Date()));
      const { n } = this.db.prepare("SELECT COUNT(*) AS n FROM sso_logins").get() as Row;
      if (Number(n) >= maxInFlight) return false;
      this.db
        .prepare("INSERT INTO sso_logins (state, doc, expires_at) VALUES (?, ?, ?)")
        .run(login.state, json(login), iso(login.expiresAt));
      return true;
    });
  }

  /** One DELETE … RETURNING: of concurrent consumers of a state, only the one whose delete removed the row gets it. */
  async consume(state: string, now: Date): Promise<SsoLoginRecord | undefined> {
    const row = this.db.prepare("DELETE FROM sso_logins WHERE state = ? RETURNING doc").get(state) as Row | undefined;
    if (!row) return undefined;
    const login = toLogin(parse<StoredLogin>(row.doc));
    return login.expiresAt > now ? login : undefined;
  }
}
