import type { AclBinding, Feature, GroupDetail, Quorum, ResetOffsetsRequest, Snapshot } from "@kcp/shared";

/**
 * The admin facade: one typed method per admin action the project uses, over @platformatic/kafka (its high-level
 * admin client, its low-level requests, and the requests it lacks, written here in its style: ElectLeaders,
 * AddRaftVoter, RemoveRaftVoter, ShareGroupDescribe, StreamsGroupDescribe, finalized features from ApiVersions).
 * Kafka's refusals become AppError("kafka_error") naming Kafka's error; no broker answering becomes
 * AppError("cluster_unreachable").
 */
export interface KafkaAdmin {
  describeCluster(): Promise<{
    clusterId: string;
    controllerId: number;
    brokers: { id: number; host: string; port: number; rack?: string; fenced: boolean }[];
    authorizedOperations: string[];
  }>;
  describeQuorum(): Promise<Quorum>;
  describeFeatures(): Promise<Feature[]>;
  apiVersions(): Promise<Map<number, { min: number; max: number }>>;

  createTopic(request: {
    name: string;
    partitions: number;
    replicationFactor: number;
    configs: Record<string, string>;
  }): Promise<{ topic: string; id: string }>;
  createPartitions(topic: string, totalCount: number): Promise<void>;
  describeConfigs(resource: {
    type: "topic" | "broker";
    name: string;
  }): Promise<Record<string, { value: string | null; readOnly: boolean; source: string; sensitive: boolean }>>;
  incrementalAlterConfigs(
    resource: { type: "topic" | "broker"; name: string },
    set: Record<string, string>,
    remove: string[],
  ): Promise<void>;

  createAcl(binding: AclBinding): Promise<void>;
  deleteAcls(binding: AclBinding): Promise<AclBinding[]>;
  describeAcls(filter: Partial<AclBinding>): Promise<AclBinding[]>;
  describeClientQuotas(entity: { type: string; name: string | null }[]): Promise<Record<string, number>>;
  alterClientQuotas(
    entity: { type: string; name: string | null }[],
    set: Record<string, number>,
    remove: string[],
  ): Promise<void>;

  describeGroup(groupId: string): Promise<GroupDetail>;
  resetOffsets(
    groupId: string,
    request: ResetOffsetsRequest,
  ): Promise<{ topic: string; partition: number; from: number; to: number }[]>;
  produce(
    topic: string,
    message: { partition: number | null; key: string | null; value: string; headers: { key: string; value: string }[] },
  ): Promise<{ partition: number; offset: number }>;

  alterPartitionReassignments(moves: { topic: string; partition: number; replicas: number[] | null }[]): Promise<void>;
  electLeaders(type: "preferred" | "unclean", partitions: { topic: string; partition: number }[] | null): Promise<void>;
  unregisterBroker(brokerId: number): Promise<void>;
  updateFeatures(levels: Record<string, number>, options: { validateOnly: boolean }): Promise<void>;
  addRaftVoter(voter: {
    nodeId: number;
    directoryId: string;
    endpoints: { name: string; host: string; port: number }[];
  }): Promise<void>;
  removeRaftVoter(voter: { nodeId: number; directoryId: string }): Promise<void>;

  /** Everything the Snapshot resource holds; a part that fails lands in `errors`, the rest is still returned. */
  collectSnapshot(options: { timeoutMs: number }): Promise<Snapshot>;
  close(): Promise<void>;
}
