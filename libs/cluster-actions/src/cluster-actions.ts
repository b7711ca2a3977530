import { enqueueCollection, identityRefusal, requestCollection, withClusterClient } from "@kcp/clusters";
import { type CurrentResources, readCurrentResources } from "@kcp/desired-state";
import type { HistoryBook } from "@kcp/history";
import {
  type AppliedConfigChange,
  type ConfigResource,
  type DescribedConfig,
  KafkaAdmin,
  type KafkaClients,
  type RefusedTopicChange,
} from "@kcp/kafka";
import type { JobQueue } from "@kcp/queue";
import {
  type AclBinding,
  type AclFilter,
  AppError,
  type BrowseMessagesQuery,
  type BrowseMessagesResponse,
  type CapabilityName,
  CONFIG_DEFAULTS,
  type ConfigChangeRequest,
  type CreateTopicRequest,
  type CreateTopicResponse,
  type DeleteTopicResponse,
  type DesiredChange,
  type GroupDetail,
  type GroupListQuery,
  type GroupListResponse,
  type IncreasePartitionsResponse,
  type Logger,
  type ProduceRequest,
  type ProduceResponse,
  type QuotaRequest,
  type QuotaResponse,
  type ResetOffsetsRequest,
  type ResetOffsetsResponse,
  type ScramCredentialRequest,
  type ScramMechanism,
  type ScramUser,
  type SecretBox,
  type Snapshot,
  type Topic,
  type TopicListQuery,
  type TopicListResponse,
} from "@kcp/shared";
import type { Store } from "@kcp/store";
import { capabilityRefusal, type StoredCapabilities } from "./capability-gate.js";
import { collectedSizes, searchCandidates } from "./collected-figures.js";
import { CollectedFiguresCache } from "./collected-figures-cache.js";
import { TopicListingCache } from "./topic-listing-cache.js";
import { listWithRates, topicWithRates } from "./topic-rates.js";

export interface ActionDependencies {
  store: Store;
  queue: JobQueue;
  box: SecretBox;
  logger: Logger;
  /** The process's Kafka clients: each action runs on its cluster's client, kept open between requests. */
  clients: KafkaClients;
  /** The process's history of each cluster's figures: each group's lag trend on the group list. */
  history: HistoryBook;
  /** How long the re-collection after a change is waited for before giving up (default 2 minutes). */
  collectWaitMs?: number;
  /** The most partitions a topic may have after a create or an increase (TOPIC_MAX_PARTITIONS). */
  topicMaxPartitions?: number;
  /** The last collections' figures, when the process shares them (the gateway's Kafka metrics read them too). */
  collectedFigures?: CollectedFiguresCache;
  /** How long a topic list may reuse the listing another list read (TOPIC_LIST_CACHE_MS; 0: never). */
  topicListingMaxAgeMs?: number;
  /** How long an action may wait for Kafka before it answers 504 kafka_timeout (KAFKA_REQUEST_TIMEOUT_MS). */
  requestTimeoutMs?: number;
}

/** What an action needs: the capability that gates it (null: none) and whether it changes the cluster. */
interface ActionKind {
  capability: CapabilityName | null;
  changes: boolean;
}

const READ: ActionKind = { capability: null, changes: false };

/**
 * Direct actions on a registered cluster (topics, configs, produce, browsing, SCRAM users, ACLs, quotas, groups and
 * their offsets, and the reads beside them). Each one: the cluster must exist (404), its capabilities must not refuse
 * the action (422), the admin facade does the work on the cluster's client (kept open by the process), and a change queues a
 * background re-collection so the views catch up.
 */
export class ClusterActions {
  private readonly collected: CollectedFiguresCache;
  private readonly listings: TopicListingCache;
  /** When each cluster was last changed through this process (a search trusts no collection begun before). */
  private readonly changedAt = new Map<string, number>();

  constructor(private readonly deps: ActionDependencies) {
    this.collected = deps.collectedFigures ?? new CollectedFiguresCache(deps.store.clusterViews);
    this.listings = new TopicListingCache({
      maxAgeMs: deps.topicListingMaxAgeMs ?? CONFIG_DEFAULTS.TOPIC_LIST_CACHE_MS,
      read: (clusterId) => this.run(clusterId, READ, (admin) => admin.topicListing()),
    });
  }

  /** Before anything reaches Kafka: a partition count over the configured bound is 422 (desired state's too). */
  refuseTooManyPartitions(partitions: number): void {
    const max = this.deps.topicMaxPartitions ?? CONFIG_DEFAULTS.TOPIC_MAX_PARTITIONS;
    if (partitions > max) {
      throw new AppError("invalid_request", `A topic may have at most ${max} partitions here (TOPIC_MAX_PARTITIONS)`);
    }
  }

  createTopic(clusterId: string, request: CreateTopicRequest): Promise<CreateTopicResponse> {
    this.refuseTooManyPartitions(request.partitions);
    return this.run(clusterId, { capability: "manageTopics", changes: true }, (admin) => admin.createTopic(request));
  }

  increasePartitions(clusterId: string, topic: string, count: number): Promise<IncreasePartitionsResponse> {
    this.refuseTooManyPartitions(count);
    return this.run(clusterId, { capability: "manageTopics", changes: true }, (admin) =>
      admin.increasePartitions(topic, count),
    );
  }

  /**
   * Irreversible: the request names the topic again (422 confirmation_mismatch otherwise, before anything is asked).
   * Gated by manageTopics; Kafka's internal topics are refused (see deleteTopic in @kcp/kafka).
   */
  deleteTopic(clusterId: string, topic: string, confirmName: string): Promise<DeleteTopicResponse> {
    if (confirmName !== topic) {
      throw new AppError(
        "confirmation_mismatch",
        "Deleting a topic is irreversible: confirm it with confirmName equal to the topic's name",
      );
    }
    return this.run(clusterId, { capability: "manageTopics", changes: true }, (admin) => admin.deleteTopic(topic));
  }

  /** Reads are gated too: where the flavor keeps SCRAM users outside Kafka, Kafka has none to show. */
  listScramUsers(clusterId: string): Promise<{ users: ScramUser[] }> {
    return this.run(clusterId, { capability: "manageScram", changes: false }, async (admin) => ({
      users: await admin.describeScramUsers(),
    }));
  }

  async describeScramUser(clusterId: string, user: string): Promise<ScramUser> {
    const [found] = await this.run(clusterId, { capability: "manageScram", changes: false }, (admin) =>
      admin.describeScramUsers(user),
    );
    if (!found) throw new AppError("not_found", `No SCRAM credential for user ${user}`);
    return found;
  }

  /**
   * The password is used for the salted password and dropped: it is in no answer, log line or error. SCRAM
   * credentials are not part of the snapshot: nothing to re-collect after a change.
   */
  upsertScramCredential(
    clusterId: string,
    user: string,
    mechanism: ScramMechanism,
    request: ScramCredentialRequest,
  ): Promise<ScramUser> {
    return this.run(clusterId, { capability: "manageScram", changes: false }, (admin) =>
      admin.upsertScramCredential(user, mechanism, request.password, request.iterations),
    );
  }

  deleteScramCredential(clusterId: string, user: string, mechanism: ScramMechanism): Promise<ScramUser> {
    return this.run(clusterId, { capability: "manageScram", changes: false }, (admin) =>
      admin.deleteScramCredential(user, mechanism),
    );
  }

  changeConfigs(
    clusterId: string,
    resource: ConfigResource,
    change: ConfigChangeRequest,
  ): Promise<AppliedConfigChange> {
    return this.run(clusterId, { capability: "manageConfigs", changes: true }, (admin) =>
      admin.changeConfigs(resource, change),
    );
  }

  describeConfigs(clusterId: string, resource: ConfigResource): Promise<DescribedConfig[]> {
    return this.run(clusterId, READ, (admin) => admin.describeConfigs(resource));
  }

  /** Produce needs no capability flag: Kafka checks WRITE on the topic itself. */
  produce(clusterId: string, topic: string, message: ProduceRequest): Promise<ProduceResponse> {
    return this.run(clusterId, { capability: null, changes: true }, (admin) => admin.produce(topic, message));
  }

  /** Reading records is gated by `browseMessages`; Kafka checks READ on the topic itself. */
  browseMessages(clusterId: string, topic: string, query: BrowseMessagesQuery): Promise<BrowseMessagesResponse> {
    return this.run(clusterId, { capability: "browseMessages", changes: false }, (admin) =>
      admin.browseMessages(topic, query),
    );
  }

  createAcl(clusterId: string, binding: AclBinding): Promise<{ binding: AclBinding }> {
    return this.run(clusterId, { capability: "manageAcls", changes: true }, (admin) => admin.createAcl(binding));
  }

  deleteAcl(clusterId: string, binding: AclBinding): Promise<{ deleted: AclBinding[] }> {
    return this.run(clusterId, { capability: "manageAcls", changes: true }, (admin) => admin.deleteAcl(binding));
  }

  /**
   * One page of the bindings matching the filter whose principal `visible` keeps (the caller's access; every one
   * without it), and how many match in all.
   */
  async listAcls(
    clusterId: string,
    filter: AclFilter,
    page: { limit: number; offset: number },
    visible: (principal: string) => boolean = () => true,
  ) {
    const all = (await this.run(clusterId, READ, (admin) => admin.listAcls(filter))).filter((binding) =>
      visible(binding.principal),
    );
    return { bindings: all.slice(page.offset, page.offset + page.limit), total: all.length };
  }

  changeQuotas(clusterId: string, request: QuotaRequest): Promise<QuotaResponse> {
    return this.run(clusterId, { capability: "manageQuotas", changes: true }, (admin) => admin.changeQuotas(request));
  }

  async listQuotas(clusterId: string): Promise<{ quotas: QuotaResponse[] }> {
    return { quotas: await this.run(clusterId, READ, (admin) => admin.listQuotas()) };
  }

  /**
   * The cluster's resources as desired state compares its files with them: the snapshot's topics, and every ACL
   * binding, quota entity and SCRAM user read now. Where ACLs or SCRAM users are not offered (no authorizer; a flavor
   * that keeps users outside Kafka) there are none to compare with.
   */
  async currentResources(clusterId: string, snapshot: Snapshot): Promise<CurrentResources> {
    const view = await this.deps.store.clusterViews.getSummary(clusterId);
    const capabilities = view?.capabilities as StoredCapabilities | undefined;
    return this.run(clusterId, READ, (admin) => readCurrentResources(admin, snapshot, capabilities));
  }

  /**
   * What Kafka would refuse of the topics a desired-state plan creates and the configs it sets or removes, asked with
   * validate-only requests (nothing changes): unknown config names and invalid values, with Kafka's reason.
   */
  async refusedTopicChanges(clusterId: string, changes: readonly DesiredChange[]): Promise<RefusedTopicChange[]> {
    const created = changes.flatMap((c) => (c.kind === "createTopic" ? [c] : []));
    const altered = changes.flatMap((c) => (c.kind === "alterTopicConfigs" ? [c] : []));
    if (created.length === 0 && altered.length === 0) return [];
    return this.run(clusterId, READ, async (admin) => [
      ...(created.length === 0
        ? []
        : await admin.validateNewTopics(
            created.map((c) => ({
              name: c.topic,
              partitions: c.partitions,
              replicationFactor: c.replicationFactor,
              configs: c.configs,
            })),
          )),
      ...(altered.length === 0
        ? []
        : await admin.validateTopicConfigs(
            altered.map((c) => ({
              topic: c.topic,
              set: Object.fromEntries(c.configs.flatMap((v) => (v.after === null ? [] : [[v.name, v.after]]))),
              delete: c.configs.flatMap((v) => (v.after === null ? [v.name] : [])),
            })),
          )),
    ]);
  }

  describeGroup(clusterId: string, groupId: string): Promise<GroupDetail> {
    return this.run(clusterId, READ, (admin) => admin.describeGroup(groupId));
  }

  /** A dry run changes nothing: it needs no capability and queues no re-collection. */
  resetOffsets(clusterId: string, groupId: string, request: ResetOffsetsRequest): Promise<ResetOffsetsResponse> {
    const kind: ActionKind = request.dryRun ? READ : { capability: "manageGroups", changes: true };
    return this.run(clusterId, kind, (admin) => admin.resetOffsets(groupId, request));
  }

  /**
   * From every topic's layout and size read a moment ago (TopicListingCache) when there is one, else the page read
   * directly — a search then asks Kafka only about the names the last collection knew matching it (see
   * searchCandidates) and shows the sizes that collection measured; the page's configs live; rates from the last
   * collection.
   */
  /** A page of the topics `visible` keeps (the caller's access; every topic without it). */
  async listTopics(
    clusterId: string,
    query: TopicListQuery,
    visible?: (name: string) => boolean,
  ): Promise<TopicListResponse> {
    const listing = this.listings.get(clusterId);
    const figures = await this.collected.get(clusterId);
    // A collection begun before our last write here may lack what it changed: then every topic is read.
    const current = figures && figures.collectedAt.getTime() > (this.changedAt.get(clusterId) ?? 0);
    const candidates = !listing && query.search && current ? searchCandidates(figures, query.search) : undefined;
    const known = listing
      ? { listing }
      : candidates && figures
        ? { candidates, collectedSizes: collectedSizes(figures, candidates) }
        : {};
    const list = await this.run(clusterId, READ, (admin) => admin.listTopics(query, known, visible));
    // Read after this list, not beside it: parsing every topic would hold this answer up.
    if (!listing) this.listings.refresh(clusterId);
    return listWithRates(list, figures);
  }

  async describeTopic(clusterId: string, name: string): Promise<Topic> {
    const topic = await this.run(clusterId, READ, (admin) => admin.describeTopic(name));
    return topicWithRates(topic, await this.collected.get(clusterId));
  }

  /** Live from Kafka; each group's total lag from the last collection (the list itself reads no offsets). */
  async listGroups(
    clusterId: string,
    query: GroupListQuery,
    visible?: (id: string) => boolean,
  ): Promise<GroupListResponse> {
    const listed = await this.run(clusterId, READ, (admin) => admin.listGroups(query, visible));
    const lagOf = (await this.collected.get(clusterId))?.groupLag ?? new Map<string, number>();
    const trends = await this.deps.history.groupTrends(
      clusterId,
      listed.groups.map((g) => g.id),
      new Date(),
    );
    return {
      ...listed,
      groups: listed.groups.map((group) => {
        const lag = lagOf.get(group.id);
        const trend = trends.get(group.id);
        return {
          ...group,
          ...(lag === undefined ? {} : { lag }),
          ...(trend?.growth ? { lagGrowth: trend.growth } : {}),
          ...(trend && trend.recent.length > 1 ? { lagRecent: trend.recent } : {}),
        };
      }),
    };
  }

  private async run<T>(clusterId: string, kind: ActionKind, work: (admin: KafkaAdmin) => Promise<T>): Promise<T> {
    const record = await this.deps.store.clusters.findById(clusterId);
    if (!record) throw new AppError("not_found", `No cluster ${clusterId}`);
    if (kind.capability || kind.changes) {
      const view = await this.deps.store.clusterViews.getSummary(clusterId);
      // Writes go only to the Kafka cluster that was registered (cluster_identity_changed: 409 until confirmed).
      const refusal =
        (kind.changes ? identityRefusal(view) : undefined) ??
        (kind.capability
          ? capabilityRefusal(view?.capabilities as StoredCapabilities | undefined, kind.capability)
          : undefined);
      if (refusal) throw refusal;
    }
    const deadline = {
      ms: this.deps.requestTimeoutMs ?? CONFIG_DEFAULTS.KAFKA_REQUEST_TIMEOUT_MS,
      setting: "KAFKA_REQUEST_TIMEOUT_MS",
    };
    try {
      return await withClusterClient(
        this.deps.clients,
        record,
        this.deps.box,
        async (client) => {
          try {
            const result = await work(KafkaAdmin.over(client));
            if (kind.changes) this.recollect(clusterId);
            return result;
          } finally {
            // Even a failed write may have changed something.
            if (kind.changes) {
              this.listings.drop(clusterId);
              this.changedAt.set(clusterId, Date.now());
            }
          }
        },
        deadline,
      );
    } catch (error) {
      if (error instanceof AppError && error.code === "kafka_timeout") {
        // A write abandoned at its deadline may still be applied: the views catch up as after any write.
        if (kind.changes) {
          this.listings.drop(clusterId);
          this.changedAt.set(clusterId, Date.now());
          this.recollect(clusterId);
        }
        this.deps.logger.warn({ clusterId, err: error }, "a Kafka call passed its deadline");
      }
      throw error;
    }
  }

  /**
   * Queued, not awaited: the response does not wait for the views, and a queue hiccup must not fail the action. A
   * collection of the cluster that was already running when the change was made is joined (one collection per cluster
   * at a time) but may have read the cluster before the change, so when it ends another one is asked for.
   */
  private recollect(clusterId: string): void {
    const changedAt = Date.now();
    const collectedSinceChange = async () => {
      const view = await this.deps.store.clusterViews.get(clusterId);
      const collectedAt = Date.parse(String(view?.snapshot?.collectedAt ?? ""));
      return collectedAt >= changedAt;
    };
    (async () => {
      await requestCollection(this.deps.queue, clusterId, this.deps.collectWaitMs ?? 120_000);
      if (!(await collectedSinceChange())) await enqueueCollection(this.deps.queue, clusterId);
    })().catch((error: unknown) =>
      this.deps.logger.warn({ err: error, clusterId }, "the re-collection after a change did not complete"),
    );
  }
}
