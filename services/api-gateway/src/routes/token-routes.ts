import {
  type ApiToken,
  ApiTokenListResponseSchema,
  ApiTokenPathSchema,
  ApiTokenResponseSchema,
  AppError,
  type CreateApiTokenRequest,
  CreateApiTokenRequestSchema,
  CreatedApiTokenResponseSchema,
  hashToken,
  highestRank,
  newApiTokenSecret,
  type Principal,
  ROLES,
  type Role,
  roleAtLeast,
} from "@kcp/shared";
import type { ApiTokenRecord, Store, UserRecord } from "@kcp/store";
import { z } from "zod";
import type { GatewayContext } from "../context.js";
import { route } from "./route.js";

const DAY_MS = 86_400_000;

const TokenListQuerySchema = z.strictObject({
  username: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("Admin only: the tokens of this user (default: every user's)"),
});

function tokenView(token: ApiTokenRecord, owner: Pick<UserRecord, "id" | "username">): ApiToken {
  return {
    id: token.id,
    name: token.name,
    owner: { id: owner.id, username: owner.username },
    role: token.role,
    createdAt: token.createdAt.toISOString(),
    expiresAt: token.expiresAt.toISOString(),
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
  };
}

/** Whom a new token acts as: oneself, or (admin) the named user. */
async function ownerOf(store: Store, creator: UserRecord, body: CreateApiTokenRequest): Promise<UserRecord> {
  if (body.username === undefined || body.username === creator.username) {
    return (await store.users.findById(creator.id)) ?? creator;
  }
  if (creator.role !== "admin") throw new AppError("forbidden", "Only an admin creates tokens for another user");
  const owner = await store.users.findByUsername(body.username);
  if (!owner) throw new AppError("not_found", `No user ${body.username}`);
  if (owner.disabled) throw new AppError("invalid_request", `User ${body.username} is disabled`);
  return owner;
}

/** The highest role a principal holds anywhere (viewer when it holds none: its tokens can then do nothing more). */
function highestRole(principal: Principal): Role {
  return ROLES[Math.max(0, highestRank(principal))] ?? "viewer";
}

/**
 * API tokens for automation: anyone creates, lists and revokes their own; an admin anyone's. The
 * secret is answered once by create and stored only as its SHA-256; every create and revoke is audited without it.
 */
export function tokenRoutes({ store }: Pick<GatewayContext, "store">) {
  const usernames = async (ids: Iterable<string>) => {
    const names = new Map<string, string>();
    for (const id of new Set(ids)) names.set(id, (await store.users.findById(id))?.username ?? id);
    return names;
  };
  return [
    route<CreateApiTokenRequest, unknown, unknown, { owner: UserRecord; role: Role; creatorRole: Role }>({
      method: "POST",
      path: "/api/v1/tokens",
      operationId: "createToken",
      access: { kind: "own" },
      role: "viewer",
      response: { status: 201, schema: CreatedApiTokenResponseSchema },
      errors: ["invalid_request", "not_found"],
      summary: "Create an API token (the secret is in this answer only); role at most the creator's and the owner's",
      action: "token.create",
      body: CreateApiTokenRequestSchema,
      async find({ body, user, principal }) {
        const owner = await ownerOf(store, user, body);
        // A provider's user holds its roles through bindings: its own tokens go up to the highest of them (each
        // binding then lowered to the token's role at every use).
        const creatorRole = user.source === undefined ? user.role : highestRole(principal);
        const ownerRole = owner.id === user.id ? creatorRole : owner.role;
        // Default: the owner's role, or the creator's when lower (a token making a token for its owner).
        return {
          owner: { ...owner, role: ownerRole },
          role: body.role ?? (roleAtLeast(creatorRole, ownerRole) ? ownerRole : creatorRole),
          creatorRole,
        };
      },
      audit: { target: ({ body, found }) => found && `${found.owner.username}/${body.name}` },
      async handle({ body, found: { owner, role, creatorRole } }) {
        if (!roleAtLeast(creatorRole, role)) {
          throw new AppError("forbidden", `A token's role cannot be above yours (${creatorRole})`);
        }
        if (!roleAtLeast(owner.role, role)) {
          throw new AppError("invalid_request", `A token's role cannot be above its owner's (${owner.role})`);
        }
        const secret = newApiTokenSecret();
        const now = new Date();
        const token = await store.apiTokens.create({
          name: body.name,
          ownerId: owner.id,
          role,
          tokenHash: hashToken(secret),
          createdAt: now,
          expiresAt: new Date(now.getTime() + body.expiresInDays * DAY_MS),
        });
        return { status: 201, body: { token: tokenView(token, owner), secret } };
      },
    }),
    route<unknown, z.infer<typeof TokenListQuerySchema>>({
      method: "GET",
      path: "/api/v1/tokens",
      operationId: "listTokens",
      access: { kind: "own" },
      role: "viewer",
      response: { status: 200, schema: ApiTokenListResponseSchema },
      summary: "List API tokens not revoked (never their secrets): one's own, or an admin's view of everyone's",
      query: TokenListQuerySchema,
      async handle({ query, user }) {
        let ownerId: string | undefined = user.id;
        if (user.role === "admin") {
          ownerId = undefined;
          if (query.username !== undefined) {
            const owner = await store.users.findByUsername(query.username);
            if (!owner) return { status: 200, body: { tokens: [] } };
            ownerId = owner.id;
          }
        } else if (query.username !== undefined && query.username !== user.username) {
          throw new AppError("forbidden", "Only an admin lists another user's tokens");
        }
        const tokens = await store.apiTokens.list(ownerId === undefined ? {} : { ownerId });
        const names = await usernames(tokens.map((t) => t.ownerId));
        return {
          status: 200,
          body: {
            tokens: tokens.map((t) => tokenView(t, { id: t.ownerId, username: names.get(t.ownerId) ?? t.ownerId })),
          },
        };
      },
    }),
    route<
      unknown,
      unknown,
      z.infer<typeof ApiTokenPathSchema>,
      { token: ApiTokenRecord; owner: Pick<UserRecord, "id" | "username"> }
    >({
      method: "DELETE",
      path: "/api/v1/tokens/:id",
      operationId: "revokeToken",
      access: { kind: "own" },
      role: "viewer",
      response: { status: 200, schema: ApiTokenResponseSchema },
      summary: "Revoke an API token (one's own, or any as admin): refused at once on every instance",
      action: "token.revoke",
      params: ApiTokenPathSchema,
      async find({ params, user }) {
        const token = await store.apiTokens.findById(params.id);
        // Another user's token is "not found" to a non-admin: ids of others' tokens are not confirmed.
        if (!token || token.revokedAt || (token.ownerId !== user.id && user.role !== "admin")) {
          throw new AppError("not_found", `No token ${params.id}`);
        }
        const owner = (await store.users.findById(token.ownerId)) ?? { id: token.ownerId, username: token.ownerId };
        return { token, owner };
      },
      audit: { target: ({ found }) => found && `${found.owner.username}/${found.token.name}` },
      async handle({ found: { token, owner } }) {
        await store.apiTokens.revoke(token.id, new Date());
        return { status: 200, body: { token: tokenView(token, owner) } };
      },
    }),
  ];
}
