import type { Principal } from "@kcp/shared";
import type { UserRecord } from "@kcp/store";

declare global {
  namespace Express {
    interface Request {
      /**
       * The authenticated user and the hash of the token they came with (a session's, or an API token's). With an API
       * token, `user.role` is the token's role capped at the owner's current role, and `apiToken` names the token.
       * `access` is what every authorization decision of the request reads: the user's local role and the bindings
       * of the user and its groups, compiled.
       */
      principal?: {
        user: UserRecord;
        tokenHash: string;
        apiToken?: { id: string; name: string };
        access: Principal;
      };
    }
  }
}

export const SESSION_COOKIE = "service_session";
