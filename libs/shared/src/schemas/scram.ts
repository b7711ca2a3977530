import { z } from "zod";
import { IdSchema, Int32Schema } from "./common.js";
import { SCRAM_MECHANISMS } from "./lists.js";

export const ScramMechanismSchema = z.enum(SCRAM_MECHANISMS);
export type ScramMechanism = z.infer<typeof ScramMechanismSchema>;

/** Kafka's bounds on a credential's iterations (ScramMechanism: 4096 to 16384 for both mechanisms). */
export const SCRAM_MIN_ITERATIONS = 4096;
export const SCRAM_MAX_ITERATIONS = 16384;
export const SCRAM_DEFAULT_ITERATIONS = 8192;

/** A SCRAM user name as Kafka takes it: any non-empty string (the principal is `User:<name>`). */
export const ScramUserNameSchema = z.string().min(1).max(1024);

/** Path `{id}/scram-users/{user}`. */
export const ScramUserPathSchema = z.object({ id: IdSchema, user: ScramUserNameSchema });
export type ScramUserPath = z.infer<typeof ScramUserPathSchema>;
/** Path `{id}/scram-users/{user}/{mechanism}`. */
export const ScramCredentialPathSchema = z.object({
  id: IdSchema,
  user: ScramUserNameSchema,
  mechanism: ScramMechanismSchema,
});
export type ScramCredentialPath = z.infer<typeof ScramCredentialPathSchema>;

/** What Kafka says about a credential: never its salt or salted password, which Kafka does not return either. */
export const ScramCredentialInfoSchema = z.object({
  mechanism: ScramMechanismSchema,
  iterations: Int32Schema,
});
export const ScramUserSchema = z.object({
  user: z.string(),
  credentials: z.array(ScramCredentialInfoSchema).describe("One per mechanism the user has a credential for"),
});
export type ScramUser = z.infer<typeof ScramUserSchema>;
export const ScramUserListResponseSchema = z.object({ users: z.array(ScramUserSchema).describe("By name") });
export type ScramUserListResponse = z.infer<typeof ScramUserListResponseSchema>;

/** PUT .../scram-users/{user}/{mechanism}: the password is write-only (never answered, logged or audited). */
export const ScramCredentialRequestSchema = z.strictObject({
  password: z.string().min(1).max(1024).describe("Write-only: the salted password is computed here and sent to Kafka"),
  iterations: Int32Schema.min(SCRAM_MIN_ITERATIONS)
    .max(SCRAM_MAX_ITERATIONS)
    .default(SCRAM_DEFAULT_ITERATIONS)
    .describe(`${SCRAM_MIN_ITERATIONS}-${SCRAM_MAX_ITERATIONS}, default ${SCRAM_DEFAULT_ITERATIONS}`),
});
export type ScramCredentialRequest = z.infer<typeof ScramCredentialRequestSchema>;
