import { AppError, type ResetOffsetsRequest, type ResetOffsetsResponse } from "@kcp/shared";
import type { KafkaClient } from "../client.js";
import { toKafkaAppError } from "../errors.js";
import { alterShareGroupOffsetsV0 } from "../protocol/alter-share-group-offsets-v0.js";
import { EARLIEST, LATEST, partitionKey, readOffsetsAt } from "../snapshot/end-offsets.js";
import { readTopicLayouts } from "../snapshot/topics.js";
import { committedOffsets, coordinatorServes, findGroup, type ListedGroup, shareStartOffsets } from "./group-detail.js";

/** States in which a group has no active member: offsets may be committed for it from outside. */
const INACTIVE_STATES = new Set(["Empty", "Dead"]);

interface Bounds {
  earliest: number;
  latest: number;
  committed: number | undefined;
  atTimestamp: number | undefined;
}

const clamp = (offset: number, { earliest, latest }: Bounds) => Math.min(Math.max(offset, earliest), latest);

/**
 * The new offset of one partition for each `to` mode: the log start, the log end, the first offset at or after the
 * timestamp, the given offset, or the committed one shifted by it (the last two clamped into the log).
 */
export function targetOffset(request: ResetOffsetsRequest, bounds: Bounds): number {
  switch (request.to) {
    case "earliest":
      return bounds.earliest;
    case "latest":
      return bounds.latest;
    case "timestamp":
      // No record at or after the timestamp: the end of the log.
      return bounds.atTimestamp === undefined || bounds.atTimestamp < 0 ? bounds.latest : bounds.atTimestamp;
    case "offset":
      return clamp(request.offset ?? 0, bounds);
    case "shift":
      // Without a committed offset a consumer starts at the end (the default reset policy): shift from there.
      return clamp((bounds.committed ?? bounds.latest) + (request.offset ?? 0), bounds);
  }
}

/** The group at its coordinator, or undefined when it does not exist yet (resetting it creates its offsets). */
async function existingGroup(client: KafkaClient, groupId: string): Promise<ListedGroup | undefined> {
  try {
    return await findGroup(client, groupId);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return undefined;
    throw error;
  }
}

const ALTER_SHARE_GROUP_OFFSETS = 91;

async function checkResettable(client: KafkaClient, groupId: string): Promise<ListedGroup | undefined> {
  const group = await existingGroup(client, groupId);
  if (group && !INACTIVE_STATES.has(group.state))
    throw new AppError(
      "conflict",
      `Group ${groupId} is ${group.state}: stop its consumers first (offsets can be reset only while it is empty)`,
    );
  if (group?.type === "share" && !(await coordinatorServes(group, ALTER_SHARE_GROUP_OFFSETS, 0)))
    throw new AppError("capability_unavailable", "Resetting a share group needs AlterShareGroupOffsets (Kafka 4.2+)");
  return group;
}

/** Commits the new offsets: OffsetCommit for classic, consumer and streams groups, AlterShareGroupOffsets for share. */
async function commit(
  client: KafkaClient,
  group: ListedGroup | undefined,
  groupId: string,
  topic: string,
  offsets: { partition: number; to: number }[],
): Promise<void> {
  if (group?.type === "share") {
    const partitions = offsets.map((o) => ({ partitionIndex: o.partition, startOffset: BigInt(o.to) }));
    await alterShareGroupOffsetsV0.async(group.coordinator, groupId, [{ topicName: topic, partitions }]);
    return;
  }
  const partitionOffsets = offsets.map((o) => ({ partition: o.partition, offset: BigInt(o.to) }));
  await client.admin.alterConsumerGroupOffsets({ groupId, topics: [{ name: topic, partitionOffsets }] });
}

/** The partitions to reset: those named (each must exist), or all of the topic. */
async function chosenPartitions(client: KafkaClient, request: ResetOffsetsRequest) {
  const { topics } = await readTopicLayouts(client, [request.topic]);
  const topic = topics[0];
  if (!topic) throw new AppError("not_found", `No topic ${request.topic}`);
  const all = topic.partitions.map((p) => p.id);
  const missing = (request.partitions ?? []).filter((p) => !all.includes(p));
  if (missing.length > 0)
    throw new AppError(
      "invalid_request",
      `Topic ${request.topic} has partitions 0 to ${all.length - 1}; not ${missing.join(", ")}`,
    );
  return { layout: topics, partitions: request.partitions ?? all };
}

/**
 * Endpoint 16: the new committed offset of each chosen partition per the `to` mode, clamped into the log; committed
 * unless `dryRun`. The group must have no active member (409 otherwise); a group that does not exist yet is created
 * with these offsets, as Kafka's own tool does.
 */
export async function resetOffsets(
  client: KafkaClient,
  groupId: string,
  request: ResetOffsetsRequest,
): Promise<ResetOffsetsResponse> {
  try {
    const group = await checkResettable(client, groupId);
    const { layout, partitions } = await chosenPartitions(client, request);
    const keys = new Set(partitions.map((p) => partitionKey(request.topic, p)));
    const [earliest, latest, atTimestamp, committed] = await Promise.all([
      readOffsetsAt(client, layout, keys, EARLIEST),
      readOffsetsAt(client, layout, keys, LATEST),
      request.to === "timestamp"
        ? readOffsetsAt(client, layout, keys, BigInt(request.timestamp ?? 0))
        : Promise.resolve(new Map<string, number>()),
      group?.type === "share" ? shareStartOffsets(group) : committedOffsets(client, groupId),
    ]);
    const offsets = partitions
      .sort((a, b) => a - b)
      .map((partition) => {
        const key = partitionKey(request.topic, partition);
        const bounds = {
          earliest: earliest.get(key) ?? 0,
          latest: latest.get(key) ?? 0,
          committed: committed.get(key),
          atTimestamp: atTimestamp.get(key),
        };
        return { topic: request.topic, partition, from: bounds.committed ?? -1, to: targetOffset(request, bounds) };
      });
    if (!request.dryRun) await commit(client, group, groupId, request.topic, offsets);
    return { dryRun: request.dryRun, offsets };
  } catch (error) {
    // A consumer that joined between the check and the commit: Kafka refuses the commit from outside the group.
    throw toKafkaAppError(error, `resetting the offsets of group ${groupId}`, {
      UNKNOWN_MEMBER_ID: "conflict",
      ILLEGAL_GENERATION: "conflict",
      REBALANCE_IN_PROGRESS: "conflict",
      GROUP_NOT_EMPTY: "conflict",
      STALE_MEMBER_EPOCH: "conflict",
    });
  }
}
