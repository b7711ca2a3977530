import type { OperatorStatus } from "@kcp/shared";
import { type Kafka, type KafkaNodePool, poolNodeIds, strimziReadiness } from "./resources.js";

/** Pure: what the cluster view shows of the operator's resources. */
export function operatorStatusOf(kafka: Kafka, pools: readonly KafkaNodePool[]): OperatorStatus {
  const readiness = strimziReadiness(kafka, pools);
  const version = kafka.status?.kafkaVersion ?? kafka.spec.kafka.version;
  const metadataVersion = kafka.status?.kafkaMetadataVersion ?? kafka.spec.kafka.metadataVersion;
  return {
    kind: "strimzi",
    resource: `${kafka.metadata.namespace ?? "?"}/${kafka.metadata.name}`,
    ready: readiness.ready,
    reasons: readiness.reasons,
    ...(version ? { kafkaVersion: version } : {}),
    ...(metadataVersion ? { metadataVersion } : {}),
    conditions: readiness.conditions,
    pools: pools.map((pool) => ({
      name: pool.metadata.name,
      roles: pool.spec.roles,
      replicas: pool.spec.replicas,
      readyReplicas: pool.status?.replicas ?? null,
      nodeIds: poolNodeIds(pool),
    })),
  };
}
