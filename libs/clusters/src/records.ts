import { createHash } from "node:crypto";
import type { CallDeadline, ConnectionTarget, KafkaClient, KafkaClients } from "@kcp/kafka";
import {
  type ProviderAccess,
  type ProviderCluster,
  type ProviderModule,
  type ProviderReadiness,
  providerModule,
  type Refusal,
  type Unavailable,
} from "@kcp/providers";
import {
  AppError,
  type Cluster,
  type ClusterPatch,
  type ConnectionProfile,
  type NodeLifecycle,
  SECRET_NAMES,
  type SecretBox,
  type Secrets,
  type StoredProfile,
} from "@kcp/shared";
import type { ClusterChanges, ClusterRecord, NewCluster } from "@kcp/store";
import { reachChanges } from "./profile-changes.js";

function presentSecrets(secrets: Secrets | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(secrets ?? {}).filter(([, value]) => typeof value === "string"));
}

/** The record of a validated profile: secrets sealed with the current key, their names listed. */
export function newClusterRecord(profile: ConnectionProfile, box: SecretBox, brokerClusterId: string): NewCluster {
  const secrets = presentSecrets(profile.secrets);
  const stored: StoredProfile = {
    provider: profile.provider,
    flavor: profile.flavor,
    bootstrapServers: profile.bootstrapServers,
    security: profile.security,
    secretsSet: SECRET_NAMES.filter((name) => name in secrets),
  };
  return {
    name: profile.name,
    profile: stored,
    ...(Object.keys(secrets).length > 0 ? { secrets: box.seal(secrets) } : {}),
    labels: profile.labels,
    settings: profile.settings,
    brokerClusterId,
  };
}

/** The Cluster resource: the profile without secrets, and which secrets are set. */
export function clusterResource(record: ClusterRecord): Cluster {
  const { profile } = record;
  return {
    id: record.id,
    name: record.name,
    provider: profile.provider,
    flavor: profile.flavor,
    bootstrapServers: profile.bootstrapServers,
    security: profile.security,
    labels: record.labels,
    settings: record.settings,
    brokerClusterId: record.brokerClusterId,
    secretsSet: profile.secretsSet,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

export function openRecordSecrets(record: ClusterRecord, box: SecretBox): Secrets {
  return record.secrets ? (box.open(record.secrets) as Secrets) : {};
}

/** What the Kafka client needs to connect: transport, security and the decrypted secrets (kept in memory only). */
export function connectionTarget(record: ClusterRecord, box: SecretBox): ConnectionTarget {
  const { profile } = record;
  return {
    bootstrapServers: profile.bootstrapServers,
    security: profile.security,
    secrets: openRecordSecrets(record, box),
  };
}

/**
 * A version of what reaching the cluster depends on — its bootstrap servers, security settings and sealed secrets —
 * that changes whenever any of them does (a digest: no secret in clear). The process's Kafka client of a cluster is
 * replaced when it changes.
 */
export function connectionVersion(record: ClusterRecord): string {
  const { profile } = record;
  return createHash("sha256")
    .update(JSON.stringify([profile.bootstrapServers, profile.security, record.secrets ?? null]))
    .digest("base64url");
}

/** The cluster as its node provider sees it: name, settings, and the kubeconfig secret opened only when asked. */
export function providerCluster(record: ClusterRecord, box: SecretBox): ProviderCluster {
  return { name: record.name, settings: record.settings, kubeconfig: () => openRecordSecrets(record, box).kubeconfig };
}

/** What a cluster's node provider answers and does, asked with the process's access to providers. */
export interface RecordProvider {
  /** What it answers now, at each collection (never throws); undefined: nothing to ask. */
  probe(): Promise<ProviderReadiness | undefined>;
  /** The node actions steps act through, or why there are none here. */
  lifecycle(): NodeLifecycle | Unavailable;
  /** The operator steps act through (operator-managed only); undefined for other kinds. */
  operator(): ReturnType<ProviderModule["operator"]>;
  /** Whether the nodes can obtain `version`; undefined: they can. */
  canObtain(version: string): Promise<Refusal | undefined>;
}

/**
 * The record's provider: the module of its kind (PROVIDER_MODULES) with the cluster as it sees it and `access`, the
 * process's access built once from its configuration (providerAccess). Every question the collector and the worker
 * ask of a cluster's provider goes through this.
 */
export function recordProvider(record: ClusterRecord, box: SecretBox, access: ProviderAccess): RecordProvider {
  const module = providerModule(record.profile.provider);
  const cluster = providerCluster(record, box);
  return {
    probe: () => module.probe(cluster, access),
    lifecycle: () => module.lifecycle(cluster, access),
    operator: () => module.operator(cluster, access),
    canObtain: (version) => module.canObtain(cluster, version, access),
  };
}

/**
 * Runs `work` with the process's client of the cluster, opened (or replaced) as its record says; with a `deadline`,
 * abandoned past it with `kafka_timeout` (see KafkaClients.use).
 */
export function withClusterClient<T>(
  clients: KafkaClients,
  record: ClusterRecord,
  box: SecretBox,
  work: (client: KafkaClient) => Promise<T>,
  deadline?: CallDeadline,
): Promise<T> {
  return clients.use(record.id, connectionVersion(record), () => connectionTarget(record, box), work, deadline);
}

/**
 * The profile a patch would leave (secrets given replace, null removes, absent keeps), to validate as a whole. A
 * patch that changes where or how the cluster is reached (reachChanges) keeps no stored secret: each one stored must
 * be given again or removed with null, else 400 validation_failed naming it — unless `keepSecrets` (admin only,
 * checked by the caller with the weakenings). So the merged profile, and the connection test it gets, never carry a
 * stored secret to a host or a security setting the same request chose.
 */
export function patchedProfile(record: ClusterRecord, patch: ClusterPatch, box: SecretBox): Record<string, unknown> {
  const { profile } = record;
  const reach = reachChanges(record, patch);
  const keep = reach.length === 0 || patch.keepSecrets === true;
  if (!keep) {
    const missing = profile.secretsSet.filter((name) => patch.secrets?.[name] === undefined);
    if (missing.length > 0)
      throw new AppError(
        "validation_failed",
        `Invalid body: ${missing.map((name) => `secrets.${name}`).join(", ")}: must be given again, or null to ` +
          `remove it: stored secrets are not kept when ${reach.join(", ")} change (an admin may keep them with keepSecrets)`,
      );
  }
  const secrets: Record<string, string> = keep ? { ...presentSecrets(openRecordSecrets(record, box)) } : {};
  for (const [name, value] of Object.entries(patch.secrets ?? {})) {
    if (value === null) delete secrets[name];
    else if (typeof value === "string") secrets[name] = value;
  }
  return {
    name: patch.name ?? record.name,
    provider: patch.provider ?? profile.provider,
    flavor: patch.flavor ?? profile.flavor,
    bootstrapServers: patch.bootstrapServers ?? profile.bootstrapServers,
    security: patch.security ?? profile.security,
    ...(Object.keys(secrets).length > 0 ? { secrets } : {}),
    labels: patch.labels ?? record.labels,
    settings: patch.settings ?? record.settings,
    skipTest: patch.skipTest,
  };
}

/** The changes that turn a record into the (validated) patched profile. */
export function recordChanges(profile: ConnectionProfile, box: SecretBox, brokerClusterId: string): ClusterChanges {
  const next = newClusterRecord(profile, box, brokerClusterId);
  return { ...next, secrets: next.secrets };
}

/** Whether a patch touches how to connect (then it is tested first, unless skipTest). */
export function changesConnection(patch: ClusterPatch): boolean {
  return patch.bootstrapServers !== undefined || patch.security !== undefined || patch.secrets !== undefined;
}
