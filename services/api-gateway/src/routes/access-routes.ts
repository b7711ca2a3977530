import {
  AppError,
  authorize,
  MyAccessResponseSchema,
  type Principal,
  type RoleBinding,
  RoleBindingListResponseSchema,
  RoleBindingResponseSchema,
  type RoleBindingSpec,
  RoleBindingSpecSchema,
  type Subject,
  type Team,
  TeamListResponseSchema,
} from "@kcp/shared";
import type { RoleBindingRecord } from "@kcp/store";
import { z } from "zod";
import type { GatewayContext } from "../context.js";
import { route } from "./route.js";

const BindingPathSchema = z.object({ id: z.string().min(1).max(128) });
type BindingPath = z.infer<typeof BindingPathSchema>;

/** A binding as the API answers it. */
export const bindingView = (record: RoleBindingRecord): RoleBinding => ({
  id: record.id,
  origin: record.origin,
  subject: record.subject,
  role: record.role,
  clusters: record.clusters,
  ...(record.resources === undefined ? {} : { resources: record.resources }),
  ...(record.team === undefined ? {} : { team: record.team }),
  createdAt: record.createdAt.toISOString(),
  updatedAt: record.updatedAt.toISOString(),
});

/** Whom a binding gives its role to, for the audit's target: `user alice`, `group corp:payments`. */
export const subjectName = (subject: Subject): string =>
  subject.kind === "user" ? `user ${subject.username}` : `group ${subject.source}:${subject.group}`;

/** Bindings are the service's own access: managed by whoever is admin over the whole service. */
function mustAdministerService(principal: Principal): void {
  const refusal = authorize(principal, "service.admin", { kind: "service" });
  if (refusal) throw new AppError(refusal.code, refusal.message);
}

/** The teams named by bindings, by name, each with its bindings in the list's order. */
export function teamsOf(bindings: readonly RoleBinding[]): Team[] {
  const teams = new Map<string, RoleBinding[]>();
  for (const binding of bindings) {
    if (binding.team === undefined) continue;
    const list = teams.get(binding.team) ?? [];
    list.push(binding);
    teams.set(binding.team, list);
  }
  return [...teams.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, list]) => ({ name, bindings: list }));
}

/** Role bindings and teams (admin over the whole service), and the caller's own access. */
export function accessRoutes(context: Pick<GatewayContext, "store" | "bindings" | "access">) {
  return [...bindingRoutes(context), ...teamAndOwnRoutes(context)];
}

/** The bindings, one by one: the file's are read here and changed only in the file. */
function bindingRoutes({ store, bindings }: Pick<GatewayContext, "store" | "bindings">) {
  const refuseFileBinding = (found: RoleBindingRecord) => {
    if (found.origin === "file")
      throw new AppError(
        "binding_from_file",
        `Binding ${found.id} comes from the bindings file (ACCESS_BINDINGS_FILE): change it there`,
      );
  };
  const findBinding = async ({ params }: { params: BindingPath }) => {
    const found = await store.roleBindings.get(params.id);
    if (!found) throw new AppError("not_found", `No binding ${params.id}`);
    return found;
  };
  return [
    route({
      method: "GET",
      path: "/api/v1/access/bindings",
      operationId: "listRoleBindings",
      role: "admin",
      response: { status: 200, schema: RoleBindingListResponseSchema },
      summary: "Every role binding: the bindings file's (read-only here) and the API's",
      async handle({ principal }) {
        mustAdministerService(principal);
        return { status: 200, body: { bindings: (await store.roleBindings.list()).map(bindingView) } };
      },
    }),
    route<RoleBindingSpec, unknown, unknown, undefined, RoleBindingRecord>({
      method: "POST",
      path: "/api/v1/access/bindings",
      operationId: "createRoleBinding",
      role: "admin",
      response: { status: 201, schema: RoleBindingResponseSchema },
      summary: "Give a role on a scope (clusters, optionally resources by pattern) to a user or a group",
      action: "binding.create",
      body: RoleBindingSpecSchema,
      // POST /access/bindings and PUT /access/bindings/:id take the binding's spec (its origin is `api`).
      audit: {
        target: ({ body }) => subjectName(body.subject),
        changes: ({ done }) => done && { binding: done.id },
      },
      async handle({ principal, body }) {
        mustAdministerService(principal);
        const created = await store.roleBindings.create(body);
        bindings.changed();
        return { status: 201, body: { binding: bindingView(created) }, done: created };
      },
    }),
    route<unknown, unknown, BindingPath, RoleBindingRecord>({
      method: "GET",
      path: "/api/v1/access/bindings/:id",
      operationId: "getRoleBinding",
      role: "admin",
      response: { status: 200, schema: RoleBindingResponseSchema },
      summary: "One role binding",
      params: BindingPathSchema,
      async find(context) {
        mustAdministerService(context.principal);
        return findBinding(context);
      },
      async handle({ found }) {
        return { status: 200, body: { binding: bindingView(found) } };
      },
    }),
    route<RoleBindingSpec, unknown, BindingPath, RoleBindingRecord>({
      method: "PUT",
      path: "/api/v1/access/bindings/:id",
      operationId: "replaceRoleBinding",
      role: "admin",
      response: { status: 200, schema: RoleBindingResponseSchema },
      errors: ["binding_from_file"],
      summary: "Replace a role binding made through the API (the bindings file's are changed in the file)",
      action: "binding.update",
      params: BindingPathSchema,
      body: RoleBindingSpecSchema,
      // POST /access/bindings and PUT /access/bindings/:id take the binding's spec (its origin is `api`).
      async find(context) {
        mustAdministerService(context.principal);
        return findBinding(context);
      },
      audit: {
        target: ({ found, body }) => subjectName((found ?? body).subject),
        changes: ({ found, answered }) => (found && answered ? { before: bindingView(found) } : undefined),
      },
      async handle({ params, body, found }) {
        refuseFileBinding(found);
        const updated = await store.roleBindings.update(params.id, body);
        bindings.changed();
        return { status: 200, body: { binding: bindingView(updated) } };
      },
    }),
    route<unknown, unknown, BindingPath, RoleBindingRecord>({
      method: "DELETE",
      path: "/api/v1/access/bindings/:id",
      operationId: "deleteRoleBinding",
      role: "admin",
      response: { status: 200, schema: RoleBindingResponseSchema },
      errors: ["binding_from_file"],
      summary: "Delete a role binding made through the API (the bindings file's are removed from the file)",
      action: "binding.delete",
      params: BindingPathSchema,
      async find(context) {
        mustAdministerService(context.principal);
        return findBinding(context);
      },
      audit: {
        target: ({ found }) => found && subjectName(found.subject),
        changes: ({ found, answered }) => (found && answered ? { before: bindingView(found) } : undefined),
      },
      async handle({ params, found }) {
        refuseFileBinding(found);
        if (!(await store.roleBindings.remove(params.id))) throw new AppError("not_found", `No binding ${params.id}`);
        bindings.changed();
        return { status: 200, body: { binding: bindingView(found) } };
      },
    }),
  ];
}

/** The teams the bindings name, and the caller's own access. */
function teamAndOwnRoutes({ store, bindings, access }: Pick<GatewayContext, "store" | "bindings" | "access">) {
  return [
    route({
      method: "GET",
      path: "/api/v1/access/teams",
      operationId: "listTeams",
      role: "admin",
      response: { status: 200, schema: TeamListResponseSchema },
      summary: "The teams: each name the bindings give, with its bindings",
      async handle({ principal }) {
        mustAdministerService(principal);
        return { status: 200, body: { teams: teamsOf((await store.roleBindings.list()).map(bindingView)) } };
      },
    }),
    route({
      method: "GET",
      path: "/api/v1/access/me",
      operationId: "getMyAccess",
      access: { kind: "own" },
      role: "viewer",
      response: { status: 200, schema: MyAccessResponseSchema },
      summary: "The caller's access: its local role, its groups, and the bindings that apply to it",
      async handle({ user, principal }) {
        // The principal's bindings are those of the user and its groups, as this request decides (capped by a token).
        const held = new Map((principal.bindings ?? []).map((binding) => [binding.id, binding.role]));
        // The bindings the access book compiled (read once per change of bindings, not per request).
        await access.index();
        const applying = bindings
          .records()
          .filter((binding) => held.has(binding.id))
          .map((binding) => ({ ...bindingView(binding), role: held.get(binding.id) ?? binding.role }));
        return {
          status: 200,
          body: {
            username: user.username,
            ...(principal.role === undefined ? {} : { role: principal.role }),
            ...(user.source === undefined ? {} : { source: user.source }),
            groups: user.groups ?? [],
            bindings: applying,
          },
        };
      },
    }),
  ];
}
