import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join } from "node:path";
import { type components, unwrap } from "@kcp/api-client";
import { stringify } from "yaml";
import { type Context, clusterId, print } from "../context.js";
import { EXIT, UsageError } from "../exit-codes.js";
import { formatBytes, table } from "../output.js";
import { parseYamlDocuments } from "../yaml-files.js";
import { watch } from "./operations.js";

type PlanAnswer = components["schemas"]["DesiredStatePlanResponse"];
type DriftAnswer = components["schemas"]["DesiredStateDriftResponse"];
type Change = PlanAnswer["changes"][number];

const FILE_NAME = /\.(ya?ml|json)$/i;

/** The files of PATH (a file, or a folder's .yaml, .yml and .json files in name order), each as its documents. */
export async function readDesiredFiles(path: string): Promise<{ path: string; documents: unknown[] }[]> {
  const info = await stat(path).catch(() => {
    throw new UsageError(`No file or folder ${path}`);
  });
  const paths = info.isDirectory()
    ? (await readdir(path))
        .filter((name) => FILE_NAME.test(name))
        .sort()
        .map((name) => join(path, name))
    : [path];
  if (paths.length === 0) throw new UsageError(`No .yaml, .yml or .json file in ${path}`);
  return Promise.all(
    paths.map(async (file) => {
      const text = await readFile(file, "utf8");
      return { path: file, documents: parseYamlDocuments(text, file).filter((d) => d !== null) };
    }),
  );
}

const entityText = (entity: { type: string; name?: string | null }[]) =>
  entity.map((e) => `${e.type}=${e.name ?? "<default>"}`).join(",");

/** One line per change: what, which resource, before → after. */
function changeRow(change: Change): string[] {
  switch (change.kind) {
    case "createTopic":
      return ["+ topic", change.topic, `${change.partitions} partitions, RF ${change.replicationFactor}`];
    case "addPartitions":
      return ["~ partitions", change.topic, `${change.before} → ${change.after}`];
    case "changeReplicationFactor":
      return ["~ replication", change.topic, `${change.before} → ${change.after}`];
    case "alterTopicConfigs":
      return [
        "~ configs",
        change.topic,
        change.configs.map((c) => `${c.name}: ${c.before ?? "(unset)"} → ${c.after ?? "(unset)"}`).join("; "),
      ];
    case "deleteTopic":
      return ["- topic", change.topic, `${change.partitions} partitions`];
    case "createAcl":
    case "deleteAcl": {
      const b = change.binding;
      const sign = change.kind === "createAcl" ? "+ acl" : "- acl";
      return [
        sign,
        `${b.principal}`,
        `${b.permission} ${b.operation} ${b.resourceType}:${b.resourceName} (${b.patternType})`,
      ];
    }
    case "setQuota":
    case "deleteQuota":
      return [
        change.kind === "setQuota" ? "~ quota" : "- quota",
        entityText(change.entity),
        change.values.map((v) => `${v.key}: ${v.before ?? "(unset)"} → ${v.after ?? "(unset)"}`).join("; "),
      ];
    case "createScramCredential":
      return ["+ scram", change.user, `${change.mechanism}, ${change.iterations} iterations`];
    case "rotateScramCredential":
      return ["~ scram", change.user, `${change.mechanism}: ${change.reason}`];
    case "deleteScramCredential":
      return ["- scram", change.user, change.mechanism];
  }
}

function describeDrift(answer: DriftAnswer): string {
  if (answer.applied.length === 0) return "No desired state applied to this cluster: nothing to drift from.";
  const files = answer.applied.map((f) => `${f.path} (applied ${f.appliedAt} by ${f.appliedBy})`).join(", ");
  if (answer.changes.length === 0 && answer.problems.length === 0)
    return `No drift: the cluster is as last applied from ${files}.`;
  const lines = [`Drift from ${files}: applying the files again would make these changes.`];
  if (answer.changes.length > 0) lines.push(table(["CHANGE", "RESOURCE", "DETAIL"], answer.changes.map(changeRow)));
  for (const p of answer.problems)
    lines.push(`Cannot be undone by an apply: ${p.file}, document ${p.document}: ${p.message}`);
  return lines.join("\n");
}

function describe(answer: PlanAnswer): string {
  if (answer.changes.length === 0) return "No changes: the cluster is as the files declare.";
  const lines = [table(["CHANGE", "RESOURCE", "DETAIL"], answer.changes.map(changeRow))];
  const counts = Object.entries(answer.counts).map(([kind, n]) => `${n} ${kind}`);
  lines.push(`${answer.changes.length} change(s): ${counts.join(", ")}`);
  const moved = answer.operation?.plan.dataToMoveBytes;
  if (moved !== undefined) lines.push(`Data to copy: ${formatBytes(moved)}`);
  for (const warning of answer.warnings) lines.push(`Warning: ${warning}`);
  if (answer.irreversible) lines.push("Irreversible: it deletes or shrinks something (confirm with --name CLUSTER)");
  return lines.join("\n");
}

interface PasswordRef {
  env?: string;
  file?: string;
}

/**
 * The passwords the files' ScramUser documents reference, read here: an environment variable of this process, or a
 * file (relative to the desired-state file's folder; one trailing newline dropped). The service gets them write-only;
 * the files never hold them.
 */
export async function resolvePasswords(
  files: { path: string; documents: unknown[] }[],
  env: NodeJS.ProcessEnv,
): Promise<{ user: string; mechanism: string; password: string }[]> {
  const passwords: { user: string; mechanism: string; password: string }[] = [];
  for (const file of files)
    for (const [index, document] of file.documents.entries()) {
      const d = document as { kind?: unknown; name?: unknown; mechanism?: unknown; password?: PasswordRef };
      if (d.kind !== "ScramUser" || !d.password || typeof d.name !== "string" || typeof d.mechanism !== "string")
        continue;
      const where = `${file.path}, document ${index}: the password of ${d.name}`;
      let password: string | undefined;
      if (typeof d.password.env === "string") {
        password = env[d.password.env];
        if (!password) throw new UsageError(`${where}: the environment variable ${d.password.env} is not set`);
      } else if (typeof d.password.file === "string") {
        const at = isAbsolute(d.password.file) ? d.password.file : join(dirname(file.path), d.password.file);
        password = (
          await readFile(at, "utf8").catch(() => {
            throw new UsageError(`${where}: the file ${at} cannot be read`);
          })
        ).replace(/\r?\n$/, "");
        if (!password) throw new UsageError(`${where}: the file ${at} is empty`);
      }
      if (password) passwords.push({ user: d.name, mechanism: d.mechanism, password });
    }
  return passwords;
}

async function planFiles(context: Context, cluster: string | undefined, path: string | undefined, create: boolean) {
  if (!path) throw new UsageError("Name the files: -f PATH (a file or a folder)");
  const files = await readDesiredFiles(path);
  const id = await clusterId(context, cluster);
  // Only an apply sets credentials: a diff sends no password.
  const passwords = create ? await resolvePasswords(files, context.env) : [];
  return unwrap(
    await context.client.POST("/api/v1/clusters/{id}/desired-state/plan", {
      params: { path: { id } },
      body: { files, createOperation: create, passwords } as never,
    }),
  );
}

/** kcp diff CLUSTER -f PATH: the changes the files make; exits 0 with none, 2 with some (Terraform's convention). */
export async function diff(context: Context, cluster: string | undefined, options: { file?: string }) {
  const answer = await planFiles(context, cluster, options.file, false);
  print(context, answer, () => describe(answer));
  return answer.changes.length === 0 ? EXIT.ok : EXIT.changes;
}

/**
 * kcp apply CLUSTER -f PATH [--yes [--name CLUSTER]]: plans the files and shows the changes; with --yes confirms (the
 * cluster's name typed back when irreversible) and follows the operation to its end.
 */
export async function apply(
  context: Context,
  cluster: string | undefined,
  options: { file?: string; yes?: boolean; name?: string; intervalMs?: string },
): Promise<number> {
  const answer = await planFiles(context, cluster, options.file, true);
  const operation = answer.operation;
  if (!operation || !options.yes) {
    print(context, answer, () =>
      operation ? `${describe(answer)}\nConfirm with: kcp confirm ${operation.id}` : describe(answer),
    );
    return EXIT.ok;
  }
  if (answer.irreversible && !options.name)
    throw new UsageError(`${describe(answer)}\nIrreversible: apply again with --yes --name <the cluster's name>`);
  if (!context.json) context.out(describe(answer));
  unwrap(
    await context.client.POST("/api/v1/operations/{op}/confirm", {
      params: { path: { op: operation.id } },
      body: options.name ? { confirmName: options.name } : {},
    }),
  );
  return watch(context, operation.id, options.intervalMs ? { intervalMs: options.intervalMs } : {});
}

/** kcp drift CLUSTER: how the cluster differs from its last applied files; exits 0 with no drift, 2 with some. */
export async function drift(context: Context, cluster: string | undefined) {
  const id = await clusterId(context, cluster);
  const answer = unwrap(
    await context.client.GET("/api/v1/clusters/{id}/desired-state/drift", { params: { path: { id } } }),
  );
  print(context, answer, () => describeDrift(answer));
  return answer.changes.length === 0 && answer.problems.length === 0 ? EXIT.ok : EXIT.changes;
}

/** What `kcp export` exports: each a comma-separated list, as the Scope document names it. */
export interface ExportOptions {
  "topic-prefixes"?: string;
  topics?: string;
  "acl-principals"?: string;
  "quota-entities"?: string;
  "scram-users"?: string;
  output?: string;
}

/** A document as a person writes it: the defaults left out (deleted: false, prune: false, empty lists). */
function written(document: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(document).filter(([key, value]) => {
    if ((key === "deleted" || key === "prune") && value === false) return false;
    if (Array.isArray(value) && value.length === 0) return false;
    return true;
  });
  return Object.fromEntries(
    entries.map(([key, value]) =>
      key === "topics" && value && typeof value === "object" && !Array.isArray(value)
        ? [key, written(value as Record<string, unknown>)]
        : [key, value],
    ),
  );
}

/**
 * kcp export CLUSTER [--topic-prefixes P,..] [--topics T,..] [--acl-principals User:A,..] [--quota-entities E,..]
 * [--scram-users U,..] [-o FILE]: the cluster's resources in that scope as one desired-state file (YAML; JSON with
 * --json), no password: planned unchanged, it changes nothing.
 */
export async function exportState(context: Context, cluster: string | undefined, options: ExportOptions) {
  const id = await clusterId(context, cluster);
  const query = {
    ...(options["topic-prefixes"] ? { topicPrefixes: options["topic-prefixes"] } : {}),
    ...(options.topics ? { topics: options.topics } : {}),
    ...(options["acl-principals"] ? { aclPrincipals: options["acl-principals"] } : {}),
    ...(options["quota-entities"] ? { quotaEntities: options["quota-entities"] } : {}),
    ...(options["scram-users"] ? { scramUsers: options["scram-users"] } : {}),
  };
  if (Object.keys(query).length === 0)
    throw new UsageError(
      "Name the scope: --topic-prefixes, --topics, --acl-principals, --quota-entities or --scram-users",
    );
  const answer = unwrap(
    await context.client.GET("/api/v1/clusters/{id}/desired-state", { params: { path: { id }, query } }),
  );
  const documents = answer.documents.map((d) => written(d as Record<string, unknown>));
  const text = context.json
    ? JSON.stringify({ documents }, null, 2)
    : documents.map((d) => stringify(d, { lineWidth: 0 }).trimEnd()).join("\n---\n");
  if (options.output) {
    await writeFile(options.output, `${text}\n`);
    context.out(`Wrote ${documents.length} document(s) to ${options.output}`);
  } else context.out(text);
  return EXIT.ok;
}
