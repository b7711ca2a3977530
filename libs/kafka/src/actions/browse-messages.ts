import {
  AppError,
  BROWSE_LIMITS,
  type BrowsedPartition,
  type BrowseMessagesQuery,
  type BrowseMessagesResponse,
} from "@kcp/shared";
import { type BrowseCursor, type BrowseStart, decodeCursor, encodeCursor, startOf } from "../browse/cursor.js";
import { buildPage, recordKey } from "../browse/page.js";
import {
  fetchRound,
  isDone,
  maxTimestamps,
  type PartitionSlot,
  type ScanBudget,
  scannedBefore,
} from "../browse/read-partitions.js";
import type { KafkaClient } from "../client.js";
import { toKafkaAppError } from "../errors.js";
import { EARLIEST, LATEST, partitionKey, readOffsetsAt } from "../snapshot/end-offsets.js";
import { readTopicLayouts, type TopicLayout } from "../snapshot/topics.js";

/** How long one browse may read before it answers with what it has (stoppedBy: deadline). */
export const BROWSE_DEADLINE_MS = 10_000;
/** Partitions a forward read has under way at once; the next ones (by id) join as these reach their end. */
export const BROWSE_WINDOW = 100;
/** from=end with a filter: the partitions with the newest records that are searched. */
const FILTERED_END_PARTITIONS = 100;
/** Times the leaders are read again when partitions moved during one browse. */
const LEADER_REFRESHES = 3;

type Stop = BrowseMessagesResponse["stoppedBy"];

interface Bounds {
  layout: TopicLayout;
  earliest: Map<string, number>;
  latest: Map<string, number>;
}

async function readBounds(client: KafkaClient, topic: string, only: number | undefined): Promise<Bounds> {
  const { topics } = await readTopicLayouts(client, [topic]);
  const layout = topics[0];
  if (!layout) throw new AppError("not_found", `No topic ${topic}`);
  if (only !== undefined && !layout.partitions.some((p) => p.id === only))
    throw new AppError(
      "invalid_request",
      `Topic ${topic} has partitions 0 to ${layout.partitions.length - 1}; not ${only}`,
    );
  const chosen = { ...layout, partitions: layout.partitions.filter((p) => only === undefined || p.id === only) };
  const keys = new Set(chosen.partitions.map((p) => partitionKey(topic, p.id)));
  const [earliest, latest] = await Promise.all([
    readOffsetsAt(client, [chosen], keys, EARLIEST),
    readOffsetsAt(client, [chosen], keys, LATEST),
  ]);
  const bounds = { layout: chosen, earliest, latest };
  const missing = new Set(unanswered(bounds));
  if (missing.size === 0) return bounds;
  // A leader may have moved since Metadata was read (the answer is then an error): once more, with fresh leaders.
  const fresh = (await readTopicLayouts(client, [topic])).topics[0];
  const retried = { ...chosen, partitions: (fresh?.partitions ?? []).filter((p) => missing.has(p.id)) };
  const retryKeys = new Set(retried.partitions.map((p) => partitionKey(topic, p.id)));
  const [earliestAgain, latestAgain] = await Promise.all([
    readOffsetsAt(client, [retried], retryKeys, EARLIEST),
    readOffsetsAt(client, [retried], retryKeys, LATEST),
  ]);
  for (const [key, offset] of earliestAgain) earliest.set(key, offset);
  for (const [key, offset] of latestAgain) latest.set(key, offset);
  const freshById = new Map(retried.partitions.map((p) => [p.id, p]));
  chosen.partitions = chosen.partitions.map((p) => freshById.get(p.id) ?? p);
  return bounds;
}

/** Partitions ListOffsets did not answer for: no leader, or an error even after a second try. They are not read. */
function unanswered(bounds: Bounds): number[] {
  const { name, partitions } = bounds.layout;
  return partitions
    .filter((p) => !bounds.earliest.has(partitionKey(name, p.id)) || !bounds.latest.has(partitionKey(name, p.id)))
    .map((p) => p.id);
}

/** Slots of the partitions whose leader answered ListOffsets (an offline partition cannot be read), by id. */
function slotsOf(bounds: Bounds, startAt: (partition: number, logStart: number, end: number) => number | undefined) {
  const slots: PartitionSlot[] = [];
  for (const p of bounds.layout.partitions) {
    const logStart = bounds.earliest.get(partitionKey(bounds.layout.name, p.id));
    const end = bounds.latest.get(partitionKey(bounds.layout.name, p.id));
    if (logStart === undefined || end === undefined) continue;
    const from = startAt(p.id, logStart, end);
    if (from === undefined || from >= end) continue;
    const position = Math.min(Math.max(from, logStart), end);
    slots.push({
      partition: p.id,
      leader: p.leader,
      leaderEpoch: p.leaderEpoch,
      logStart,
      end,
      from: position,
      position,
      scanned: 0,
      scannedOffsets: [],
      matched: [],
    });
  }
  return slots;
}

/** Leaders moved: the slots' leaders and epochs from a fresh Metadata read. */
async function refreshLeaders(client: KafkaClient, topic: string, slots: PartitionSlot[]): Promise<void> {
  const { topics } = await readTopicLayouts(client, [topic]);
  const fresh = new Map((topics[0]?.partitions ?? []).map((p) => [p.id, p]));
  for (const slot of slots) {
    const p = fresh.get(slot.partition);
    if (p) Object.assign(slot, { leader: p.leader, leaderEpoch: p.leaderEpoch });
  }
}

interface ReadOutcome {
  stop: Stop | undefined;
}

/**
 * Reads rounds over the active slots until `enough` says the page is full, the scan budget is spent, the deadline
 * passes or every slot is done; `refill` adds slots as others finish.
 */
async function readRounds(
  client: KafkaClient,
  topic: string,
  active: PartitionSlot[],
  budget: ScanBudget,
  deadline: number,
  enough: () => boolean,
  refill: (active: PartitionSlot[]) => Promise<boolean> = async () => false,
): Promise<ReadOutcome> {
  let refreshes = 0;
  for (;;) {
    // refill answers whether partitions are still queued (it stops taking them at the deadline).
    const queued = await refill(active);
    if (enough()) return { stop: undefined };
    if (active.every(isDone)) return { stop: queued ? "deadline" : "end" };
    if (budget.left <= 0) return { stop: "scan" };
    if (Date.now() >= deadline) return { stop: "deadline" };
    const { leaderMoved } = await fetchRound(client, topic, active, budget);
    if (leaderMoved) {
      if (++refreshes > LEADER_REFRESHES)
        throw new AppError(
          "kafka_error",
          `Kafka refused reading ${topic}: NOT_LEADER_OR_FOLLOWER (leaders kept moving)`,
        );
      await refreshLeaders(client, topic, active);
    }
  }
}

const matchedCount = (slots: PartitionSlot[]) => slots.reduce((sum, s) => sum + s.matched.length, 0);

function partitionsReport(slots: PartitionSlot[], positionOf: (slot: PartitionSlot) => number): BrowsedPartition[] {
  return slots
    .filter((s) => positionOf(s) > s.from)
    .sort((a, b) => a.partition - b.partition)
    .map((s) => ({
      partition: s.partition,
      logStartOffset: s.logStart,
      highWatermark: s.end,
      from: s.from,
      to: positionOf(s),
      scanned: scannedBefore(s, positionOf(s)),
    }));
}

/** The report's part of the answer: the first partitions listed, all of them counted, and those not readable. */
const reported = (partitions: BrowsedPartition[], bounds: Bounds) => ({
  scanned: partitions.reduce((sum, p) => sum + p.scanned, 0),
  partitions: partitions.slice(0, BROWSE_LIMITS.partitionsListed),
  partitionsRead: partitions.length,
  unavailablePartitions: unanswered(bounds).slice(0, BROWSE_LIMITS.partitionsListed),
});

/** from=end: the newest `limit` records (matching the filter) of the partitions that hold the newest records. */
async function readNewest(
  client: KafkaClient,
  topic: string,
  query: BrowseMessagesQuery,
  budget: ScanBudget,
  deadline: number,
): Promise<BrowseMessagesResponse> {
  const bounds = await readBounds(client, topic, query.partition);
  let candidates = slotsOf(bounds, (_p, logStart) => logStart);
  // The newest N records lie in at most N partitions: those whose newest record is newest.
  const wanted = query.filter ? FILTERED_END_PARTITIONS : query.limit;
  const leftOut = candidates.length > wanted;
  if (leftOut) {
    const newest = await maxTimestamps(client, topic, candidates);
    candidates = candidates
      .sort((a, b) => (newest.get(b.partition) ?? -1) - (newest.get(a.partition) ?? -1) || a.partition - b.partition)
      .slice(0, wanted);
  }
  const perPartition = Math.max(1, Math.floor(query.maxScan / Math.max(1, candidates.length)));
  const window = query.filter ? perPartition : Math.min(query.limit, perPartition);
  for (const slot of candidates) {
    slot.from = Math.max(slot.logStart, slot.end - window);
    slot.position = slot.from;
  }
  const { stop } = await readRounds(client, topic, candidates, budget, deadline, () => false);
  const page = buildPage(
    candidates.map((s) => s.matched),
    query.limit,
    query.maxBytes,
    true,
  );
  // With a filter, fewer matches than `limit` is the answer only if every record was searched.
  const searchedAll = !leftOut && candidates.every((s) => s.from === s.logStart);
  let stoppedBy: Stop = page.cut ?? stop ?? "end";
  if (stoppedBy === "end" && query.filter && !searchedAll) stoppedBy = "scan";
  const report = reported(
    partitionsReport(candidates, (s) => s.position),
    bounds,
  );
  return { topic, messages: page.messages, ...report, stoppedBy, cursor: null };
}

/**
 * The slots of a forward read, in id order. From a timestamp they start at the log start until their window comes:
 * the offsets by time are asked for then (resolveTimes), so a page of a 10,000-partition topic asks for about 100.
 */
function startSlots(bounds: Bounds, start: BrowseStart, cursor: BrowseCursor | undefined, byTime: Set<number>) {
  return slotsOf(bounds, (partition, logStart) => {
    const resumed = cursor?.positions.get(partition);
    if (resumed !== undefined) return resumed;
    if (cursor && partition < cursor.nextPartition) return undefined;
    switch (start.from) {
      case "beginning":
        return logStart;
      case "offset":
        return start.offset ?? logStart;
      case "timestamp":
        byTime.add(partition);
        return logStart;
    }
  });
}

/** from=offset on one partition: an offset outside the log is a mistake worth saying (422), not a silent clamp. */
function checkOffset(bounds: Bounds, start: BrowseStart): void {
  if (start.from !== "offset" || start.partition === undefined || start.offset === undefined) return;
  const key = partitionKey(bounds.layout.name, start.partition);
  const logStart = bounds.earliest.get(key);
  const end = bounds.latest.get(key);
  if (logStart === undefined || end === undefined) return;
  if (start.offset < logStart || start.offset > end)
    throw new AppError(
      "invalid_request",
      `Partition ${start.partition} of ${bounds.layout.name} holds offsets ${logStart} to ${end - 1} (next: ${end}); not ${start.offset}`,
    );
}

/**
 * beginning, offset, timestamp or a cursor: reads forward, at most BROWSE_WINDOW partitions at a time in id order,
 * until `limit` records matched; the page is the oldest of them (each partition's in offset order), and the cursor
 * resumes each partition after its last record shown (or scanned, when none of its records was left out).
 */
async function readForward(
  client: KafkaClient,
  topic: string,
  query: BrowseMessagesQuery,
  budget: ScanBudget,
  deadline: number,
): Promise<BrowseMessagesResponse> {
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor, topic);
  const start = cursor?.start ?? startOf(query);
  const bounds = await readBounds(client, topic, start.partition);
  if (!cursor) checkOffset(bounds, start);
  const byTime = new Set<number>();
  const queue = startSlots(bounds, start, cursor, byTime);
  const all = [...queue];
  const active: PartitionSlot[] = [];
  /** Partitions that joined the window start from the timestamp: ListOffsets by time for them only. */
  const resolveTimes = async (joined: PartitionSlot[]) => {
    const pending = joined.filter((s) => byTime.has(s.partition));
    if (pending.length === 0) return;
    const keys = new Set(pending.map((s) => partitionKey(topic, s.partition)));
    const at = await readOffsetsAt(client, [bounds.layout], keys, BigInt(start.timestamp ?? 0));
    for (const slot of pending) {
      const offset = at.get(partitionKey(topic, slot.partition));
      // No record at or after the timestamp (-1), or no answer: nothing to read there.
      slot.from = offset === undefined || offset < 0 ? slot.end : Math.min(Math.max(offset, slot.logStart), slot.end);
      slot.position = slot.from;
    }
  };
  const refill = async (slots: PartitionSlot[]) => {
    for (;;) {
      for (let i = slots.length - 1; i >= 0; i--) if (isDone(slots[i] as PartitionSlot)) slots.splice(i, 1);
      if (slots.length >= BROWSE_WINDOW || queue.length === 0 || Date.now() >= deadline) return queue.length > 0;
      const joined = queue.splice(0, BROWSE_WINDOW - slots.length);
      await resolveTimes(joined);
      slots.push(...joined);
    }
  };
  const { stop } = await readRounds(
    client,
    topic,
    active,
    budget,
    deadline,
    () => matchedCount(all) >= query.limit,
    refill,
  );
  const page = buildPage(
    all.map((s) => s.matched),
    query.limit,
    query.maxBytes,
    false,
  );
  // A partition resumes at its first matched record the page left out, else where its scan stopped.
  const resumeAt = (slot: PartitionSlot) =>
    slot.matched.find((r) => !page.shown.has(recordKey(r)))?.offset ?? slot.position;
  const unread = new Set(queue);
  const positions = new Map<number, number>();
  for (const slot of all)
    if (!unread.has(slot) && resumeAt(slot) < slot.end) positions.set(slot.partition, resumeAt(slot));
  const nextPartition = queue[0]?.partition ?? Number.MAX_SAFE_INTEGER;
  const more = positions.size > 0 || queue.length > 0;
  const stoppedBy: Stop = page.cut ?? (stop === undefined ? "limit" : stop);
  return {
    topic,
    messages: page.messages,
    ...reported(partitionsReport(all, resumeAt), bounds),
    stoppedBy: stoppedBy === "end" && more ? "limit" : stoppedBy,
    cursor: more ? encodeCursor({ topic, start, positions, nextPartition }) : null,
  };
}

/**
 * Endpoint GET /clusters/{id}/topics/{topic}/messages: a bounded page of records from one or every partition, read
 * with direct, sessionless Fetch requests to the partitions' leaders (no consumer group, nothing committed), within
 * `maxScan` records and a deadline.
 */
export async function browseMessages(
  client: KafkaClient,
  topic: string,
  query: BrowseMessagesQuery,
  deadlineMs = BROWSE_DEADLINE_MS,
): Promise<BrowseMessagesResponse> {
  const budget: ScanBudget = {
    left: Math.min(query.maxScan, BROWSE_LIMITS.maxScan.max),
    filter: query.filter === undefined ? undefined : Buffer.from(query.filter, "utf8"),
  };
  const deadline = Date.now() + deadlineMs;
  try {
    if (query.from === "end" && query.cursor === undefined)
      return await readNewest(client, topic, query, budget, deadline);
    return await readForward(client, topic, query, budget, deadline);
  } catch (error) {
    throw toKafkaAppError(error, `reading ${topic}`, { UNKNOWN_TOPIC_OR_PARTITION: "not_found" });
  }
}
