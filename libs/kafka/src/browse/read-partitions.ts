import {
  type Connection,
  FetchIsolationLevels,
  fetchV12,
  listOffsetsV7,
  protocolErrorsCodesById,
} from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { toKafkaAppError } from "../errors.js";
import { appendTo } from "../util/group.js";
import { matchesFilter } from "./decode.js";

/** One record read, raw: decoded only if it makes the page. */
export interface ReadRecord {
  partition: number;
  offset: number;
  timestamp: number;
  key: Buffer | null;
  value: Buffer | null;
  headers: [Buffer | null, Buffer | null][];
}

/** The read of one partition: where it started, where it is, what matched. */
export interface PartitionSlot {
  partition: number;
  leader: number;
  leaderEpoch: number;
  logStart: number;
  /** The high watermark when the read started: the read stops there, so a busy partition cannot keep it going. */
  end: number;
  from: number;
  position: number;
  scanned: number;
  /** The offsets read, ascending: how many of them lie before the offset a page resumes at. */
  scannedOffsets: number[];
  matched: ReadRecord[];
}

/** Records read in [slot.from, to): a page's count leaves out what was read past the records it shows. */
export function scannedBefore(slot: PartitionSlot, to: number): number {
  let low = 0;
  let high = slot.scannedOffsets.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((slot.scannedOffsets[middle] as number) < to) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The bounds every round shares: how many records may still be read, and what to keep. */
export interface ScanBudget {
  left: number;
  filter: Buffer | undefined;
}

/** Bytes one Fetch response may carry, and the share of each partition in it. */
const FETCH_MAX_BYTES = 4 * 1024 * 1024;
const PARTITION_MIN_BYTES = 64 * 1024;
const PARTITION_MAX_BYTES = 1024 * 1024;
/** Brokers asked at once in one round. */
const LEADER_CONCURRENCY = 8;

const CONTROL_BATCH = 0x20;
const LOG_APPEND_TIME = 0x08;
const CONSUMER_REPLICA_ID = -1;
/** ListOffsets' timestamp for "the record with the largest timestamp" (KIP-734, ListOffsets v7). */
const MAX_TIMESTAMP = -3n;

/** Partition errors after which the partition's leader is read again from Metadata. */
const LEADER_MOVED = new Set([5, 6, 9, 56, 74, 75]);
const OFFSET_OUT_OF_RANGE = 1;

export const isDone = (slot: PartitionSlot) => slot.position >= slot.end;

/** Runs the tasks, at most `limit` at a time. */
async function bounded<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The answer even when some partitions carry an error (the client throws with the parsed response attached). */
async function withPartitionErrors<T extends object>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    const response = (error as { response?: T }).response;
    if (response) return response;
    throw error;
  }
}

/** Takes a batch's records from the slot's position on, while the budget lasts; answers false once it is spent. */
function absorb(slot: PartitionSlot, batch: fetchV12.FetchResponsePartition["records"], budget: ScanBudget): boolean {
  for (const b of batch ?? []) {
    const first = Number(b.firstOffset);
    const afterBatch = first + b.lastOffsetDelta + 1;
    if (afterBatch <= slot.position) continue;
    if ((b.attributes & CONTROL_BATCH) === 0) {
      for (const r of b.records) {
        const offset = first + r.offsetDelta;
        if (offset < slot.position) continue;
        if (offset >= slot.end) {
          slot.position = slot.end;
          return true;
        }
        if (budget.left <= 0) return false;
        budget.left--;
        slot.scanned++;
        slot.scannedOffsets.push(offset);
        slot.position = offset + 1;
        if (!matchesFilter(budget.filter, r.key, r.value)) continue;
        const timestamp = (b.attributes & LOG_APPEND_TIME) !== 0 ? b.maxTimestamp : b.firstTimestamp + r.timestampDelta;
        slot.matched.push({
          partition: slot.partition,
          offset,
          timestamp: Number(timestamp),
          key: r.key,
          value: r.value,
          headers: r.headers,
        });
      }
    }
    // Offsets a compaction removed, and control records, are stepped over.
    slot.position = Math.min(Math.max(slot.position, afterBatch), slot.end);
  }
  return true;
}

/**
 * One Fetch per leader of the slots not done (sessionless: no fetch session is left on the broker, no group, no
 * commit), at most LEADER_CONCURRENCY at once; each answer moves its slots' positions. Answers the partitions whose
 * leader moved, to be read again from Metadata.
 */
export async function fetchRound(
  client: KafkaClient,
  topic: string,
  slots: PartitionSlot[],
  budget: ScanBudget,
): Promise<{ leaderMoved: boolean }> {
  const byLeader = new Map<number, PartitionSlot[]>();
  for (const slot of slots) if (!isDone(slot)) appendTo(byLeader, slot.leader, slot);
  if (byLeader.size === 0) return { leaderMoved: false };
  const connections = await client.connections([...byLeader.keys()]);
  let leaderMoved = false;
  await bounded([...byLeader], LEADER_CONCURRENCY, async ([leader, leaderSlots]) => {
    const connection = connections.get(leader);
    if (!connection) {
      leaderMoved = true;
      return;
    }
    const share = Math.floor(FETCH_MAX_BYTES / leaderSlots.length);
    const partitionMaxBytes = Math.min(PARTITION_MAX_BYTES, Math.max(PARTITION_MIN_BYTES, share));
    const partitions = leaderSlots.map((slot) => ({
      partition: slot.partition,
      currentLeaderEpoch: slot.leaderEpoch,
      fetchOffset: BigInt(slot.position),
      lastFetchedEpoch: -1,
      partitionMaxBytes,
    }));
    let response: fetchV12.FetchResponse;
    try {
      response = await withPartitionErrors(
        // maxWait 0: answer with what is there, never wait for new records; session 0 / epoch -1: no fetch session.
        fetchV12.api.async(
          connection,
          0,
          0,
          FETCH_MAX_BYTES,
          FetchIsolationLevels.READ_UNCOMMITTED,
          0,
          -1,
          [{ topicId: topic, partitions }],
          [],
          "",
        ),
      );
    } catch (error) {
      throw toKafkaAppError(error, `reading ${topic}`, { UNKNOWN_TOPIC_OR_PARTITION: "not_found" });
    }
    if (response.errorCode !== 0)
      throw toKafkaAppError({ apiId: protocolErrorsCodesById[response.errorCode] }, `reading ${topic}`);
    const bySlot = new Map(leaderSlots.map((slot) => [slot.partition, slot]));
    for (const answer of response.responses.flatMap((t) => t.partitions)) {
      const slot = bySlot.get(answer.partitionIndex);
      if (!slot) continue;
      if (LEADER_MOVED.has(answer.errorCode)) leaderMoved = true;
      else if (answer.errorCode === OFFSET_OUT_OF_RANGE) {
        // The log start moved past the position (retention): go on from the new log start.
        const logStart = Number(answer.logStartOffset);
        slot.position = logStart > slot.position ? Math.min(logStart, slot.end) : slot.end;
      } else if (answer.errorCode !== 0) {
        const apiId = protocolErrorsCodesById[answer.errorCode] ?? `error code ${answer.errorCode}`;
        throw toKafkaAppError({ apiId }, `reading ${topic} partition ${slot.partition}`);
      } else absorb(slot, answer.records, budget);
    }
  });
  return { leaderMoved };
}

/**
 * The largest record timestamp of each partition (ListOffsets with -3, KIP-734): which partitions hold the newest
 * records, without reading any. Partitions without a record are left out.
 */
export async function maxTimestamps(
  client: KafkaClient,
  topic: string,
  slots: { partition: number; leader: number; leaderEpoch: number }[],
): Promise<Map<number, number>> {
  const byLeader = new Map<number, listOffsetsV7.ListOffsetsRequestPartition[]>();
  for (const s of slots) {
    const partition = { partitionIndex: s.partition, currentLeaderEpoch: s.leaderEpoch, timestamp: MAX_TIMESTAMP };
    appendTo(byLeader, s.leader, partition);
  }
  const connections = await client.connections([...byLeader.keys()]);
  const found = new Map<number, number>();
  await bounded([...byLeader], LEADER_CONCURRENCY, async ([leader, partitions]) => {
    const connection = connections.get(leader) as Connection | undefined;
    if (!connection) return;
    const response = await withPartitionErrors(
      listOffsetsV7.api.async(connection, CONSUMER_REPLICA_ID, FetchIsolationLevels.READ_UNCOMMITTED, [
        { name: topic, partitions },
      ]),
    );
    for (const p of response.topics.flatMap((t) => t.partitions))
      if (p.errorCode === 0 && p.offset >= 0n) found.set(p.partitionIndex, Number(p.timestamp));
  });
  return found;
}
