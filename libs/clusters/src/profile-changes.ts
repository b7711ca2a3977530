import { isDeepStrictEqual } from "node:util";
import { type ClusterPatch, type ConnectionProfile, PROVIDER_TRAITS, type Security, type Settings } from "@kcp/shared";
import type { ClusterRecord } from "@kcp/store";

/** The security fields that say how the cluster is reached; a change of any of them is a change of reach. */
const SECURITY_REACH = [
  "protocol",
  "saslMechanism",
  "username",
  "tlsServerName",
  "tlsInsecureSkipVerify",
  "tlsCaCertPem",
  "cloudRegion",
] as const;

const TLS_PROTOCOLS: ReadonlySet<string> = new Set(["SSL", "SASL_SSL"]);
/** The password mechanisms from the one that shows the most of the password to the server to the one that shows least. */
const PASSWORD_STRENGTH: Readonly<Record<string, number>> = { PLAIN: 1, "SCRAM-SHA-256": 2, "SCRAM-SHA-512": 3 };

const sameServers = (a: readonly string[], b: readonly string[]) =>
  isDeepStrictEqual(
    [...new Set(a.map((s) => s.toLowerCase()))].sort(),
    [...new Set(b.map((s) => s.toLowerCase()))].sort(),
  );
/** A security field as it acts: an absent `tlsInsecureSkipVerify` verifies, like `false`; an absent mechanism is none. */
function securityValue(security: Security, field: (typeof SECURITY_REACH)[number]): unknown {
  if (field === "tlsInsecureSkipVerify") return security.tlsInsecureSkipVerify === true;
  if (field === "saslMechanism") return security.saslMechanism ?? "";
  return security[field];
}
/** `settings.kubernetes.context` as stored or given (undefined when absent or not an object's field). */
function kubeContext(settings: Record<string, unknown> | undefined): unknown {
  const kubernetes = settings?.kubernetes;
  return typeof kubernetes === "object" && kubernetes !== null && "context" in kubernetes
    ? kubernetes.context
    : undefined;
}

/**
 * What a patch changes of where or how the cluster is reached — `bootstrapServers`, each security field, `provider`,
 * `settings.kubernetes.context` — as field names (empty: the reach stays). The stored secrets were given for the
 * stored reach: after such a change they are not used unless given again (or kept by an admin, keepSecrets), so a
 * patch can never send them somewhere it names itself. Bootstrap servers compare as a set (order and case aside).
 */
export function reachChanges(record: ClusterRecord, patch: ClusterPatch): string[] {
  const { profile } = record;
  const changes: string[] = [];
  if (patch.bootstrapServers && !sameServers(patch.bootstrapServers, profile.bootstrapServers))
    changes.push("bootstrapServers");
  if (patch.security)
    for (const field of SECURITY_REACH)
      if (!isDeepStrictEqual(securityValue(patch.security, field), securityValue(profile.security, field)))
        changes.push(`security.${field}`);
  if (patch.provider !== undefined && patch.provider !== profile.provider) changes.push("provider");
  if (patch.settings !== undefined && kubeContext(patch.settings) !== kubeContext(record.settings))
    changes.push("settings.kubernetes.context");
  return changes;
}

/**
 * How a patch would weaken the way the stored secrets travel, each as a sentence (empty: it does not): TLS given up,
 * a password mechanism that shows more of the password (SCRAM-SHA-512 → SCRAM-SHA-256 → PLAIN), certificate checks
 * turned off, or another CA trusted (whoever holds its key can then pose as the brokers). keepSecrets is refused then.
 */
export function weakenings(record: ClusterRecord, patch: ClusterPatch): string[] {
  if (!patch.security) return [];
  const before = record.profile.security;
  const after = patch.security;
  const found: string[] = [];
  if (TLS_PROTOCOLS.has(before.protocol) && !TLS_PROTOCOLS.has(after.protocol))
    found.push(`security.protocol ${before.protocol} → ${after.protocol} gives up TLS`);
  const [was, will] = [PASSWORD_STRENGTH[before.saslMechanism ?? ""], PASSWORD_STRENGTH[after.saslMechanism ?? ""]];
  if (was !== undefined && will !== undefined && will < was)
    found.push(`security.saslMechanism ${before.saslMechanism} → ${after.saslMechanism} shows more of the password`);
  if (before.tlsInsecureSkipVerify !== true && after.tlsInsecureSkipVerify === true)
    found.push("security.tlsInsecureSkipVerify turns certificate checks off");
  if (after.tlsCaCertPem !== undefined && after.tlsCaCertPem !== before.tlsCaCertPem)
    found.push("security.tlsCaCertPem trusts another CA");
  return found;
}

/**
 * The settings that make the service reach a host of its own (a node agent, a container engine, a Kubernetes API):
 * what each provider kind's settings need (PROVIDER_TRAITS), every key once.
 */
export const NODE_SETTINGS: readonly (keyof Settings)[] = [
  ...new Set(Object.values(PROVIDER_TRAITS).flatMap((traits) => traits.settings?.needs ?? [])),
];

/** One node setting (or `provider`) before and after; an absent side was not set. */
export interface NodeSettingChange {
  old?: unknown;
  new?: unknown;
}

/** A value as JSON with its keys sorted: what is stored compares equal to the same value parsed from a request. */
function canonical(value: unknown): string | undefined {
  const sorted = (inner: unknown): unknown =>
    Array.isArray(inner)
      ? inner.map(sorted)
      : typeof inner === "object" && inner !== null
        ? Object.fromEntries(
            Object.entries(inner)
              .filter(([, v]) => v !== undefined)
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([k, v]) => [k, sorted(v)]),
          )
        : inner;
  return value === undefined ? undefined : JSON.stringify(sorted(value));
}

const change = (before: unknown, after: unknown): NodeSettingChange => ({
  ...(before === undefined ? {} : { old: before }),
  ...(after === undefined ? {} : { new: after }),
});

/**
 * The node settings — `provider`, `settings.agents`, `settings.container`, `settings.kubernetes`,
 * `settings.portBase` — that a registration sets (`record` undefined; provider `external` is the default, not a
 * setting) or that a patch changes, each with its old and new value (they hold no secret). Changing them needs the
 * admin role, and the audit keeps exactly these.
 */
export function nodeSettingChanges(
  record: ClusterRecord | undefined,
  next: Pick<ClusterPatch, "provider" | "settings"> | Pick<ConnectionProfile, "provider" | "settings">,
): Record<string, NodeSettingChange> {
  const changes: Record<string, NodeSettingChange> = {};
  const providerBefore = record ? record.profile.provider : "external";
  if (next.provider !== undefined && next.provider !== providerBefore)
    changes.provider = change(record ? providerBefore : undefined, next.provider);
  if (next.settings !== undefined)
    for (const key of NODE_SETTINGS) {
      const before = record?.settings[key];
      const after = next.settings[key];
      if (canonical(before) !== canonical(after)) changes[`settings.${key}`] = change(before, after);
    }
  return changes;
}
