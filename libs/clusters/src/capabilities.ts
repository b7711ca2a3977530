import { type CapabilityFacts, deriveCapabilities, type ProviderAbilities, snapshotNodeIds } from "@kcp/kafka";
import { nodeLifecycleAbility, nodePoolAbility, type ProviderReadiness } from "@kcp/providers";
import type { Capabilities, Snapshot } from "@kcp/shared";

/** What a collection knows of a cluster: the Kafka facts and what its node provider answered. */
export type CollectedFacts = Omit<CapabilityFacts, "providerAbilities"> & {
  /** What the provider answered at collection time; absent: it was not asked. */
  providerReadiness?: ProviderReadiness;
};

/** What the cluster's provider can do now, decided by the provider package from its answer and the cluster's nodes. */
export function providerAbilities(
  facts: Pick<CollectedFacts, "profile" | "providerReadiness"> & { snapshot: Snapshot | null },
): ProviderAbilities {
  return {
    nodeLifecycle: nodeLifecycleAbility(
      facts.profile.provider,
      facts.providerReadiness,
      snapshotNodeIds(facts.snapshot),
    ),
    nodePools: nodePoolAbility(facts.profile.provider, facts.providerReadiness),
  };
}

/** Pure: the capabilities of a collected cluster — the Kafka rules, given the provider's abilities as data. */
export function clusterCapabilities(facts: CollectedFacts): Capabilities {
  const { providerReadiness: _readiness, ...kafkaFacts } = facts;
  return deriveCapabilities({ ...kafkaFacts, providerAbilities: providerAbilities(facts) });
}
