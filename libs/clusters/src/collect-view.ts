import {
  type DesiredStateBook,
  type Drift,
  desiredStateThread,
  readCurrentResources,
  withDrift,
  withKeptDrift,
} from "@kcp/desired-state";
import type { HistoryBook, RecordedCollection, SampleInput } from "@kcp/history";
import {
  type ClientOptionsSettings,
  collectSnapshot,
  deriveHealth,
  describeKafkaError,
  type HealthThresholds,
  KafkaAdmin,
  type KafkaClient,
  type KafkaClients,
  partReadAt,
  reusableParts,
  SLOW_PART_NAMES,
} from "@kcp/kafka";
import {
  AgentAccess,
  operatorStatus,
  type ProviderAccess,
  type ProviderReadiness,
  providerAccess,
  providerNodes,
} from "@kcp/providers";
import type { Health, SecretBox, Snapshot, SnapshotSlowPart } from "@kcp/shared";
import { ACTIVE_OPERATION_STATUSES, AppError, DeadlineError, withDeadline } from "@kcp/shared";
import type { ClusterRecord, ClusterViewRecord, Store } from "@kcp/store";
import { clusterCapabilities } from "./capabilities.js";
import { identityIssue, withIdentityIssue } from "./identity.js";
import { recordProvider, withClusterClient } from "./records.js";

export interface CollectSettings {
  /** A collection taking longer is abandoned and the cluster counts as unreachable for this round. */
  timeoutMs: number;
  thresholds: HealthThresholds;
  kafka?: ClientOptionsSettings;
  /**
   * The process's access to the node providers (providerAccess): how `agent` clusters' node agents are asked (health
   * and nodes, at their pinned URLs), the engines `container` clusters may be collected from (CONTAINER_ENGINES); its
   * timeout bounds every provider's request. None: no agent or engine is asked, and the capabilities say why.
   */
  providers?: ProviderAccess;
  /**
   * COLLECT_SLOW_PARTS_SECONDS: the parts that change rarely (SNAPSHOT_SLOW_PARTS) are read again when older than
   * this, or when an operation ran since; otherwise kept from the previous snapshot. 0 or absent: read every time.
   */
  slowPartsSeconds?: number;
}

/** How one collection reads the cluster. */
export interface CollectOptions {
  /** Read every part, the slow ones too: the collection was asked for (a refresh, a plan, after a write). */
  readAll?: boolean;
}

export interface CollectDependencies {
  store: Store;
  box: SecretBox;
  settings: CollectSettings;
  /** The process's Kafka clients (one per cluster, kept between collections). */
  clients: KafkaClients;
  /** The process's desired-state records: a cluster with applied files has its drift read at each collection. */
  desiredStates: Pick<DesiredStateBook, "appliedRecords">;
  /**
   * Where each reachable collection's figures are recorded (the history); none: nothing is recorded. A failure to
   * record is told to `onHistory`, never the collection's failure.
   */
  history?: Pick<HistoryBook, "record">;
  onHistory?: (result: { recorded: RecordedCollection } | { error: unknown }) => void;
  now?: () => Date;
}

/** No key, no pins, no CA: no agent is asked anything. */
const NO_AGENT_ACCESS = new AgentAccess();

type Plain = Record<string, unknown>;
const plain = (value: unknown) => value as Plain;

/**
 * What the cluster's provider answers now (I/O at the edge, by its module: each agent's health and nodes, the engine's
 * containers, the operator's resources); the capability rules read the plain value. Never throws. Every provider is
 * asked within the same per-request bound as the agents (AGENT_REQUEST_TIMEOUT_MS).
 */
function providerReadiness(record: ClusterRecord, deps: CollectDependencies): Promise<ProviderReadiness | undefined> {
  const access =
    deps.settings.providers ??
    providerAccess({ KAFKA_ALLOWED_HOSTS: deps.settings.kafka?.allowedHosts }, NO_AGENT_ACCESS);
  return recordProvider(record, deps.box, access).probe();
}

/**
 * A cluster registered without a connection test takes the id Kafka reports at its first successful collection; after
 * that, every collection compares: another id is the critical `cluster_identity_changed` issue.
 */
async function checkIdentity(record: ClusterRecord, deps: CollectDependencies, reported: string | undefined) {
  if (!record.brokerClusterId && reported) {
    await deps.store.clusters.update(record.id, { brokerClusterId: reported });
    return undefined;
  }
  return identityIssue(record.brokerClusterId, reported);
}

/**
 * The last write through the service that may have changed what the slow parts hold, in ms: now while an operation
 * of the cluster is under way, else when its latest operation last changed (changes made by hand through the API ask
 * for a collection that reads everything instead).
 */
async function lastWriteAt(deps: CollectDependencies, clusterId: string, now: Date): Promise<number | undefined> {
  // Its status and times only: what the operation stored apart (a plan's moves, its changes) stays in the store.
  const [latest] = (await deps.store.operations.listPage(clusterId, { limit: 1 }, { parts: "refs" })).operations;
  if (!latest) return undefined;
  return (ACTIVE_OPERATION_STATUSES as readonly string[]).includes(latest.status)
    ? now.getTime()
    : latest.updatedAt.getTime();
}

/** The slow parts this collection keeps from the previous snapshot (none when everything must be read). */
async function partsToKeep(
  deps: CollectDependencies,
  clusterId: string,
  previous: Snapshot | undefined,
  now: Date,
  options: CollectOptions,
): Promise<Set<SnapshotSlowPart>> {
  const everySeconds = deps.settings.slowPartsSeconds ?? 0;
  if (!previous || options.readAll || everySeconds <= 0) return new Set();
  const writtenAt = await lastWriteAt(deps, clusterId, now);
  return reusableParts({
    previous,
    now,
    everySeconds,
    readAll: false,
    ...(writtenAt === undefined ? {} : { writtenAt }),
  });
}

async function reachableView(
  record: ClusterRecord,
  deps: CollectDependencies,
  now: Date,
  options: CollectOptions,
  measured: (input: SampleInput) => void,
): Promise<ClusterViewRecord> {
  const { profile } = record;
  return withCollectionClient(record, deps, async (client) => {
    const { timeoutMs } = deps.settings;
    // The rates are measured against the stored view's snapshot, not a copy in memory: any collector process, or one
    // just restarted, measures from the last collection whichever process made it.
    const before = await deps.store.clusterViews.get(record.id);
    const previous = before?.snapshot as unknown as Snapshot | undefined;
    const reuse = await partsToKeep(deps, record.id, previous, now, options);
    const [collection, readiness] = await Promise.all([
      withDeadline(
        collectSnapshot(client, { timeoutMs, ...(previous ? { previous } : {}), reuse }),
        timeoutMs,
        `the collection took longer than ${timeoutMs} ms`,
      ),
      providerReadiness(record, deps),
    ]);
    const nodes = providerNodes(readiness);
    const operator = operatorStatus(readiness);
    const capabilities = clusterCapabilities({
      profile: { provider: profile.provider, flavor: profile.flavor },
      snapshot: collection.snapshot,
      apiVersions: collection.apiVersions,
      authorizedOperations: collection.authorizedOperations,
      ...(readiness ? { providerReadiness: readiness } : {}),
    });
    const keepDrift = reuse.has("desiredStateDrift") && previous !== undefined;
    const drift = await desiredStateDrift(
      record,
      deps,
      keepDrift ? undefined : client,
      collection.snapshot,
      capabilities,
    );
    const driftReadAt =
      drift === undefined
        ? undefined
        : drift === KEPT && previous
          ? new Date(partReadAt(previous, "desiredStateDrift")).toISOString()
          : collection.snapshot.collectedAt;
    const collected: Snapshot = {
      ...collection.snapshot,
      partsCollectedAt: {
        ...collection.snapshot.partsCollectedAt,
        ...(driftReadAt ? { desiredStateDrift: driftReadAt } : {}),
      },
    };
    const snapshot: Snapshot =
      typeof drift === "string"
        ? { ...collected, errors: [...collected.errors, `${SLOW_PART_NAMES.desiredStateDrift}: ${drift}`] }
        : collected;
    const derived = deriveHealth(snapshot, deps.settings.thresholds, now);
    const health =
      drift === KEPT
        ? withKeptDrift(derived, before?.health as Health | undefined)
        : drift && typeof drift !== "string"
          ? withDrift(derived, drift)
          : derived;
    const identity = await checkIdentity(record, deps, collection.snapshot.clusterId);
    measured({ snapshot, health: derived as Health, ...(previous ? { previous } : {}) });
    return {
      clusterId: record.id,
      snapshot: plain({
        ...snapshot,
        ...(nodes ? { providerNodes: nodes } : {}),
        ...(operator ? { operator } : {}),
      }),
      health: plain(identity ? withIdentityIssue(health, identity) : health),
      capabilities: plain(capabilities),
      updatedAt: now,
    };
  });
}

/** The drift was not read again: the previous view's drift stands. */
const KEPT = Symbol("kept");

/**
 * How the cluster differs from its last applied desired state: undefined when none is applied (nothing read), the
 * reason as a string when the cluster's ACLs, quotas or credentials could not be read (a part of the collection
 * missing, not a difference).
 */
async function desiredStateDrift(
  record: ClusterRecord,
  deps: CollectDependencies,
  client: KafkaClient | undefined,
  snapshot: Snapshot,
  capabilities: { manageAcls?: unknown; manageScram?: unknown },
): Promise<Drift | string | typeof KEPT | undefined> {
  const applied = await deps.desiredStates.appliedRecords(record.id);
  if (applied.length === 0) return undefined;
  // Without a client the drift is not read again: the previous view's stands (a slow part kept).
  if (!client) return KEPT;
  try {
    const current = await withDeadline(
      readCurrentResources(KafkaAdmin.over(client), snapshot, capabilities),
      deps.settings.timeoutMs,
      `reading the ACLs, quotas and credentials took longer than ${deps.settings.timeoutMs} ms`,
    );
    // On the desired-state thread: the files are parsed and diffed there, never on the thread answering requests.
    return (await desiredStateThread.drift(applied, current)).drift;
  } catch (error) {
    return describeKafkaError(error);
  }
}

/**
 * Runs a collection with the cluster's client, the process's (KafkaClients). A collection abandoned at its deadline
 * may leave requests waiting on the connections: the shared client is then discarded and closed before the collection
 * ends, so the next collection opens a new one with no connection of the last one left. Any other failure (a broker
 * refusing connections) keeps it: the client opens its connections again on its next call.
 */
async function withCollectionClient<T>(
  record: ClusterRecord,
  deps: CollectDependencies,
  work: (client: KafkaClient) => Promise<T>,
): Promise<T> {
  const { clients } = deps;
  try {
    return await withClusterClient(clients, record, deps.box, work);
  } catch (error) {
    if (error instanceof DeadlineError) await clients.discard(record.id);
    throw error;
  }
}

/** No broker answered (or too slowly): health unreachable, capabilities in error, the last snapshot kept. */
async function unreachableView(
  record: ClusterRecord,
  deps: CollectDependencies,
  now: Date,
  reason: string,
): Promise<ClusterViewRecord> {
  const { profile } = record;
  const previous = await deps.store.clusterViews.get(record.id);
  return {
    clusterId: record.id,
    ...(previous?.snapshot ? { snapshot: previous.snapshot } : {}),
    health: plain(deriveHealth(null, deps.settings.thresholds, now, reason)),
    capabilities: plain(
      clusterCapabilities({
        profile: { provider: profile.provider, flavor: profile.flavor },
        snapshot: null,
        apiVersions: null,
        authorizedOperations: null,
        unreachableReason: reason,
      }),
    ),
    updatedAt: now,
  };
}

/** Collects one cluster and stores its view (snapshot, health, capabilities); returns the stored view. */
export async function collectClusterView(
  deps: CollectDependencies,
  clusterId: string,
  options: CollectOptions = {},
): Promise<ClusterViewRecord> {
  const record = await deps.store.clusters.findById(clusterId);
  if (!record) throw new AppError("not_found", `No cluster ${clusterId}`);
  const now = deps.now?.() ?? new Date();
  let figures: SampleInput | undefined;
  const view = await reachableView(record, deps, now, options, (input) => {
    figures = input;
  }).catch((error: unknown) => {
    figures = undefined;
    return unreachableView(record, deps, now, describeKafkaError(error));
  });
  // The cluster may have been deleted while it was being collected: do not resurrect its view.
  if (!(await deps.store.clusters.findById(clusterId))) throw new AppError("not_found", `No cluster ${clusterId}`);
  await deps.store.clusterViews.put(view);
  // Only a collection that answered has figures; an unreachable cluster's history has a gap, not zeros.
  if (figures && deps.history)
    await deps.history.record(clusterId, figures).then(
      (recorded) => deps.onHistory?.({ recorded }),
      (error: unknown) => deps.onHistory?.({ error }),
    );
  return view;
}
