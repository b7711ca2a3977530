import { unwrap } from "@kcp/api-client";
import {
  ACL_OPERATIONS,
  ACL_PATTERN_TYPES,
  ACL_PERMISSIONS,
  ACL_RESOURCE_TYPES,
  QUOTA_KEYS,
  SCRAM_MECHANISMS,
} from "@kcp/shared/lists";
import { type Body, integer, positional, text } from "../args.js";
import { type Context, clusterId, print, readSecret } from "../context.js";
import { UsageError } from "../exit-codes.js";
import { table } from "../output.js";
import type { Args, CommandSpec, OptionSpec } from "../spec.js";

type AclBinding = Body<"/api/v1/clusters/{id}/acls", "post">;
type QuotaRequest = Body<"/api/v1/clusters/{id}/quotas", "put">;

const ACL_OPTIONS: Record<string, OptionSpec> = {
  principal: { type: "string", value: "User:NAME", help: "who (User:* for every user)" },
  "resource-type": { type: "string", value: "TYPE", values: ACL_RESOURCE_TYPES, help: "the kind of resource" },
  resource: { type: "string", value: "NAME", help: "the resource's name (* with LITERAL: every one of the type)" },
  pattern: { type: "string", value: "P", values: ACL_PATTERN_TYPES, help: "how the name matches" },
  operation: { type: "string", value: "OP", values: ACL_OPERATIONS, help: "what it may do" },
  permission: { type: "string", value: "P", values: ACL_PERMISSIONS, help: "allow or deny" },
  host: { type: "string", value: "IP", help: "the client's address (default *)" },
};

/** The binding the options name: each part required but pattern (LITERAL), permission (ALLOW) and host (*). */
function binding(args: Args): AclBinding {
  const missing = ["principal", "resource-type", "resource", "operation"].filter((name) => !text(args, name));
  if (missing.length > 0) throw new UsageError(`Name the binding's ${missing.map((m) => `--${m}`).join(", ")}`);
  return {
    principal: text(args, "principal"),
    resourceType: text(args, "resource-type"),
    resourceName: text(args, "resource"),
    patternType: text(args, "pattern") ?? "LITERAL",
    operation: text(args, "operation"),
    permission: text(args, "permission") ?? "ALLOW",
    host: text(args, "host") ?? "*",
  } as AclBinding;
}

const aclRow = (b: AclBinding) => [
  b.principal,
  b.permission,
  b.operation,
  `${b.resourceType}:${b.resourceName}`,
  b.patternType,
  String(b.host),
];
const ACL_HEADER = ["PRINCIPAL", "PERMISSION", "OPERATION", "RESOURCE", "PATTERN", "HOST"];

async function listAcls(context: Context, args: Args) {
  const id = await clusterId(context, positional(args, 0));
  const query = {
    limit: integer(text(args, "limit"), "--limit") ?? 100,
    offset: 0,
    ...(text(args, "principal") ? { principal: text(args, "principal") } : {}),
    ...(text(args, "resource-type") ? { resourceType: text(args, "resource-type") } : {}),
    ...(text(args, "resource") ? { resourceName: text(args, "resource") } : {}),
  } as never;
  const page = unwrap(await context.client.GET("/api/v1/clusters/{id}/acls", { params: { path: { id }, query } }));
  print(context, page, () =>
    [table(ACL_HEADER, page.bindings.map(aclRow)), `${page.bindings.length} of ${page.total} bindings`].join("\n"),
  );
  return undefined;
}

async function createAcl(context: Context, args: Args) {
  const id = await clusterId(context, positional(args, 0));
  const answer = unwrap(
    await context.client.POST("/api/v1/clusters/{id}/acls", {
      params: { path: { id } },
      body: binding(args),
    }),
  );
  print(context, answer, () => `Created: ${aclRow(answer.binding).join(" ")}`);
  return undefined;
}

async function deleteAcl(context: Context, args: Args) {
  const id = await clusterId(context, positional(args, 0));
  const answer = unwrap(
    await context.client.DELETE("/api/v1/clusters/{id}/acls", {
      params: { path: { id } },
      body: binding(args),
    }),
  );
  print(context, answer, () =>
    answer.deleted.length === 0
      ? "No such binding: nothing deleted"
      : [`Deleted ${answer.deleted.length} binding(s):`, table(ACL_HEADER, answer.deleted.map(aclRow))].join("\n"),
  );
  return undefined;
}

/** Pure: `user=alice`, `user=alice+client-id=app`, `ip=10.0.0.1`; an empty name (or <default>) is the default entity. */
export function parseEntity(value: string | undefined): QuotaRequest["entity"] {
  if (!value) throw new UsageError("Name the entity: --entity user=NAME[+client-id=ID] | client-id=ID | ip=ADDRESS");
  return value.split("+").map((part) => {
    const at = part.indexOf("=");
    const type = at < 0 ? part : part.slice(0, at);
    if (type !== "user" && type !== "client-id" && type !== "ip")
      throw new UsageError(`An entity part is user=, client-id= or ip=, not ${part}`);
    const name = at < 0 ? "" : part.slice(at + 1);
    return { type, name: name === "" || name === "<default>" ? null : name };
  });
}

const entityText = (entity: readonly { type: string; name?: string | null }[]) =>
  entity.map((e) => `${e.type}=${e.name ?? "<default>"}`).join("+");

async function listQuotas(context: Context, args: Args) {
  const id = await clusterId(context, positional(args, 0));
  const answer = unwrap(await context.client.GET("/api/v1/clusters/{id}/quotas", { params: { path: { id } } }));
  print(context, answer, () =>
    table(
      ["ENTITY", "QUOTAS"],
      answer.quotas.map((q) => [
        entityText(q.entity),
        Object.entries(q.quotas)
          .map(([k, v]) => `${k}=${v}`)
          .join(", "),
      ]),
    ),
  );
  return undefined;
}

function changeQuotas(verb: "set" | "remove") {
  return async (context: Context, args: Args) => {
    const id = await clusterId(context, positional(args, 0));
    const words = args.positionals.slice(1);
    const entity = parseEntity(text(args, "entity"));
    const body = (
      verb === "set"
        ? {
            entity,
            set: Object.fromEntries(
              words.map((pair) => {
                const [key, value] = pair.split("=");
                const number = Number(value);
                if (!key || value === undefined || value === "" || !Number.isFinite(number))
                  throw new UsageError(`A quota is KEY=NUMBER, not ${pair}`);
                return [key, number];
              }),
            ),
          }
        : { entity, remove: words }
    ) as QuotaRequest;
    const answer = unwrap(await context.client.PUT("/api/v1/clusters/{id}/quotas", { params: { path: { id } }, body }));
    print(
      context,
      answer,
      () =>
        `${entityText(answer.entity)}: ${
          Object.entries(answer.quotas)
            .map(([k, v]) => `${k}=${v}`)
            .join(", ") || "no quota left"
        }`,
    );
    return undefined;
  };
}

async function listScram(context: Context, args: Args) {
  const id = await clusterId(context, positional(args, 0));
  const answer = unwrap(await context.client.GET("/api/v1/clusters/{id}/scram-users", { params: { path: { id } } }));
  print(context, answer, () =>
    table(
      ["USER", "CREDENTIALS"],
      answer.users.map((u) => [u.user, u.credentials.map((c) => `${c.mechanism} (${c.iterations})`).join(", ")]),
    ),
  );
  return undefined;
}

function mechanism(args: Args) {
  const value = text(args, "mechanism") ?? "SCRAM-SHA-512";
  if (!(SCRAM_MECHANISMS as readonly string[]).includes(value))
    throw new UsageError(`--mechanism is ${SCRAM_MECHANISMS.join(" or ")}, not ${value}`);
  return value as (typeof SCRAM_MECHANISMS)[number];
}

const describeUser = (u: { user: string; credentials: { mechanism: string; iterations: number }[] }) =>
  `${u.user}: ${u.credentials.map((c) => `${c.mechanism} (${c.iterations} iterations)`).join(", ") || "no credential left"}`;

async function setScram(context: Context, args: Args) {
  const id = await clusterId(context, positional(args, 0));
  const password = await readSecret(context, "password", {
    file: text(args, "password-file"),
    env: "KCP_SCRAM_PASSWORD",
  });
  const iterations = integer(text(args, "iterations"), "--iterations");
  const answer = unwrap(
    await context.client.PUT("/api/v1/clusters/{id}/scram-users/{user}/{mechanism}", {
      params: { path: { id, user: positional(args, 1), mechanism: mechanism(args) } },
      body: { password, ...(iterations === undefined ? {} : { iterations }) },
    }),
  );
  print(context, answer, () => describeUser(answer));
  return undefined;
}

async function showScram(context: Context, args: Args) {
  const id = await clusterId(context, positional(args, 0));
  const answer = unwrap(
    await context.client.GET("/api/v1/clusters/{id}/scram-users/{user}", {
      params: { path: { id, user: positional(args, 1) } },
    }),
  );
  print(context, answer, () => describeUser(answer));
  return undefined;
}

async function deleteScram(context: Context, args: Args) {
  const id = await clusterId(context, positional(args, 0));
  const answer = unwrap(
    await context.client.DELETE("/api/v1/clusters/{id}/scram-users/{user}/{mechanism}", {
      params: { path: { id, user: positional(args, 1), mechanism: mechanism(args) } },
    }),
  );
  print(context, answer, () => describeUser(answer));
  return undefined;
}

const ENTITY: OptionSpec = {
  type: "string",
  value: "E",
  help: "user=NAME[+client-id=ID], client-id=ID or ip=ADDRESS (an empty name: the default entity)",
};
const MECHANISM: OptionSpec = {
  type: "string",
  value: "M",
  values: SCRAM_MECHANISMS,
  help: "the SCRAM mechanism (default SCRAM-SHA-512)",
};

export const securityCommands: CommandSpec[] = [
  {
    path: ["acls", "list"],
    positionals: ["CLUSTER"],
    options: {
      principal: ACL_OPTIONS.principal as OptionSpec,
      "resource-type": ACL_OPTIONS["resource-type"] as OptionSpec,
      resource: ACL_OPTIONS.resource as OptionSpec,
      limit: { type: "string", value: "N", help: "at most N rows (default 100)" },
    },
    summary: "ACL bindings, filtered by principal or resource",
    examples: ["kcp acls list prod --principal User:orders"],
    run: listAcls,
  },
  {
    path: ["acls", "create"],
    positionals: ["CLUSTER"],
    options: ACL_OPTIONS,
    summary: "creates an ACL binding",
    examples: [
      "kcp acls create prod --principal User:orders --operation READ --resource-type TOPIC --resource orders. --pattern PREFIXED",
    ],
    run: createAcl,
  },
  {
    path: ["acls", "delete"],
    positionals: ["CLUSTER"],
    options: ACL_OPTIONS,
    summary: "deletes the ACL binding named exactly",
    examples: [
      "kcp acls delete prod --principal User:orders --operation READ --resource-type TOPIC --resource orders. --pattern PREFIXED",
    ],
    run: deleteAcl,
  },
  {
    path: ["quotas", "list"],
    positionals: ["CLUSTER"],
    options: {},
    summary: "client quotas by entity",
    examples: ["kcp quotas list prod"],
    run: listQuotas,
  },
  {
    path: ["quotas", "set"],
    positionals: ["CLUSTER", "KEY=NUMBER..."],
    options: { entity: ENTITY },
    summary: `sets quotas of an entity (${QUOTA_KEYS.join(", ")}); the others stay`,
    examples: ["kcp quotas set prod --entity user=orders producer_byte_rate=1048576 consumer_byte_rate=2097152"],
    run: changeQuotas("set"),
  },
  {
    path: ["quotas", "remove"],
    positionals: ["CLUSTER", "KEY..."],
    options: { entity: ENTITY },
    summary: "removes quotas of an entity",
    examples: ["kcp quotas remove prod --entity user=orders producer_byte_rate"],
    run: changeQuotas("remove"),
  },
  {
    path: ["scram-users", "list"],
    positionals: ["CLUSTER"],
    options: {},
    summary: "SCRAM users and their credentials' mechanisms (never a password)",
    examples: ["kcp scram-users list prod"],
    run: listScram,
  },
  {
    path: ["scram-users", "show"],
    positionals: ["CLUSTER", "USER"],
    options: {},
    summary: "one SCRAM user's credentials (mechanism and iterations; never a password)",
    examples: ["kcp scram-users show prod orders"],
    run: showScram,
  },
  {
    path: ["scram-users", "set"],
    positionals: ["CLUSTER", "USER"],
    options: {
      mechanism: MECHANISM,
      iterations: { type: "string", value: "N", help: "4096-16384 (default 8192)" },
      "password-file": { type: "string", value: "FILE", help: "the password's file (- is stdin)" },
    },
    summary: "creates or rotates a user's SCRAM credential",
    details: [
      "The password is never an argument: standard input, --password-file, or $KCP_SCRAM_PASSWORD (one trailing",
      "newline dropped). The service salts it and sends Kafka only the salted credential.",
    ],
    examples: ["printf '%s\\n' \"$PW\" | kcp scram-users set prod orders --mechanism SCRAM-SHA-512"],
    run: setScram,
  },
  {
    path: ["scram-users", "delete"],
    positionals: ["CLUSTER", "USER"],
    options: { mechanism: MECHANISM },
    summary: "deletes a user's credential for one mechanism",
    examples: ["kcp scram-users delete prod orders --mechanism SCRAM-SHA-512"],
    run: deleteScram,
  },
];
