import { GROUP_TYPES, type Group, type GroupType } from "@kcp/shared";
import {
  type Connection,
  consumerGroupDescribeV0,
  FindCoordinatorKeyTypes,
  listGroupsV4,
  listGroupsV5,
} from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import type { ApiVersionRanges } from "./cluster.js";
import type { Parts } from "./parts.js";

const LIST_GROUPS = 16;
const CONSUMER_GROUP_DESCRIBE = 69;

interface ListedGroup {
  id: string;
  type: GroupType;
  state: string;
  protocolType: string;
}

interface Membership {
  members: number;
  topics: Set<string>;
}

const toGroupType = (raw: string): GroupType =>
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

/** Members and assigned topics of KIP-848 consumer groups (ConsumerGroupDescribe at each group's coordinator). */
async function describeConsumer(client: KafkaClient, ids: string[]): Promise<Map<string, Membership>> {
  if (ids.length === 0) return new Map();
  const coordinators = await client.admin.findCoordinator({ keyType: FindCoordinatorKeyTypes.GROUP, keys: ids });
  const byNode = new Map<number, string[]>();
  for (const c of coordinators) byNode.set(c.nodeId, [...(byNode.get(c.nodeId) ?? []), c.key]);
  const result = new Map<string, Membership>();
  for (const [nodeId, groupIds] of byNode) {
    const connection = (await client.connections([nodeId])).get(nodeId);
    if (!connection) continue;
    const response = await consumerGroupDescribeV0.api.async(connection, groupIds, false);
    for (const group of response.groups) {
      const topics = new Set(group.members.flatMap((m) => m.assignment.topicPartitions.map((t) => t.topicName)));
      result.set(group.groupId, { members: group.members.length, topics });
    }
  }
  return result;
}

/** Committed offsets of groups (OffsetFetch, batched per coordinator by the client). */
async function committedOffsets(client: KafkaClient, ids: string[]) {
  if (ids.length === 0) return new Map<string, Map<string, number>>();
  const groups = await client.admin.listConsumerGroupOffsets({ groups: ids });
  return new Map(
    groups.map((group) => {
      const offsets = new Map<string, number>();
      for (const topic of group.topics)
        for (const p of topic.partitions)
          if (p.committedOffset >= 0n) offsets.set(`${topic.name}:${p.partitionIndex}`, Number(p.committedOffset));
      return [group.groupId, offsets];
    }),
  );
}

/** The log end offset of every partition named (ListOffsets latest, batched per leader by the client). */
async function endOffsets(client: KafkaClient, keys: Set<string>): Promise<Map<string, number>> {
  if (keys.size === 0) return new Map();
  const byTopic = new Map<string, number[]>();
  for (const key of keys) {
    const at = key.lastIndexOf(":");
    const topic = key.slice(0, at);
    byTopic.set(topic, [...(byTopic.get(topic) ?? []), Number(key.slice(at + 1))]);
  }
  const listed = await client.admin.listOffsets({
    topics: [...byTopic].map(([name, partitions]) => ({
      name,
      partitions: partitions.map((partitionIndex) => ({ partitionIndex, timestamp: -1n })),
    })),
  });
  return new Map(
    listed.flatMap((topic) =>
      topic.partitions.map((p) => [`${topic.name}:${p.partitionIndex}`, Number(p.offset)] as const),
    ),
  );
}

function totalLag(committed: Map<string, number> | undefined, ends: Map<string, number>): number {
  let lag = 0;
  for (const [key, offset] of committed ?? []) lag += Math.max(0, (ends.get(key) ?? offset) - offset);
  return lag;
}

/**
 * Every group of every type with its members, topics and total lag. Classic and consumer groups are described and
 * their lag computed; share and streams groups are listed (their describe requests come with the group detail).
 */
export async function readGroups(
  client: KafkaClient,
  brokerIds: number[],
  apis: ApiVersionRanges,
  parts: Parts,
): Promise<Group[]> {
  const listed = await listGroups(client, brokerIds, apis, parts);
  const idsOf = (type: GroupType) => listed.filter((g) => g.type === type).map((g) => g.id);
  const withOffsets = [...idsOf("classic"), ...idsOf("consumer")];
  const [classic, consumer, committed] = await Promise.all([
    parts.run("classic group members", () => describeClassic(client, idsOf("classic"))),
    (apis.get(CONSUMER_GROUP_DESCRIBE)?.max ?? -1) >= 0
      ? parts.run("consumer group members", () => describeConsumer(client, idsOf("consumer")))
      : Promise.resolve(undefined),
    parts.run("committed offsets of groups", () => committedOffsets(client, withOffsets)),
  ]);
  const partitions = new Set([...(committed?.values() ?? [])].flatMap((offsets) => [...offsets.keys()]));
  const ends = (await parts.run("end offsets of group partitions", () => endOffsets(client, partitions))) ?? new Map();
  return listed
    .map((group): Group => {
      const membership = classic?.get(group.id) ?? consumer?.get(group.id);
      const offsets = committed?.get(group.id);
      const topics = new Set([...(membership?.topics ?? []), ...[...(offsets?.keys() ?? [])].map(topicOf)]);
      return {
        id: group.id,
        type: group.type,
        state: group.state,
        protocolType: group.protocolType,
        members: membership?.members ?? 0,
        lag: totalLag(offsets, ends),
        topics: topics.size > 0 ? [...topics].sort() : null,
      };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}

const topicOf = (key: string) => key.slice(0, key.lastIndexOf(":"));
