import type { components } from "@kcp/api-client";
import type { Operation, PlanRequest } from "../../api/operations.js";

export type DesiredChange = components["schemas"]["DesiredChange"];
export type DesiredChangeKind = DesiredChange["kind"];
export type DesiredStateParams = NonNullable<Extract<PlanRequest, { type: "applyDesiredState" }>["params"]>;
/** An operation's params are typed loosely (one shape per type): this one is the plan of a team's files. */
export type DesiredStateOperation = Operation & { type: "applyDesiredState"; params: DesiredStateParams };

/** Terraform's signs: + created or added, - deleted or removed, ~ changed in place. */
export type Sign = "+" | "-" | "~";
export type Tone = "add" | "remove" | "change";

export interface DiffLine {
  sign: Sign;
  tone: Tone;
  text: string;
}

/** One resource (a topic, an ACL binding, a quota entity, a SCRAM credential) and what the plan does to it. */
export interface DiffResource {
  key: string;
  /** The resource's own line, e.g. `+ topic orders`. */
  line: DiffLine;
  /** Deletes it, or something it holds (a replication factor that goes down): confirmed with the cluster's name. */
  irreversible: boolean;
  /** What changes inside it, e.g. `~ partitions 3 → 6`; none when the resource line says it all. */
  details: DiffLine[];
}

const TONE: Record<Sign, Tone> = { "+": "add", "-": "remove", "~": "change" };

/** The words read with a sign: the colour and the sign are never the only signal. */
export const TONE_WORD: Record<Tone, string> = { add: "added", remove: "removed", change: "changed" };
/** What happens to a resource, by the sign of its line. */
export const ACTION_WORD: Record<Sign, string> = { "+": "create", "-": "delete", "~": "update in place" };

const KINDS: Record<DesiredChangeKind, { sign: Sign; one: string; many: string }> = {
  createTopic: { sign: "+", one: "topic created", many: "topics created" },
  addPartitions: { sign: "~", one: "topic gains partitions", many: "topics gain partitions" },
  changeReplicationFactor: {
    sign: "~",
    one: "replication factor changed",
    many: "replication factors changed",
  },
  alterTopicConfigs: { sign: "~", one: "topic's configs changed", many: "topics' configs changed" },
  deleteTopic: { sign: "-", one: "topic deleted", many: "topics deleted" },
  createAcl: { sign: "+", one: "ACL created", many: "ACLs created" },
  deleteAcl: { sign: "-", one: "ACL deleted", many: "ACLs deleted" },
  setQuota: { sign: "~", one: "quota set", many: "quotas set" },
  deleteQuota: { sign: "-", one: "quota deleted", many: "quotas deleted" },
  createScramCredential: { sign: "+", one: "SCRAM credential created", many: "SCRAM credentials created" },
  rotateScramCredential: { sign: "~", one: "SCRAM credential set again", many: "SCRAM credentials set again" },
  deleteScramCredential: { sign: "-", one: "SCRAM credential deleted", many: "SCRAM credentials deleted" },
};

const line = (sign: Sign, text: string): DiffLine => ({ sign, tone: TONE[sign], text });

/** Whether this operation applies a desired state, its params (changes, digest, files) as the service planned them. */
export function isDesiredStateOperation(operation: Operation): operation is DesiredStateOperation {
  if (operation.type !== "applyDesiredState") return false;
  const { changes, digest, files } = operation.params;
  return (
    typeof digest === "string" &&
    Array.isArray(files) &&
    files.every((file) => typeof file === "string") &&
    Array.isArray(changes) &&
    changes.every(
      (change: unknown) =>
        typeof change === "object" && change !== null && "kind" in change && typeof change.kind === "string",
    )
  );
}

/** A value before → after, where null is "not set" (a removed one shows what it was). */
/** A value set (+), removed (-) or changed (~); an absent value is null. */
function valueLine(
  name: string,
  was: string | number | null | undefined,
  now: string | number | null | undefined,
): DiffLine {
  const before = was ?? null;
  const after = now ?? null;
  if (before === null && after !== null) return line("+", `${name} = ${after}`);
  if (after === null && before !== null) return line("-", `${name} (was ${before})`);
  return line("~", `${name} ${before ?? "(unset)"} → ${after ?? "(unset)"}`);
}

const entityText = (entity: components["schemas"]["QuotaEntity"][]) =>
  entity.map((e) => `${e.type}=${e.name ?? "<default>"}`).join(", ");

type Binding = components["schemas"]["AclBinding"];
const bindingText = (b: Binding) =>
  `ACL ${b.principal} ${b.permission} ${b.operation} on ${b.resourceType} ${b.resourceName} (${b.patternType}, host ${b.host})`;
const bindingKey = (b: Binding) =>
  ["acl", b.principal, b.permission, b.operation, b.resourceType, b.resourceName, b.patternType, b.host].join("\u0000");

/** One change as its resource's key and title and the lines it adds under it. */
function describeChange(change: DesiredChange): {
  key: string;
  title: string;
  sign: Sign;
  irreversible: boolean;
  details: DiffLine[];
} {
  switch (change.kind) {
    case "createTopic":
      return {
        key: `topic\u0000${change.topic}`,
        title: `topic ${change.topic}`,
        sign: "+",
        irreversible: false,
        details: [
          line("+", `partitions = ${change.partitions}`),
          line("+", `replication factor = ${change.replicationFactor}`),
          ...Object.entries(change.configs)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([name, value]) => line("+", `config ${name} = ${value}`)),
        ],
      };
    case "addPartitions":
      return {
        key: `topic\u0000${change.topic}`,
        title: `topic ${change.topic}`,
        sign: "~",
        irreversible: false,
        details: [line("~", `partitions ${change.before} → ${change.after}`)],
      };
    case "changeReplicationFactor": {
      const shrinks = change.after < change.before;
      return {
        key: `topic\u0000${change.topic}`,
        title: `topic ${change.topic}`,
        sign: "~",
        irreversible: shrinks,
        details: [
          line(
            "~",
            `replication factor ${change.before} → ${change.after}${shrinks ? " (fewer copies of its data)" : ""}`,
          ),
        ],
      };
    }
    case "alterTopicConfigs":
      return {
        key: `topic\u0000${change.topic}`,
        title: `topic ${change.topic}`,
        sign: "~",
        irreversible: false,
        details: change.configs.map((c) => valueLine(`config ${c.name}`, c.before, c.after)),
      };
    case "deleteTopic":
      return {
        key: `topic\u0000${change.topic}`,
        title: `topic ${change.topic}`,
        sign: "-",
        irreversible: true,
        details: [line("-", `${change.partitions} partition(s) and every message in them`)],
      };
    case "createAcl":
    case "deleteAcl":
      return {
        key: bindingKey(change.binding),
        title: bindingText(change.binding),
        sign: change.kind === "createAcl" ? "+" : "-",
        irreversible: change.kind === "deleteAcl",
        details: [],
      };
    case "setQuota":
    case "deleteQuota": {
      const deleted = change.kind === "deleteQuota";
      return {
        key: `quota\u0000${entityText(change.entity)}`,
        title: `quota ${entityText(change.entity)}`,
        // A quota set on an entity that had none is created.
        sign: deleted ? "-" : change.values.every((v) => v.before === null || v.before === undefined) ? "+" : "~",
        irreversible: deleted,
        details: change.values.map((v) => valueLine(v.key, v.before, deleted ? null : v.after)),
      };
    }
    case "createScramCredential":
      return {
        key: `scram\u0000${change.user}\u0000${change.mechanism}`,
        title: `SCRAM credential ${change.user} (${change.mechanism})`,
        sign: "+",
        irreversible: false,
        details: [line("+", `iterations = ${change.iterations}`)],
      };
    case "rotateScramCredential":
      return {
        key: `scram\u0000${change.user}\u0000${change.mechanism}`,
        title: `SCRAM credential ${change.user} (${change.mechanism})`,
        sign: "~",
        irreversible: false,
        details: [line("~", `set again: ${change.reason || "password"}`)],
      };
    case "deleteScramCredential":
      return {
        key: `scram\u0000${change.user}\u0000${change.mechanism}`,
        title: `SCRAM credential ${change.user} (${change.mechanism})`,
        sign: "-",
        irreversible: true,
        details: [],
      };
    default: {
      // A kind newer than this console: shown by name, never dropped.
      const other: { kind: string } = change;
      return { key: `other\u0000${other.kind}`, title: other.kind, sign: "~", irreversible: false, details: [] };
    }
  }
}

/**
 * The changes as diff lines grouped per resource, in the order each resource is first changed (the order of apply).
 * A resource changed in more than one way (a topic's partitions and configs) is one group whose sign is ~.
 */
export function diffOf(changes: readonly DesiredChange[]): DiffResource[] {
  const resources = new Map<string, DiffResource>();
  for (const change of changes) {
    const { key, title, sign, irreversible, details } = describeChange(change);
    const seen = resources.get(key);
    if (!seen) {
      resources.set(key, { key, line: line(sign, title), irreversible, details: [...details] });
      continue;
    }
    if (seen.line.sign !== sign) seen.line = line("~", title);
    seen.irreversible ||= irreversible;
    seen.details.push(...details);
  }
  return [...resources.values()];
}

export interface KindCount {
  kind: DesiredChangeKind;
  count: number;
  sign: Sign;
  tone: Tone;
  /** e.g. "3 topics created". */
  text: string;
}

/** How many changes of each kind, in the order of the kinds (creations, in-place changes, deletions per resource). */
export function countsByKind(changes: readonly DesiredChange[]): KindCount[] {
  const counts = new Map<string, number>();
  for (const change of changes) counts.set(change.kind, (counts.get(change.kind) ?? 0) + 1);
  return (Object.keys(KINDS) as DesiredChangeKind[]).flatMap((kind) => {
    const count = counts.get(kind) ?? 0;
    if (count === 0) return [];
    const { sign, one, many } = KINDS[kind];
    return [{ kind, count, sign, tone: TONE[sign], text: `${count} ${count === 1 ? one : many}` }];
  });
}

/** Lines a resource takes on the page: its own and its details. */
export const linesOf = (resource: DiffResource) => 1 + resource.details.length;

/**
 * The first resources that fit in `limit` lines (at least one, so a resource with more lines than the limit still
 * shows): what is drawn before "show more", so that a plan of thousands of changes does not hold the page.
 */
export function firstResources(resources: readonly DiffResource[], limit: number): DiffResource[] {
  let lines = 0;
  let end = 0;
  while (end < resources.length) {
    const next = resources[end];
    if (next === undefined || (end > 0 && lines + linesOf(next) > limit)) break;
    lines += linesOf(next);
    end++;
  }
  return resources.slice(0, end);
}
