import { unwrap } from "@kcp/api-client";
import { ROLES } from "@kcp/shared/lists";
import { type Body, commaList, keyValues, list, oneOf, positional, text } from "../args.js";
import { type Context, print, readMapping } from "../context.js";
import { UsageError } from "../exit-codes.js";
import { table } from "../output.js";
import type { Args, CommandSpec, OptionSpec } from "../spec.js";

type BindingInput = Body<"/api/v1/access/bindings", "post">;
interface BindingShown {
  id: string;
  origin: string;
  subject: { kind: "user"; username: string } | { kind: "group"; source: string; group: string };
  role: string;
  clusters: { all: true } | { ids: string[] } | { labels: Record<string, string> };
  resources?: Partial<Record<"topics" | "groups" | "aclPrincipals" | "scramUsers", string[]>>;
  team?: string;
}

/** Pure: whom a binding gives its role to, as people read it. */
export const subjectText = (subject: BindingShown["subject"]) =>
  subject.kind === "user" ? `user ${subject.username}` : `group ${subject.source}:${subject.group}`;

/** Pure: the clusters a binding covers: `all`, `ids a,b`, `labels env=prod`. */
export const clustersText = (clusters: BindingShown["clusters"]) =>
  "all" in clusters
    ? "all"
    : "ids" in clusters
      ? `ids ${clusters.ids.join(",")}`
      : `labels ${Object.entries(clusters.labels)
          .map(([k, v]) => `${k}=${v}`)
          .join(",")}`;

const RESOURCE_NAMES = {
  topics: "topics",
  groups: "groups",
  aclPrincipals: "acl-principals",
  scramUsers: "scram-users",
};

/** Pure: what a binding is narrowed to: `whole clusters`, or each kind's patterns. */
export const resourcesText = (resources: BindingShown["resources"]) =>
  resources === undefined
    ? "whole clusters"
    : Object.entries(resources)
        .map(
          ([kind, patterns]) => `${RESOURCE_NAMES[kind as keyof typeof RESOURCE_NAMES] ?? kind} ${patterns?.join(",")}`,
        )
        .join("; ");

const bindingRow = (b: BindingShown) => [
  b.id,
  b.origin,
  subjectText(b.subject),
  b.role,
  clustersText(b.clusters),
  resourcesText(b.resources),
  b.team ?? "-",
];
const HEADER = ["ID", "ORIGIN", "SUBJECT", "ROLE", "CLUSTERS", "RESOURCES", "TEAM"];

async function listBindings(context: Context) {
  const answer = unwrap(await context.client.GET("/api/v1/access/bindings"));
  print(context, answer, () => table(HEADER, (answer.bindings as BindingShown[]).map(bindingRow)));
  return undefined;
}

/**
 * Pure: a binding's spec from the command's options (`--user` or `--group SOURCE:GROUP`, `--role`, one of
 * `--all-clusters`, `--cluster-ids`, `--cluster-label`, and patterns per kind). The service checks the patterns.
 */
export function bindingFromOptions(args: Args): BindingInput {
  const user = text(args, "user");
  const group = text(args, "group");
  if ((user === undefined) === (group === undefined))
    throw new UsageError("Name the subject: --user NAME or --group SOURCE:GROUP");
  let subject: BindingInput["subject"];
  if (user !== undefined) subject = { kind: "user", username: user };
  else {
    const at = (group as string).indexOf(":");
    if (at <= 0)
      throw new UsageError(`--group is SOURCE:GROUP (the identity provider's id, then the group), not ${group}`);
    subject = { kind: "group", source: (group as string).slice(0, at), group: (group as string).slice(at + 1) };
  }
  const role = oneOf(text(args, "role"), ROLES, "--role");
  if (!role) throw new UsageError(`Name the role: --role ${ROLES.join("|")}`);
  const ids = commaList(text(args, "cluster-ids"));
  const labels = list(args, "cluster-label");
  const all = args.options["all-clusters"] === true;
  if ([all, ids.length > 0, labels.length > 0].filter(Boolean).length !== 1)
    throw new UsageError(
      "Name the clusters: --all-clusters, --cluster-ids ID,.. or --cluster-label KEY=VALUE (one of them)",
    );
  const clusters: BindingInput["clusters"] = all
    ? { all: true }
    : ids.length > 0
      ? { ids }
      : { labels: keyValues(labels, "--cluster-label") };
  const resources: NonNullable<BindingInput["resources"]> = {};
  for (const [kind, option] of Object.entries(RESOURCE_NAMES)) {
    const value = text(args, option);
    // Split on commas, keeping an empty pattern as written: the service refuses it with its reason.
    if (value !== undefined) resources[kind as keyof typeof resources] = value.split(",").map((p) => p.trim());
  }
  const team = text(args, "team");
  return {
    subject,
    role,
    clusters,
    ...(Object.keys(resources).length > 0 ? { resources } : {}),
    ...(team === undefined ? {} : { team }),
  };
}

const bindingBody = async (context: Context, args: Args): Promise<BindingInput> => {
  const file = text(args, "file");
  return file ? ((await readMapping(context, file, "a role binding")) as BindingInput) : bindingFromOptions(args);
};

const describeBinding = (b: BindingShown) =>
  `${b.id}: ${subjectText(b.subject)} is ${b.role} on ${clustersText(b.clusters)} (${resourcesText(b.resources)})${b.team ? `, team ${b.team}` : ""}`;

async function createBinding(context: Context, args: Args) {
  const body = await bindingBody(context, args);
  const answer = unwrap(await context.client.POST("/api/v1/access/bindings", { body }));
  print(context, answer, () => `Created binding ${describeBinding(answer.binding as BindingShown)}`);
  return undefined;
}

async function replaceBinding(context: Context, args: Args) {
  const body = await bindingBody(context, args);
  const id = positional(args, 0);
  const answer = unwrap(await context.client.PUT("/api/v1/access/bindings/{id}", { params: { path: { id } }, body }));
  print(context, answer, () => `Replaced binding ${describeBinding(answer.binding as BindingShown)}`);
  return undefined;
}

async function showBinding(context: Context, args: Args) {
  const id = positional(args, 0);
  const answer = unwrap(await context.client.GET("/api/v1/access/bindings/{id}", { params: { path: { id } } }));
  const b = answer.binding as BindingShown & { createdAt: string; updatedAt: string };
  print(context, answer, () => `Binding ${describeBinding(b)}; from ${b.origin}, updated ${b.updatedAt}`);
  return undefined;
}

async function deleteBinding(context: Context, args: Args) {
  const id = positional(args, 0);
  const answer = unwrap(await context.client.DELETE("/api/v1/access/bindings/{id}", { params: { path: { id } } }));
  const b = answer.binding as BindingShown;
  print(context, answer, () => `Deleted binding ${b.id} (${subjectText(b.subject)}, ${b.role})`);
  return undefined;
}

async function listTeams(context: Context) {
  const answer = unwrap(await context.client.GET("/api/v1/access/teams"));
  print(context, answer, () =>
    table(
      ["TEAM", ...HEADER],
      answer.teams.flatMap((team) => (team.bindings as BindingShown[]).map((b) => [team.name, ...bindingRow(b)])),
    ),
  );
  return undefined;
}

async function myAccess(context: Context) {
  const answer = unwrap(await context.client.GET("/api/v1/access/me"));
  print(context, answer, () =>
    [
      `${answer.username}${answer.source ? ` (through ${answer.source})` : ""}: ${answer.role ? `local role ${answer.role} on every cluster` : "no local role"}`,
      `Groups: ${answer.groups.length > 0 ? answer.groups.join(", ") : "none"}`,
      answer.bindings.length > 0
        ? table(HEADER, (answer.bindings as BindingShown[]).map(bindingRow))
        : "No role binding applies to you.",
    ].join("\n"),
  );
  return undefined;
}

const patterns = (kind: string): OptionSpec => ({
  type: "string",
  value: "P,..",
  help: `${kind} patterns: a name, a prefix ending in *, or * alone for all`,
});

const BINDING_OPTIONS: Record<string, OptionSpec> = {
  user: { type: "string", value: "NAME", help: "the user it gives the role to" },
  group: { type: "string", value: "SOURCE:GROUP", help: "or the group of an identity provider" },
  role: { type: "string", value: "ROLE", values: ROLES, help: "viewer, operator or admin" },
  "all-clusters": { type: "boolean", help: "on every cluster" },
  "cluster-ids": { type: "string", value: "ID,..", help: "or on these clusters" },
  "cluster-label": { type: "string", value: "KEY=VALUE", multiple: true, help: "or on clusters with these labels" },
  topics: patterns("topic"),
  groups: patterns("consumer-group"),
  "acl-principals": patterns("ACL principal"),
  "scram-users": patterns("SCRAM user"),
  team: { type: "string", value: "NAME", help: "the team it belongs to" },
  file: { type: "string", short: "f", value: "PATH", help: "or the binding from a YAML or JSON file (- is stdin)" },
};

export const bindingCommands: CommandSpec[] = [
  {
    path: ["access", "bindings", "list"],
    positionals: [],
    options: {},
    summary: "admin: every role binding (the bindings file's are read-only)",
    examples: ["kcp access bindings list"],
    run: listBindings,
  },
  {
    path: ["access", "bindings", "create"],
    positionals: [],
    options: BINDING_OPTIONS,
    summary: "admin: gives a role on clusters, or on resources of them by pattern, to a user or a group",
    details: [
      "Without resource patterns the binding covers its clusters whole (brokers, configs, quotas, operations); with them, only the named topics, groups, ACL principals or SCRAM users.",
    ],
    examples: [
      "kcp access bindings create --group corp:payments --role operator --cluster-label env=prod --topics 'payments.*' --groups 'payments-*' --team payments",
      "kcp access bindings create --user alice --role viewer --all-clusters",
    ],
    run: createBinding,
  },
  {
    path: ["access", "bindings", "show"],
    positionals: ["ID"],
    options: {},
    summary: "admin: one role binding",
    examples: ["kcp access bindings show 0f4c..."],
    run: showBinding,
  },
  {
    path: ["access", "bindings", "replace"],
    positionals: ["ID"],
    options: BINDING_OPTIONS,
    summary: "admin: replaces a role binding made through the API (the bindings file's are changed in the file)",
    examples: ["kcp access bindings replace 0f4c... --user alice --role operator --all-clusters"],
    run: replaceBinding,
  },
  {
    path: ["access", "bindings", "delete"],
    positionals: ["ID"],
    options: {},
    summary: "admin: deletes a role binding made through the API",
    examples: ["kcp access bindings delete 0f4c..."],
    run: deleteBinding,
  },
  {
    path: ["access", "teams"],
    positionals: [],
    options: {},
    summary: "admin: the teams and their bindings",
    examples: ["kcp access teams"],
    run: listTeams,
  },
  {
    path: ["access", "me"],
    positionals: [],
    options: {},
    summary: "your access: your local role, your groups and the bindings that apply to you",
    examples: ["kcp access me"],
    run: myAccess,
  },
];
