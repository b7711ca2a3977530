import {
  AppError,
  CreateUserRequestSchema,
  hashPassword,
  UpdateUserRequestSchema,
  UserListResponseSchema,
  UserResponseSchema,
} from "@kcp/shared";
import { z } from "zod";
import type { GatewayContext } from "../context.js";
import { route } from "./route.js";
import { userView } from "./views.js";

const UserIdParams = z.object({ id: z.string().min(1).max(128) });

export function userRoutes({ store }: Pick<GatewayContext, "store">) {
  return [
    route({
      method: "POST",
      path: "/api/v1/users",
      operationId: "createUser",
      role: "admin",
      response: { status: 201, schema: UserResponseSchema },
      errors: ["already_exists"],
      summary: "Create a user",
      action: "user.create",
      body: CreateUserRequestSchema,
      audit: { target: ({ body }) => body.username },
      async handle({ body }) {
        const user = await store.users.create({
          username: body.username,
          role: body.role,
          disabled: body.disabled,
          passwordHash: await hashPassword(body.password),
        });
        return { status: 201, body: { user: userView(user) } };
      },
    }),
    route({
      method: "GET",
      path: "/api/v1/users",
      operationId: "listUsers",
      role: "admin",
      response: { status: 200, schema: UserListResponseSchema },
      summary: "List users",
      async handle() {
        return { status: 200, body: { users: (await store.users.list()).map(userView) } };
      },
    }),
    route({
      method: "PATCH",
      path: "/api/v1/users/:id",
      operationId: "updateUser",
      role: "admin",
      response: { status: 200, schema: UserResponseSchema },
      errors: ["invalid_request", "conflict"],
      summary:
        "Change a user's role, disabled flag or password; disabling or a new password revokes their sessions, disabling also their API tokens",
      action: "user.update",
      params: UserIdParams,
      body: UpdateUserRequestSchema,
      async find({ params }) {
        const target = await store.users.findById(params.id);
        if (!target) throw new AppError("not_found", `No user ${params.id}`);
        return target;
      },
      audit: { target: ({ found }) => found?.username },
      async handle({ params, body }) {
        // The store refuses to leave no enabled admin, atomically with the write (two admins disabling each other).
        const user = await store.users.update(
          params.id,
          {
            ...(body.role === undefined ? {} : { role: body.role }),
            ...(body.disabled === undefined ? {} : { disabled: body.disabled }),
            ...(body.password === undefined ? {} : { passwordHash: await hashPassword(body.password) }),
          },
          { keepAnEnabledAdmin: true },
        );
        if (body.disabled === true || body.password !== undefined) {
          await store.sessions.revokeAllOfUser(user.id, new Date());
        }
        // A disabled user's API tokens are revoked for good: enabling the user again does not bring them back.
        if (body.disabled === true) await store.apiTokens.revokeAllOfOwner(user.id, new Date());
        return { status: 200, body: { user: userView(user) } };
      },
    }),
  ];
}
