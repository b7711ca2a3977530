import type {
  AclBinding,
  AclFilter,
  BrowseMessagesQuery,
  BrowseMessagesResponse,
  ConfigChangeRequest,
  CreateTopicRequest,
  CreateTopicResponse,
  DeleteTopicResponse,
  GroupDetail,
  GroupListQuery,
  GroupListResponse,
  IncreasePartitionsResponse,
  ProduceRequest,
  ProduceResponse,
  Quorum,
  QuotaEntity,
  QuotaRequest,
  QuotaResponse,
  ResetOffsetsRequest,
  ResetOffsetsResponse,
  ScramMechanism,
  ScramUser,
  Snapshot,
  Topic,
  TopicListQuery,
  TopicListResponse,
} from "@kcp/shared";
import { createAcl, deleteAcl, listAcls } from "./actions/acls.js";
import { browseMessages } from "./actions/browse-messages.js";
import {
  type AppliedConfigChange,
  applyConfigs,
  type ConfigResource,
  changeConfigs,
  type DescribedConfig,
  describeConfigs,
} from "./actions/configs.js";
import { type ElectionOutcome, electLeaders, type PartitionRef } from "./actions/elections.js";
import { finalizedFeatures, updateFeatures } from "./actions/features.js";
import { describeGroupDetail } from "./actions/group-detail.js";
import { listGroups } from "./actions/group-list.js";
import {
  alterReplicaLogDirs,
  type LogDirMoveOutcome,
  type LogDirMoveRequest,
  type ReplicaPlacement,
  replicaPlacements,
} from "./actions/log-dirs.js";
import { produceMessage } from "./actions/produce.js";
import { addVoter, describeQuorum, type NewVoter, removeVoter, type VoterRef } from "./actions/quorum-voters.js";
import { changeQuotas, listQuotas, readQuotas } from "./actions/quotas.js";
import {
  alterReassignments,
  listReassignments,
  type PartitionReplicas,
  partitionReplicas,
  type ReassignmentInProgress,
  replicaSizes,
} from "./actions/reassignments.js";
import { resetOffsets } from "./actions/reset-offsets.js";
import { deleteScramCredential, describeScramUsers, upsertScramCredential } from "./actions/scram-users.js";
import { deleteTopic } from "./actions/topic-deletion.js";
import {
  describeTopic,
  type KnownTopics,
  listTopics,
  readTopicListing,
  type TopicListing,
} from "./actions/topic-reads.js";
import { createTopic, increasePartitions } from "./actions/topics.js";
import { unregisterBroker } from "./actions/unregister-broker.js";
import { KafkaClient } from "./client.js";
import type { ClientOptionsSettings, ConnectionTarget } from "./client-options.js";
import { retryingCalls } from "./retry.js";
import { collectSnapshot } from "./snapshot/collect.js";

/** Calls that must not run twice (a message produced again after a timeout) or that keep their own deadline (snapshot, browse). */
const NOT_RETRIED: ReadonlySet<string | symbol> = new Set(["produce", "snapshot", "browseMessages", "close"]);

/**
 * The admin facade: one typed method per admin action the project uses, over @platformatic/kafka and the requests
 * written here. Kafka's refusals become AppError("kafka_error") naming Kafka's error, errors that say what is wrong
 * with the request become their own codes (already_exists, not_found, invalid_request), and no broker answering
 * becomes AppError("cluster_unreachable"). Methods are added with the endpoint or step that first needs them.
 */
export class KafkaAdmin {
  constructor(private readonly client: KafkaClient) {}

  /** Each call is retried on Kafka's retriable errors with backoff (retry.ts), except those in NOT_RETRIED. */
  static open(target: ConnectionTarget, settings?: ClientOptionsSettings): KafkaAdmin {
    return retryingCalls(new KafkaAdmin(KafkaClient.open(target, settings)), NOT_RETRIED);
  }

  createTopic(request: CreateTopicRequest): Promise<CreateTopicResponse> {
    return createTopic(this.client, request);
  }

  increasePartitions(topic: string, count: number): Promise<IncreasePartitionsResponse> {
    return increasePartitions(this.client, topic, count);
  }

  deleteTopic(topic: string): Promise<DeleteTopicResponse> {
    return deleteTopic(this.client, topic);
  }

  /** Every SCRAM user by name, or one user (404 when it has no credential). */
  describeScramUsers(user?: string): Promise<ScramUser[]> {
    return describeScramUsers(this.client, user);
  }

  /** Creates or replaces one credential; the password goes no further than the salted-password computation. */
  upsertScramCredential(
    user: string,
    mechanism: ScramMechanism,
    password: string,
    iterations: number,
  ): Promise<ScramUser> {
    return upsertScramCredential(this.client, user, mechanism, password, iterations);
  }

  deleteScramCredential(user: string, mechanism: ScramMechanism): Promise<ScramUser> {
    return deleteScramCredential(this.client, user, mechanism);
  }

  describeConfigs(resource: ConfigResource): Promise<DescribedConfig[]> {
    return describeConfigs(this.client, resource);
  }

  changeConfigs(resource: ConfigResource, change: ConfigChangeRequest): Promise<AppliedConfigChange> {
    return changeConfigs(this.client, resource, change);
  }

  /** Configs set or deleted as given, unchecked (for step kinds: throttle rates Kafka does not describe). */
  applyConfigs(resource: ConfigResource, change: ConfigChangeRequest): Promise<void> {
    return applyConfigs(this.client, resource, change);
  }

  produce(topic: string, message: ProduceRequest): Promise<ProduceResponse> {
    return produceMessage(this.client, topic, message);
  }

  /** A bounded page of a topic's records, read without a consumer group. */
  browseMessages(topic: string, query: BrowseMessagesQuery): Promise<BrowseMessagesResponse> {
    return browseMessages(this.client, topic, query);
  }

  createAcl(binding: AclBinding): Promise<{ binding: AclBinding }> {
    return createAcl(this.client, binding);
  }

  deleteAcl(binding: AclBinding): Promise<{ deleted: AclBinding[] }> {
    return deleteAcl(this.client, binding);
  }

  listAcls(filter: AclFilter): Promise<AclBinding[]> {
    return listAcls(this.client, filter);
  }

  changeQuotas(request: QuotaRequest): Promise<QuotaResponse> {
    return changeQuotas(this.client, request);
  }

  readQuotas(entity: QuotaEntity[]): Promise<QuotaResponse> {
    return readQuotas(this.client, entity);
  }

  listQuotas(): Promise<QuotaResponse[]> {
    return listQuotas(this.client);
  }

  describeGroup(groupId: string): Promise<GroupDetail> {
    return describeGroupDetail(this.client, groupId);
  }

  resetOffsets(groupId: string, request: ResetOffsetsRequest): Promise<ResetOffsetsResponse> {
    return resetOffsets(this.client, groupId, request);
  }

  /** Every topic's partitions and replica sizes, as topic lists read them (see listTopics). */
  topicListing(): Promise<TopicListing> {
    return readTopicListing(this.client);
  }

  listTopics(query: TopicListQuery, known?: KnownTopics): Promise<TopicListResponse> {
    return listTopics(this.client, query, known);
  }

  describeTopic(name: string): Promise<Topic> {
    return describeTopic(this.client, name);
  }

  listGroups(query: GroupListQuery): Promise<GroupListResponse> {
    return listGroups(this.client, query);
  }

  /** A whole snapshot, as the collector takes it (steps that wait for the cluster read it). */
  async snapshot(timeoutMs = 30_000): Promise<Snapshot> {
    return (await collectSnapshot(this.client, { timeoutMs })).snapshot;
  }

  electLeaders(type: "preferred" | "unclean", partitions: PartitionRef[]): Promise<ElectionOutcome[]> {
    return electLeaders(this.client, type, partitions);
  }

  unregisterBroker(brokerId: number): Promise<{ unregistered: boolean }> {
    return unregisterBroker(this.client, brokerId);
  }

  describeQuorum(): Promise<Quorum> {
    return describeQuorum(this.client);
  }

  addVoter(voter: NewVoter): Promise<{ added: boolean }> {
    return addVoter(this.client, voter);
  }

  removeVoter(voter: VoterRef): Promise<{ removed: boolean }> {
    return removeVoter(this.client, voter);
  }

  finalizedFeatures(): Promise<Record<string, number>> {
    return finalizedFeatures(this.client);
  }

  updateFeatures(levels: Record<string, number>, validateOnly: boolean): Promise<{ updated: string[] }> {
    return updateFeatures(this.client, levels, validateOnly);
  }

  /** Moves partitions to new replicas; `replicas: null` cancels a partition's reassignment in progress. */
  alterReassignments(changes: { topic: string; partition: number; replicas: number[] | null }[]): Promise<void> {
    return alterReassignments(this.client, changes);
  }

  listReassignments(): Promise<ReassignmentInProgress[]> {
    return listReassignments(this.client);
  }

  /** Sizes of these partitions' replicas on one broker, by `topic:partition` (progress of the copies to it). */
  replicaSizes(brokerId: number, partitions: { topic: string; partition: number }[]): Promise<Map<string, number>> {
    return replicaSizes(this.client, brokerId, partitions);
  }

  alterReplicaLogDirs(brokerId: number, moves: readonly LogDirMoveRequest[]): Promise<LogDirMoveOutcome> {
    return alterReplicaLogDirs(this.client, brokerId, moves);
  }

  replicaPlacements(
    brokerId: number,
    partitions: readonly { topic: string; partition: number }[],
  ): Promise<Map<string, ReplicaPlacement>> {
    return replicaPlacements(this.client, brokerId, partitions);
  }

  partitionReplicas(topics: string[]): Promise<PartitionReplicas[]> {
    return partitionReplicas(this.client, topics);
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
