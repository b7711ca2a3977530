import type { User } from "@kcp/shared";
import type { UserRecord } from "@kcp/store";

/** The User resource: never the password hash. */
export function userView(user: UserRecord): User {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    disabled: user.disabled,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
