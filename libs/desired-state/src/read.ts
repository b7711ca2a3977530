import {
  type AclBinding,
  type AclFilter,
  AppError,
  type QuotaKey,
  type QuotaResponse,
  type ScramUser,
  type Snapshot,
} from "@kcp/shared";
import type { CurrentResources } from "./diff.js";

/** The reads desired state needs of a cluster (@kcp/kafka's KafkaAdmin offers them). */
export interface ResourceReader {
  listAcls(filter: AclFilter): Promise<AclBinding[]>;
  listQuotas(): Promise<QuotaResponse[]>;
  describeScramUsers(): Promise<ScramUser[]>;
}

/** What the latest collection said the cluster offers: ACLs and SCRAM are not read where it cannot have them. */
export interface ReadableParts {
  manageAcls?: unknown;
  manageScram?: unknown;
}

/**
 * The cluster's resources as desired state compares them: topics from the snapshot (topic-level configs only,
 * internal topics marked), ACLs (none on a cluster without an authorizer), quotas and SCRAM credentials read now.
 */
export async function readCurrentResources(
  reader: ResourceReader,
  snapshot: Snapshot,
  capabilities: ReadableParts | undefined,
): Promise<CurrentResources> {
  const acls =
    capabilities?.manageAcls === false
      ? []
      : await reader.listAcls({}).catch((error: unknown) => {
          // A cluster without an authorizer has no ACLs: Kafka answers SECURITY_DISABLED (capability_unavailable).
          if (error instanceof AppError && error.code === "capability_unavailable") return [];
          throw error;
        });
  const quotas = await reader.listQuotas();
  const scramUsers = capabilities?.manageScram === false ? [] : await reader.describeScramUsers();
  return {
    topics: snapshot.topics.map((t) => ({
      name: t.name,
      partitions: t.partitions.length,
      replicationFactor: t.replicationFactor,
      configs: t.configs,
      internal: t.internal,
    })),
    acls,
    quotas: quotas.map((q) => ({ entity: q.entity, values: q.quotas as Partial<Record<QuotaKey, number>> })),
    scramUsers,
  };
}
