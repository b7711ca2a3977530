import type { ConnectionProfile, NodeLifecycle, ProviderNode, Refusal } from "@kcp/shared";
import type { Ability, ProviderKind, ProviderReadiness } from "../provider.js";
import type { StrimziCluster } from "../strimzi/strimzi-cluster.js";
import type { ProviderAccess } from "./access.js";

export type { ProviderAccess } from "./access.js";

/** A registered cluster as its provider needs it: its name, settings, and the kubeconfig secret opened on demand. */
export interface ProviderCluster {
  name: string;
  settings: Record<string, unknown>;
  kubeconfig(): string | undefined;
}

/** Why a provider cannot act: the sentence a node step fails with. */
export interface Unavailable {
  unavailable: string;
}

/**
 * One kind of node provider: everything the service does differently for it, in one module. Registered in
 * PROVIDER_MODULES; the registry's host checks, the collection, the capability rules' abilities, the version question
 * and the worker's node actions ask the module of the cluster's kind and nothing else.
 */
export interface ProviderModule {
  kind: ProviderKind;
  /**
   * Refuses (AppError) a profile of this kind whose provider endpoints configuration does not allow (an agent not
   * pinned at that URL or on a host not allowed, an engine not listed, a kubeconfig unusable or naming a server not
   * allowed), before anything connects anywhere.
   */
  checkReach(profile: Pick<ConnectionProfile, "settings" | "secrets">, access: ProviderAccess): void;
  /** What the provider answers now, at each collection (never throws); undefined: nothing to ask. */
  probe(cluster: ProviderCluster, access: ProviderAccess): Promise<ProviderReadiness | undefined>;
  /** The nodes as the provider reports them (the snapshot's `providerNodes`), from its answer. */
  nodes(readiness: ProviderReadiness | undefined): ProviderNode[] | undefined;
  /** Whether it can act on the cluster's nodes now, from its answer and the nodes Kafka knows. */
  lifecycleAbility(readiness: ProviderReadiness | undefined, nodeIds: readonly number[]): Ability;
  /** Whether it can scale node pools now. */
  poolAbility(readiness: ProviderReadiness | undefined): Ability;
  /** The node actions steps act through, or why there are none here. */
  lifecycle(cluster: ProviderCluster, access: ProviderAccess): NodeLifecycle | Unavailable;
  /** The operator steps act through (operator-managed only); undefined for other kinds. */
  operator(cluster: ProviderCluster, access: ProviderAccess): Promise<StrimziCluster | Unavailable | undefined>;
  /** Whether the nodes can obtain `version` (asked before a plan that installs it is shown); undefined: they can. */
  canObtain(cluster: ProviderCluster, version: string, access: ProviderAccess): Promise<Refusal | undefined>;
}

export const NO_POOLS: Ability = { available: false, reason: "only the operator-managed provider has node pools" };

export const noOperator = async () => undefined;
