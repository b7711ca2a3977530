import type { UserRecord } from "@kcp/store";

declare global {
  namespace Express {
    interface Request {
      /** The authenticated user and the hash of the session token they came with. */
      principal?: { user: UserRecord; tokenHash: string };
    }
  }
}

export const SESSION_COOKIE = "service_session";
