import { z } from "zod";
import { DateTime, IdSchema } from "./common.js";

export const ROLES = ["viewer", "operator", "admin"] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Roles are ordered (contract §3): a higher role has every right of a lower one. */
export function roleAtLeast(actual: Role, required: Role): boolean {
  return ROLES.indexOf(actual) >= ROLES.indexOf(required);
}

/** Usernames: 3–64 characters, letters, digits, `.`, `_` and `-`, starting with a letter or digit. */
export const UsernameSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{2,63}$/,
    "must be 3-64 letters, digits, '.', '_' or '-', starting with a letter or digit",
  );

/** At least 12 characters (contract §3); at most 1024 so hashing stays cheap. */
export const PasswordSchema = z.string().min(12, "must be at least 12 characters").max(1024);

export const UserSchema = z.object({
  id: IdSchema,
  username: z.string(),
  role: RoleSchema,
  disabled: z.boolean(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type User = z.infer<typeof UserSchema>;

export const SessionSchema = z.object({ user: UserSchema, token: z.string(), expiresAt: DateTime });
export type Session = z.infer<typeof SessionSchema>;

export const LoginRequestSchema = z.strictObject({
  username: z.string().min(1).max(256),
  password: z.string().min(1).max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const CreateUserRequestSchema = z.strictObject({
  username: UsernameSchema,
  password: PasswordSchema,
  role: RoleSchema,
  disabled: z.boolean().default(false),
});
export type CreateUserRequest = z.infer<typeof CreateUserRequestSchema>;

export const UpdateUserRequestSchema = z
  .strictObject({ role: RoleSchema.optional(), disabled: z.boolean().optional(), password: PasswordSchema.optional() })
  .refine((body) => Object.keys(body).length > 0, { message: "give at least one of role, disabled, password" });
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;
