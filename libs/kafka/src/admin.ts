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
import {
  deleteScramCredential,
  describeScramUsers,
  setSaltedScramCredential,
  upsertScramCredential,
} from "./actions/scram-users.js";
import { deleteTopic } from "./actions/topic-deletion.js";
import {
  describeTopic,
  type KnownTopics,
  listTopics,
  readTopicListing,
  type TopicListing,
} from "./actions/topic-reads.js";
import { createTopic, createTopics, increasePartitions } from "./actions/topics.js";
import { unregisterBroker } from "./actions/unregister-broker.js";
import { type RefusedTopicChange, validateNewTopics, validateTopicConfigs } from "./actions/validate-topics.js";
import { KafkaClient } from "./client.js";
import type { ClientOptionsSettings, ConnectionTarget } from "./client-options.js";
import { retried } from "./retry.js";
import type { ScramUpsertion } from "./rules/scram-credential.js";
import { collectSnapshot } from "./snapshot/collect.js";

/**
 * The admin facade: one typed method per admin action the project uses, over @platformatic/kafka and the requests
 * written here. Kafka's refusals become AppError("kafka_error") naming Kafka's error, errors that say what is wrong
 * with the request become their own codes (already_exists, not_found, invalid_request), and no broker answering
 * becomes AppError("cluster_unreachable"). Methods are added with the endpoint or step that first needs them.
 */
export class KafkaAdmin {
  private constructor(
    private readonly client: KafkaClient,
    /** Whether `close` closes the client: not when it belongs to the process's KafkaClients. */
    private readonly owned: boolean,
  ) {}

  /**
   * A client of its own, closed by `close`. Each call declares whether it is retried on Kafka's retriable errors
   * (`retried` in retry.ts): reads on all of them, writes only on those that say the request was not applied,
   * produce, browse and snapshot never (they keep their own rules and deadlines).
   */
  static open(target: ConnectionTarget, settings?: ClientOptionsSettings): KafkaAdmin {
    return new KafkaAdmin(KafkaClient.open(target, settings), true);
  }

  /** The facade over a client someone else owns (KafkaClients): `close` leaves it open. */
  static over(client: KafkaClient): KafkaAdmin {
    return new KafkaAdmin(client, false);
  }

  createTopic(request: CreateTopicRequest): Promise<CreateTopicResponse> {
    return retried("write", () => createTopic(this.client, request));
  }

  /** Many topics in few requests; one that exists already counts as done (`existed`). */
  createTopics(requests: readonly CreateTopicRequest[]): Promise<{ created: number; existed: string[] }> {
    return retried("write", () => createTopics(this.client, requests));
  }

  increasePartitions(topic: string, count: number): Promise<IncreasePartitionsResponse> {
    return retried("write", () => increasePartitions(this.client, topic, count));
  }

  deleteTopic(topic: string): Promise<DeleteTopicResponse> {
    return retried("write", () => deleteTopic(this.client, topic));
  }

  /** Every SCRAM user by name, or one user (404 when it has no credential). */
  describeScramUsers(user?: string): Promise<ScramUser[]> {
    return retried("read", () => describeScramUsers(this.client, user));
  }

  /** Creates or replaces one credential; the password goes no further than the salted-password computation. */
  upsertScramCredential(
    user: string,
    mechanism: ScramMechanism,
    password: string,
    iterations: number,
  ): Promise<ScramUser> {
    return retried("write", () => upsertScramCredential(this.client, user, mechanism, password, iterations));
  }

  /** What Kafka would refuse of these new topics (validate-only CreateTopics; nothing is created). */
  validateNewTopics(
    topics: readonly { name: string; partitions: number; replicationFactor: number; configs: Record<string, string> }[],
  ): Promise<RefusedTopicChange[]> {
    return retried("read", () => validateNewTopics(this.client, topics));
  }

  /** What Kafka would refuse of these topic config changes (validate-only IncrementalAlterConfigs; nothing changes). */
  validateTopicConfigs(
    changes: readonly { topic: string; set: Record<string, string>; delete: readonly string[] }[],
  ): Promise<RefusedTopicChange[]> {
    return retried("read", () => validateTopicConfigs(this.client, changes));
  }

  /** Creates or replaces one credential salted earlier (the same salted credential set twice changes nothing). */
  setSaltedScramCredential(
    user: string,
    mechanism: ScramMechanism,
    iterations: number,
    credential: ScramUpsertion,
  ): Promise<ScramUser> {
    return retried("write", () => setSaltedScramCredential(this.client, user, mechanism, iterations, credential));
  }

  deleteScramCredential(user: string, mechanism: ScramMechanism): Promise<ScramUser> {
    return retried("write", () => deleteScramCredential(this.client, user, mechanism));
  }

  describeConfigs(resource: ConfigResource): Promise<DescribedConfig[]> {
    return retried("read", () => describeConfigs(this.client, resource));
  }

  changeConfigs(resource: ConfigResource, change: ConfigChangeRequest): Promise<AppliedConfigChange> {
    return retried("write", () => changeConfigs(this.client, resource, change));
  }

  /** Configs set or deleted as given, unchecked (for step kinds: throttle rates Kafka does not describe). */
  applyConfigs(resource: ConfigResource, change: ConfigChangeRequest): Promise<void> {
    return retried("write", () => applyConfigs(this.client, resource, change));
  }

  produce(topic: string, message: ProduceRequest): Promise<ProduceResponse> {
    return produceMessage(this.client, topic, message);
  }

  /** A bounded page of a topic's records, read without a consumer group. */
  browseMessages(topic: string, query: BrowseMessagesQuery): Promise<BrowseMessagesResponse> {
    return browseMessages(this.client, topic, query);
  }

  createAcl(binding: AclBinding): Promise<{ binding: AclBinding }> {
    return retried("write", () => createAcl(this.client, binding));
  }

  deleteAcl(binding: AclBinding): Promise<{ deleted: AclBinding[] }> {
    return retried("write", () => deleteAcl(this.client, binding));
  }

  listAcls(filter: AclFilter): Promise<AclBinding[]> {
    return retried("read", () => listAcls(this.client, filter));
  }

  changeQuotas(request: QuotaRequest): Promise<QuotaResponse> {
    return retried("write", () => changeQuotas(this.client, request));
  }

  readQuotas(entity: QuotaEntity[]): Promise<QuotaResponse> {
    return retried("read", () => readQuotas(this.client, entity));
  }

  listQuotas(): Promise<QuotaResponse[]> {
    return retried("read", () => listQuotas(this.client));
  }

  describeGroup(groupId: string): Promise<GroupDetail> {
    return retried("read", () => describeGroupDetail(this.client, groupId));
  }

  resetOffsets(groupId: string, request: ResetOffsetsRequest): Promise<ResetOffsetsResponse> {
    return retried("write", () => resetOffsets(this.client, groupId, request));
  }

  /** Every topic's partitions and replica sizes, as topic lists read them (see listTopics). */
  topicListing(): Promise<TopicListing> {
    return retried("read", () => readTopicListing(this.client));
  }

  listTopics(
    query: TopicListQuery,
    known?: KnownTopics,
    visible?: (name: string) => boolean,
  ): Promise<TopicListResponse> {
    return retried("read", () => listTopics(this.client, query, known, visible));
  }

  describeTopic(name: string): Promise<Topic> {
    return retried("read", () => describeTopic(this.client, name));
  }

  listGroups(query: GroupListQuery, visible?: (id: string) => boolean): Promise<GroupListResponse> {
    return retried("read", () => listGroups(this.client, query, visible));
  }

  /** A whole snapshot, as the collector takes it (steps that wait for the cluster read it). */
  async snapshot(timeoutMs = 30_000): Promise<Snapshot> {
    return (await collectSnapshot(this.client, { timeoutMs })).snapshot;
  }

  electLeaders(type: "preferred" | "unclean", partitions: PartitionRef[]): Promise<ElectionOutcome[]> {
    return retried("write", () => electLeaders(this.client, type, partitions));
  }

  unregisterBroker(brokerId: number): Promise<{ unregistered: boolean }> {
    return retried("write", () => unregisterBroker(this.client, brokerId));
  }

  describeQuorum(): Promise<Quorum> {
    return retried("read", () => describeQuorum(this.client));
  }

  /**
   * Retried like a read: addVoter reads the quorum first, so running it again is safe, and Kafka aborts an AddRaftVoter
   * with REQUEST_TIMED_OUT while the new voter's listener does not answer the leader yet (a controller just started).
   */
  addVoter(voter: NewVoter): Promise<{ added: boolean }> {
    return retried("read", () => addVoter(this.client, voter));
  }

  removeVoter(voter: VoterRef): Promise<{ removed: boolean }> {
    return retried("write", () => removeVoter(this.client, voter));
  }

  finalizedFeatures(): Promise<Record<string, number>> {
    return retried("read", () => finalizedFeatures(this.client));
  }

  updateFeatures(levels: Record<string, number>, validateOnly: boolean): Promise<{ updated: string[] }> {
    return retried("write", () => updateFeatures(this.client, levels, validateOnly));
  }

  /** Moves partitions to new replicas; `replicas: null` cancels a partition's reassignment in progress. */
  alterReassignments(changes: { topic: string; partition: number; replicas: number[] | null }[]): Promise<void> {
    return retried("write", () => alterReassignments(this.client, changes));
  }

  listReassignments(): Promise<ReassignmentInProgress[]> {
    return retried("read", () => listReassignments(this.client));
  }

  /** Sizes of these partitions' replicas on one broker, by `topic:partition` (progress of the copies to it). */
  replicaSizes(brokerId: number, partitions: { topic: string; partition: number }[]): Promise<Map<string, number>> {
    return retried("read", () => replicaSizes(this.client, brokerId, partitions));
  }

  alterReplicaLogDirs(brokerId: number, moves: readonly LogDirMoveRequest[]): Promise<LogDirMoveOutcome> {
    return retried("write", () => alterReplicaLogDirs(this.client, brokerId, moves));
  }

  replicaPlacements(
    brokerId: number,
    partitions: readonly { topic: string; partition: number }[],
  ): Promise<Map<string, ReplicaPlacement>> {
    return retried("read", () => replicaPlacements(this.client, brokerId, partitions));
  }

  partitionReplicas(topics: string[]): Promise<PartitionReplicas[]> {
    return retried("read", () => partitionReplicas(this.client, topics));
  }

  async close(): Promise<void> {
    if (this.owned) await this.client.close();
  }
}
