/**
 * How the service can act on a cluster's nodes depends on who runs them (the connection profile's `provider`):
 * - `external`: someone else; the service only speaks Kafka's protocol to it.
 * - `agent`: an agent on each host starts, stops and upgrades the Kafka processes.
 * - `container`: the service runs the nodes as containers (settings: image/version, port base).
 * - `operator-managed`: a Kubernetes operator owns the nodes; node pools scale through it.
 */
export const PROVIDER_KINDS = ["external", "agent", "container", "operator-managed"] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export type NodeRole = "broker" | "controller";

/** Node lifecycle actions; a provider that controls nodes implements them. Each resolves when the action is done. */
export interface NodeLifecycle {
  restartNode(nodeId: number): Promise<void>;
  provisionNodes(role: NodeRole, count: number): Promise<number[]>;
  upgradeNode(nodeId: number, version: string): Promise<void>;
  scaleNodePool(pool: string, replicas: number): Promise<void>;
}

/** What a provider kind can do, as the capability rules (contract §7) read it. */
export interface ProviderAbilities {
  /** restartNodes, provisionNodes, upgradeVersion */
  controlsNodes: boolean;
  /** scaleNodePools */
  scalesNodePools: boolean;
  /** Why an ability is missing, for capability notes. */
  reason?: string;
}

export function providerAbilities(kind: ProviderKind): ProviderAbilities {
  switch (kind) {
    case "external":
      return {
        controlsNodes: false,
        scalesNodePools: false,
        reason: "external clusters are run by someone else: the service cannot start, stop or add their nodes",
      };
    case "agent":
    case "container":
      return {
        controlsNodes: true,
        scalesNodePools: false,
        reason: `node pools exist only on operator-managed clusters, not on ${kind} clusters`,
      };
    case "operator-managed":
      return { controlsNodes: true, scalesNodePools: true };
  }
}
