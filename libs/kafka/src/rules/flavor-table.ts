import type { Flavor } from "@kcp/shared";

/** Actions whose availability on a managed service depends on the flavor. */
export type ManagedAction = "topics" | "configs" | "acls" | "SCRAM users" | "quotas" | "leader elections";

/**
 * What each flavor allows through the Kafka API (documented in docs/health-and-capabilities.md). Quorum, feature,
 * node-lifecycle, reassignment and unregistration actions are never offered on a managed flavor.
 */
export const FLAVOR_ALLOWS: Readonly<Record<Flavor, Readonly<Record<ManagedAction, boolean>>>> = {
  oss: { topics: true, configs: true, acls: true, "SCRAM users": true, quotas: true, "leader elections": true },
  "managed-a": {
    topics: true,
    configs: true,
    acls: true,
    "SCRAM users": false,
    quotas: true,
    "leader elections": true,
  },
  "managed-b": {
    topics: true,
    configs: true,
    acls: true,
    "SCRAM users": false,
    quotas: false,
    "leader elections": false,
  },
  "managed-c": {
    topics: true,
    configs: false,
    acls: false,
    "SCRAM users": false,
    quotas: false,
    "leader elections": false,
  },
};
