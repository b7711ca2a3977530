import { z } from "zod";
import { RoleBindingSchema, SourceIdSchema, TeamNameSchema } from "./access.js";
import { RoleSchema } from "./auth.js";

export const RoleBindingResponseSchema = z.object({ binding: RoleBindingSchema });
export type RoleBindingResponse = z.infer<typeof RoleBindingResponseSchema>;

export const RoleBindingListResponseSchema = z.object({
  bindings: z.array(RoleBindingSchema).describe("The file's bindings first, in the file's order, then the API's"),
});
export type RoleBindingListResponse = z.infer<typeof RoleBindingListResponseSchema>;

/** A team: the bindings that name it. */
export const TeamSchema = z.object({ name: TeamNameSchema, bindings: z.array(RoleBindingSchema) });
export type Team = z.infer<typeof TeamSchema>;
export const TeamListResponseSchema = z.object({ teams: z.array(TeamSchema).describe("By name") });
export type TeamListResponse = z.infer<typeof TeamListResponseSchema>;

/** GET /access/me: what the caller's access is made of, for a "my access" page. */
export const MyAccessResponseSchema = z.object({
  username: z.string(),
  role: RoleSchema.optional().describe(
    "The local user's own role, a binding on every cluster and resource (absent for a user of an identity provider); with an API token, capped at the token's role",
  ),
  source: SourceIdSchema.optional().describe("The identity provider the user signs in through (absent: a local user)"),
  groups: z.array(z.string()).describe("The user's groups as of its last sign-in or refresh, each `<source>:<group>`"),
  bindings: z
    .array(RoleBindingSchema)
    .describe(
      "The bindings that apply to the user: its own and its groups'; with an API token, each role capped at the token's",
    ),
});
export type MyAccessResponse = z.infer<typeof MyAccessResponseSchema>;
