import { z } from "zod";
import { DateTimeSchema, IdSchema } from "./common.js";
import { ROLES } from "./lists.js";

export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Roles are ordered, a higher one with every right of a lower one: viewer 0 < operator 1 < admin 2. */
export function roleRank(role: Role): number {
  return ROLES.indexOf(role);
}

/** A higher role has every right of a lower one. */
export function roleAtLeast(actual: Role, required: Role): boolean {
  return roleRank(actual) >= roleRank(required);
}

/**
 * Usernames: 3–64 characters of letters, digits, `.`, `_` and `-`, starting with a letter or digit — safe in logs,
 * audit targets and URLs without escaping. Case is kept as given.
 */
export const UsernameSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{2,63}$/,
    "must be 3-64 letters, digits, '.', '_' or '-', starting with a letter or digit",
  );

/** At least 12 characters, not all of them spaces; at most 1024 so hashing stays cheap. */
export const PasswordSchema = z
  .string()
  .min(12, "must be at least 12 characters")
  .max(1024, "must be at most 1024 characters")
  .regex(/\S/, "must not be only spaces")
  .meta({ format: "password" });

export const UserSchema = z.object({
  id: IdSchema,
  username: z.string(),
  role: RoleSchema,
  disabled: z.boolean(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type User = z.infer<typeof UserSchema>;

/** Login result (1); the token is also set as the `service_session` cookie and accepted as a Bearer token. */
export const SessionSchema = z.object({ user: UserSchema, token: z.string(), expiresAt: DateTimeSchema });
export type Session = z.infer<typeof SessionSchema>;

/** Login checks only presence and size: the format rules of create must not tell an attacker which names exist. */
export const LoginRequestSchema = z.strictObject({
  username: z.string().min(1).max(256),
  password: z.string().min(1).max(1024).meta({ format: "password" }),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const CreateUserRequestSchema = z.strictObject({
  username: UsernameSchema,
  password: PasswordSchema,
  role: RoleSchema,
  disabled: z.boolean().default(false),
});
export type CreateUserRequest = z.infer<typeof CreateUserRequestSchema>;

/** PATCH /users/{id}: a new password or disabling revokes the user's sessions. */
export const UpdateUserRequestSchema = z
  .strictObject({ role: RoleSchema.optional(), disabled: z.boolean().optional(), password: PasswordSchema.optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "give at least one of role, disabled, password",
  })
  .meta({ minProperties: 1 });
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;

/** Create (2), update and GET /auth/me answer `{user}`; GET /users answers `{users}`. */
export const UserResponseSchema = z.object({ user: UserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;
/** GET /auth/session: the session's user, or null without one — a probe that is not an error either way. */
export const SessionStateSchema = z.object({
  user: UserSchema.nullable().describe(
    "The user of the session or token sent; null when none was sent or it is no longer valid",
  ),
});
export type SessionState = z.infer<typeof SessionStateSchema>;
/** The probe takes no query: anything sent is refused (400), so a typo is never silently ignored. */
export const SessionProbeQuerySchema = z.strictObject({});
export const UserListResponseSchema = z.object({ users: z.array(UserSchema) });
export type UserListResponse = z.infer<typeof UserListResponseSchema>;
export const LogoutResponseSchema = z.object({
  loggedOut: z.literal(true),
  endSessionUrl: z
    .string()
    .optional()
    .describe("For a user of an OpenID provider that offers it: where to end the session at the provider too"),
});
export type LogoutResponse = z.infer<typeof LogoutResponseSchema>;
