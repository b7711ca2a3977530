import { GROUP_TYPES, type Group, type GroupType } from "@kcp/shared";
import {
  type Connection,
  consumerGroupDescribeV0,
  FindCoordinatorKeyTypes,
  listGroupsV4,
  listGroupsV5,
} from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { shareGroupDescribeV1 } from "../protocol/share-group-describe-v1.js";
import { streamsGroupDescribeV0 } from "../protocol/streams-group-describe-v0.js";
import { appendTo } from "../util/group.js";
import type { ApiVersionRanges } from "./cluster.js";
import { partitionKey, readEndOffsets, splitPartitionKey } from "./end-offsets.js";
import type { Parts } from "./parts.js";
import type { TopicLayout } from "./topics.js";

const LIST_GROUPS = 16;
const CONSUMER_GROUP_DESCRIBE = 69;
const SHARE_GROUP_DESCRIBE = 77;
const STREAMS_GROUP_DESCRIBE = 89;

interface ListedGroup {
  id: string;
  type: GroupType;
  state: string;
  protocolType: string;
}

/** What the group reading needs from the rest of the collection. */
export interface GroupSources {
  /** The brokers that answered (each lists the groups it coordinates). */
  brokerIds: number[];
  apis: ApiVersionRanges;
  /** The topic layout already read: the leaders that answer ListOffsets. */
  topics: TopicLayout[];
  /** Every partition's log-end offset, when the collection reads them anyway (then groups send no ListOffsets). */
  endOffsets?: Promise<Map<string, number> | undefined>;
}

interface Membership {
  members: number;
  topics: Set<string>;
}

/** A group type as ListGroups spells it ("Consumer", "Share", ...) → ours; unknown ones count as classic. */
export const toGroupType = (raw: string): GroupType =>
  (GROUP_TYPES as readonly string[]).includes(raw.toLowerCase()) ? (raw.toLowerCase() as GroupType) : "classic";

/** ListGroups on one broker (each broker lists the groups it coordinates): v5 has every type, v4 classic only. */
async function listOnBroker(connection: Connection, apis: ApiVersionRanges): Promise<ListedGroup[]> {
  const byType = (apis.get(LIST_GROUPS)?.max ?? 0) >= 5;
  const response = byType
    ? await listGroupsV5.api.async(connection, [], [])
    : await listGroupsV4.api.async(connection, [], []);
  return response.groups.map((g) => ({
    id: g.groupId,
    type: "groupType" in g ? toGroupType(String(g.groupType)) : "classic",
    state: g.groupState || "Unknown",
    protocolType: g.protocolType,
  }));
}

async function listGroups(client: KafkaClient, brokerIds: number[], apis: ApiVersionRanges, parts: Parts) {
  const perBroker = await Promise.all(
    brokerIds.map((id) =>
      parts.run(`groups of broker ${id}`, async () => {
        const connection = (await client.connections([id])).get(id);
        return connection ? listOnBroker(connection, apis) : [];
      }),
    ),
  );
  return perBroker.flatMap((groups) => groups ?? []);
}

/** Members and assigned topics of classic groups (DescribeGroups, consumer protocol assignments decoded). */
async function describeClassic(client: KafkaClient, ids: string[]): Promise<Map<string, Membership>> {
  if (ids.length === 0) return new Map();
  const described = await client.admin.describeGroups({ groups: ids });
  return new Map(
    [...described.values()].map((group) => {
      const topics = new Set<string>();
      for (const member of group.members.values())
        for (const topic of member.assignments?.keys() ?? []) topics.add(topic);
      return [group.id, { members: group.members.size, topics }];
    }),
  );
}

type DescribeAt = (connection: Connection, groupIds: string[]) => Promise<Map<string, Membership>>;

/** Runs a describe request at each group's coordinator (FindCoordinator, batched). */
async function describeAtCoordinators(
  client: KafkaClient,
  ids: string[],
  describe: DescribeAt,
): Promise<Map<string, Membership>> {
  if (ids.length === 0) return new Map();
  const coordinators = await client.admin.findCoordinator({ keyType: FindCoordinatorKeyTypes.GROUP, keys: ids });
  const byNode = new Map<number, string[]>();
  for (const c of coordinators) appendTo(byNode, c.nodeId, c.key);
  const result = new Map<string, Membership>();
  for (const [nodeId, groupIds] of byNode) {
    const connection = (await client.connections([nodeId])).get(nodeId);
    if (!connection) continue;
    for (const [id, membership] of await describe(connection, groupIds)) result.set(id, membership);
  }
  return result;
}

/** KIP-848 consumer groups (ConsumerGroupDescribe). */
const describeConsumer: DescribeAt = async (connection, groupIds) => {
  const response = await consumerGroupDescribeV0.api.async(connection, groupIds, false);
  return new Map(
    response.groups.map((g) => [
      g.groupId,
      {
        members: g.members.length,
        topics: new Set(g.members.flatMap((m) => m.assignment.topicPartitions.map((t) => t.topicName))),
      },
    ]),
  );
};

/** KIP-932 share groups (ShareGroupDescribe v1, written here). */
const describeShare: DescribeAt = async (connection, groupIds) => {
  const response = await shareGroupDescribeV1.async(connection, groupIds, false);
  return new Map(
    response.groups.map((g) => [
      g.groupId,
      {
        members: g.members.length,
        topics: new Set(g.members.flatMap((m) => [...m.subscribedTopicNames, ...m.assignment.map((t) => t.topicName)])),
      },
    ]),
  );
};

/** KIP-1071 streams groups (StreamsGroupDescribe v0, written here): topics are the topology's source topics. */
const describeStreams: DescribeAt = async (connection, groupIds) => {
  const response = await streamsGroupDescribeV0.async(connection, groupIds, false);
  return new Map(
    response.groups.map((g) => [
      g.groupId,
      { members: g.members.length, topics: new Set([...(g.sourceTopics?.values() ?? [])].flat()) },
    ]),
  );
};

/** Committed offsets of groups (OffsetFetch, batched per coordinator by the client). */
export async function committedOffsetsOfGroups(client: KafkaClient, ids: string[]) {
  if (ids.length === 0) return new Map<string, Map<string, number>>();
  const groups = await client.admin.listConsumerGroupOffsets({ groups: ids });
  return new Map(
    groups.map((group) => {
      const offsets = new Map<string, number>();
      for (const topic of group.topics)
        for (const p of topic.partitions)
          if (p.committedOffset >= 0n)
            offsets.set(partitionKey(topic.name, p.partitionIndex), Number(p.committedOffset));
      return [group.groupId, offsets];
    }),
  );
}

/** The group's lag in all, and by topic with the committed offsets summed by topic (for consumption rates). */
function lagOf(committed: Map<string, number> | undefined, ends: Map<string, number>) {
  let total = 0;
  // Without a prototype: `__proto__` is a legal topic name.
  const byTopic: Record<string, number> = Object.create(null);
  const committedByTopic: Record<string, number> = Object.create(null);
  for (const [key, offset] of committed ?? []) {
    const lag = Math.max(0, (ends.get(key) ?? offset) - offset);
    const { topic } = splitPartitionKey(key);
    total += lag;
    byTopic[topic] = (byTopic[topic] ?? 0) + lag;
    committedByTopic[topic] = (committedByTopic[topic] ?? 0) + offset;
  }
  return { total, byTopic, committedByTopic };
}

/**
 * Every group of every type with its members, topics and total lag (committed offsets against log end offsets; share
 * groups keep no committed offsets, so their lag is 0 here).
 */
export async function readGroups(client: KafkaClient, cluster: GroupSources, parts: Parts): Promise<Group[]> {
  const { brokerIds, apis } = cluster;
  const listed = await listGroups(client, brokerIds, apis, parts);
  const idsOf = (type: GroupType) => listed.filter((g) => g.type === type).map((g) => g.id);
  const withOffsets = [...idsOf("classic"), ...idsOf("consumer"), ...idsOf("streams")];
  const serves = (key: number, version: number) => (apis.get(key)?.max ?? -1) >= version;
  const describeType = (type: GroupType, key: number, version: number, describe: DescribeAt) =>
    serves(key, version)
      ? parts.run(`${type} group members`, () => describeAtCoordinators(client, idsOf(type), describe))
      : undefined;
  const [classic, consumer, share, streams, committed] = await Promise.all([
    parts.run("classic group members", () => describeClassic(client, idsOf("classic"))),
    describeType("consumer", CONSUMER_GROUP_DESCRIBE, 0, describeConsumer),
    describeType("share", SHARE_GROUP_DESCRIBE, 1, describeShare),
    describeType("streams", STREAMS_GROUP_DESCRIBE, 0, describeStreams),
    parts.run("committed offsets of groups", () => committedOffsetsOfGroups(client, withOffsets)),
  ]);
  const memberships = [classic, consumer, share, streams];
  const partitions = new Set([...(committed?.values() ?? [])].flatMap((offsets) => [...offsets.keys()]));
  const ends =
    (cluster.endOffsets
      ? await cluster.endOffsets
      : await parts.run("end offsets of group partitions", () => readEndOffsets(client, cluster.topics, partitions))) ??
    new Map();
  return listed
    .map((group): Group => {
      const membership = memberships.map((m) => m?.get(group.id)).find((m) => m !== undefined);
      const offsets = committed?.get(group.id);
      const topics = new Set([
        ...(membership?.topics ?? []),
        ...[...(offsets?.keys() ?? [])].map((key) => splitPartitionKey(key).topic),
      ]);
      const lag = lagOf(offsets, ends);
      return {
        id: group.id,
        type: group.type,
        state: group.state,
        protocolType: group.protocolType,
        members: membership?.members ?? 0,
        lag: lag.total,
        topics: topics.size > 0 ? [...topics].sort() : null,
        ...(offsets && offsets.size > 0 ? { topicLags: lag.byTopic, topicCommitted: lag.committedByTopic } : {}),
      };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}
