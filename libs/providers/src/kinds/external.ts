import type { ProviderModule } from "./kind.js";
import { NO_POOLS, noOperator } from "./kind.js";

const NOT_CONTROLLED = "provider external does not control nodes";

/** `external`: someone else runs the nodes; the service only speaks Kafka's protocol to the cluster. */
export const externalProvider: ProviderModule = {
  kind: "external",
  checkReach: () => undefined,
  probe: async () => undefined,
  nodes: () => undefined,
  lifecycleAbility: () => ({ available: false, reason: NOT_CONTROLLED }),
  poolAbility: () => NO_POOLS,
  lifecycle: (cluster) => ({
    unavailable: `the external provider of cluster ${cluster.name} cannot act on its nodes here`,
  }),
  operator: noOperator,
  canObtain: async () => undefined,
};
