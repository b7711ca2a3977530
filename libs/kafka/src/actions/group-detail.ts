import { AppError, type GroupDetail, type GroupType } from "@kcp/shared";
import { type Connection, consumerGroupDescribeV0, FindCoordinatorKeyTypes, listGroupsV5 } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { toKafkaAppError } from "../errors.js";
import { describeShareGroupOffsetsV1 } from "../protocol/describe-share-group-offsets-v1.js";
import { shareGroupDescribeV1 } from "../protocol/share-group-describe-v1.js";
import { streamsGroupDescribeV0 } from "../protocol/streams-group-describe-v0.js";
import { brokerVersions } from "../snapshot/cluster.js";
import { partitionKey, readEndOffsets, splitPartitionKey } from "../snapshot/end-offsets.js";
import { committedOffsetsOfGroups, toGroupType } from "../snapshot/groups.js";
import { readTopicLayouts } from "../snapshot/topics.js";

/** Who owns a partition in the group's current assignment. */
interface Owner {
  member: string;
  clientId: string;
  host: string;
}

/** A group as its coordinator lists it (ListGroups v5: type and state), with a connection to that coordinator. */
export interface ListedGroup {
  id: string;
  type: GroupType;
  state: string;
  protocolType: string;
  coordinator: Connection;
}

const NO_OWNER: Owner = { member: "", clientId: "", host: "" };

/** The group at its coordinator; 404 when the coordinator does not know it. */
export async function findGroup(client: KafkaClient, groupId: string): Promise<ListedGroup> {
  const [found] = await client.admin.findCoordinator({ keyType: FindCoordinatorKeyTypes.GROUP, keys: [groupId] });
  const coordinator = found ? (await client.connections([found.nodeId])).get(found.nodeId) : undefined;
  if (!coordinator) throw new Error(`no coordinator for group ${groupId}`);
  const listed = await listGroupsV5.api.async(coordinator, [], []);
  const group = listed.groups.find((g) => g.groupId === groupId);
  if (!group) throw new AppError("not_found", `No group ${groupId}`);
  return {
    id: groupId,
    type: toGroupType(String(group.groupType)),
    state: group.groupState,
    protocolType: group.protocolType,
    coordinator,
  };
}

type OwnersOf = (client: KafkaClient, group: ListedGroup) => Promise<{ members: number; owners: Map<string, Owner> }>;

const ownersOfClassic: OwnersOf = async (client, group) => {
  const described = (await client.admin.describeGroups({ groups: [group.id] })).get(group.id);
  const owners = new Map<string, Owner>();
  for (const member of described?.members.values() ?? [])
    for (const assignment of member.assignments?.values() ?? [])
      for (const partition of assignment.partitions)
        owners.set(partitionKey(assignment.topic, partition), {
          member: member.id,
          clientId: member.clientId,
          host: member.clientHost,
        });
  return { members: described?.members.size ?? 0, owners };
};

const ownersOfConsumer: OwnersOf = async (_client, group) => {
  const [described] = (await consumerGroupDescribeV0.api.async(group.coordinator, [group.id], false)).groups;
  const owners = new Map<string, Owner>();
  for (const member of described?.members ?? [])
    for (const topic of member.assignment.topicPartitions)
      for (const partition of topic.partitions)
        owners.set(partitionKey(topic.topicName, partition), {
          member: member.memberId,
          clientId: member.clientId,
          host: member.clientHost,
        });
  return { members: described?.members.length ?? 0, owners };
};

const ownersOfShare: OwnersOf = async (_client, group) => {
  const [described] = (await shareGroupDescribeV1.async(group.coordinator, [group.id], false)).groups;
  const owners = new Map<string, Owner>();
  // A share group's partitions are shared: each one is listed with the first member it is assigned to.
  for (const member of described?.members ?? [])
    for (const topic of member.assignment)
      for (const partition of topic.partitions) {
        const key = partitionKey(topic.topicName, partition);
        if (!owners.has(key))
          owners.set(key, { member: member.memberId, clientId: member.clientId, host: member.clientHost });
      }
  return { members: described?.members.length ?? 0, owners };
};

/** A streams task is (sub-topology, partition): it reads that partition of each of the sub-topology's source topics. */
const ownersOfStreams: OwnersOf = async (_client, group) => {
  const [described] = (await streamsGroupDescribeV0.async(group.coordinator, [group.id], false)).groups;
  const owners = new Map<string, Owner>();
  for (const member of described?.members ?? [])
    for (const task of member.activeTasks)
      for (const topic of described?.sourceTopics?.get(task.subtopology) ?? [])
        for (const partition of task.partitions)
          owners.set(partitionKey(topic, partition), {
            member: member.memberId,
            clientId: member.clientId,
            host: member.clientHost,
          });
  return { members: described?.members.length ?? 0, owners };
};

const OWNERS: Record<GroupType, OwnersOf> = {
  classic: ownersOfClassic,
  consumer: ownersOfConsumer,
  share: ownersOfShare,
  streams: ownersOfStreams,
};

const DESCRIBE_SHARE_GROUP_OFFSETS = 90;

/** Whether the group's coordinator serves a version of a request (one ApiVersions round trip). */
export async function coordinatorServes(group: ListedGroup, apiKey: number, version: number): Promise<boolean> {
  const { apis } = await brokerVersions(group.coordinator);
  return (apis.get(apiKey)?.max ?? -1) >= version;
}

/**
 * A share group's progress per partition (DescribeShareGroupOffsets v1, Kafka 4.2+): the start offset (everything
 * before it is acknowledged) as its committed offset, and the lag the coordinator computes. Empty when the
 * coordinator does not serve it.
 */
async function shareGroupOffsets(
  group: ListedGroup,
): Promise<{ committed: Map<string, number>; lags: Map<string, number> }> {
  const committed = new Map<string, number>();
  const lags = new Map<string, number>();
  if (!(await coordinatorServes(group, DESCRIBE_SHARE_GROUP_OFFSETS, 1))) return { committed, lags };
  const [described] = (await describeShareGroupOffsetsV1.async(group.coordinator, [group.id])).groups;
  for (const topic of described?.topics ?? [])
    for (const p of topic.partitions) {
      if (p.errorCode !== 0 || p.startOffset < 0n) continue;
      const key = partitionKey(topic.topicName, p.partitionIndex);
      committed.set(key, Number(p.startOffset));
      if (p.lag >= 0n) lags.set(key, Number(p.lag));
    }
  return { committed, lags };
}

/** A share group's start offsets by `topic:partition` (its committed offsets, for a reset's `from`). */
export const shareStartOffsets = async (group: ListedGroup) => (await shareGroupOffsets(group)).committed;

/** Committed offsets of the group (OffsetFetch, every topic), by `topic:partition`. */
export async function committedOffsets(client: KafkaClient, groupId: string): Promise<Map<string, number>> {
  return (await committedOffsetsOfGroups(client, [groupId])).get(groupId) ?? new Map();
}

/**
 * Endpoint 15: every partition the group has a committed offset on or is assigned, with the committed offset, the
 * log end offset, the lag and the member, client id and host owning it. A partition without a committed offset has
 * committed and lag -1 (unknown: the consumer's reset policy decides where it starts). A share group's committed
 * offset is its start offset and its lag the coordinator's (DescribeShareGroupOffsets).
 */
export async function describeGroupDetail(client: KafkaClient, groupId: string): Promise<GroupDetail> {
  try {
    const group = await findGroup(client, groupId);
    const [{ members, owners }, { committed, lags }] = await Promise.all([
      OWNERS[group.type](client, group),
      group.type === "share"
        ? shareGroupOffsets(group)
        : committedOffsets(client, groupId).then((offsets) => ({
            committed: offsets,
            lags: new Map<string, number>(),
          })),
    ]);
    const keys = new Set([...committed.keys(), ...owners.keys()]);
    const topics = [...new Set([...keys].map((key) => splitPartitionKey(key).topic))];
    const layout = topics.length > 0 ? (await readTopicLayouts(client, topics)).topics : [];
    const ends = await readEndOffsets(client, layout, keys);
    const partitions = [...keys]
      .map((key) => {
        const { topic, partition } = splitPartitionKey(key);
        const offset = committed.get(key) ?? -1;
        const end = ends.get(key) ?? -1;
        const lag = lags.get(key) ?? (offset >= 0 && end >= 0 ? Math.max(0, end - offset) : -1);
        return { topic, partition, committed: offset, end, lag, ...(owners.get(key) ?? NO_OWNER) };
      })
      .sort((a, b) => a.topic.localeCompare(b.topic) || a.partition - b.partition);
    return {
      group: groupId,
      type: group.type,
      state: group.state,
      protocolType: group.protocolType,
      members,
      totalLag: partitions.reduce((sum, p) => sum + Math.max(0, p.lag), 0),
      partitions,
    };
  } catch (error) {
    throw toKafkaAppError(error, `describing group ${groupId}`, { GROUP_ID_NOT_FOUND: "not_found" });
  }
}
