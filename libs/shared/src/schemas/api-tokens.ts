import { z } from "zod";
import { RoleSchema, UsernameSchema } from "./auth.js";
import { DateTimeSchema, IdSchema } from "./common.js";

/** API token lifetime: required in effect (defaulted), at most a year, so a forgotten token stops working. */
export const API_TOKEN_DEFAULT_DAYS = 90;
export const API_TOKEN_MAX_DAYS = 365;

export const ApiTokenSchema = z.object({
  id: IdSchema,
  name: z.string(),
  owner: z.object({ id: IdSchema, username: z.string() }),
  role: RoleSchema.describe("At most the owner's role; a request is also capped at the owner's current role"),
  createdAt: DateTimeSchema,
  expiresAt: DateTimeSchema,
  lastUsedAt: DateTimeSchema.nullable().describe("The last request made with it (to the minute), null if never used"),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

/** POST /tokens: for oneself, or (admin) for another user. */
export const CreateApiTokenRequestSchema = z.strictObject({
  name: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$/, "must be 1-64 letters, digits, spaces, '.', '_' or '-'")
    .describe("A label, e.g. ci-deploy"),
  role: RoleSchema.optional().describe(
    "Default: the owner's role (the creator's when lower); never above the creator's or the owner's",
  ),
  expiresInDays: z
    .number()
    .int()
    .min(1)
    .max(API_TOKEN_MAX_DAYS)
    .default(API_TOKEN_DEFAULT_DAYS)
    .describe(`Lifetime in days (1-${API_TOKEN_MAX_DAYS}, default ${API_TOKEN_DEFAULT_DAYS})`),
  username: UsernameSchema.optional().describe("Admin only: the user the token acts as (default: oneself)"),
});
export type CreateApiTokenRequest = z.infer<typeof CreateApiTokenRequestSchema>;

export const CreatedApiTokenResponseSchema = z.object({
  token: ApiTokenSchema,
  secret: z
    .string()
    .describe("Shown this once: send it as Authorization: Bearer <secret>. Only its SHA-256 is stored."),
});
export type CreatedApiTokenResponse = z.infer<typeof CreatedApiTokenResponseSchema>;

export const ApiTokenListResponseSchema = z.object({ tokens: z.array(ApiTokenSchema) });
export type ApiTokenListResponse = z.infer<typeof ApiTokenListResponseSchema>;
export const ApiTokenResponseSchema = z.object({ token: ApiTokenSchema });

export const ApiTokenPathSchema = z.object({ id: IdSchema });
