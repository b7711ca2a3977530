import type { BrowsedMessage } from "@kcp/shared";
import { headerKeyText, omitted, showData, shownBytes } from "./decode.js";
import type { ReadRecord } from "./read-partitions.js";

/** A record as shown, with what it adds to the page. `whole: false` shows the fields' sizes only. */
export function shownMessage(record: ReadRecord, whole = true): { message: BrowsedMessage; bytes: number } {
  const show = (bytes: Buffer | null) => (bytes === null ? null : whole ? showData(bytes) : omitted(bytes));
  const key = show(record.key);
  const value = show(record.value);
  const headers = record.headers.map(([k, v]) => ({ key: headerKeyText(k), value: show(v) }));
  const bytes =
    shownBytes(key) +
    shownBytes(value) +
    headers.reduce((sum, h) => sum + Buffer.byteLength(h.key, "utf8") + shownBytes(h.value), 0);
  const message: BrowsedMessage = {
    partition: record.partition,
    offset: record.offset,
    timestamp: new Date(Math.max(0, record.timestamp)).toISOString(),
    key,
    value,
    headers,
  };
  return { message, bytes };
}

/** Oldest first: by timestamp, then partition and offset. */
export const byTime = (a: ReadRecord, b: ReadRecord) =>
  a.timestamp - b.timestamp || a.partition - b.partition || a.offset - b.offset;

export interface Page {
  messages: BrowsedMessage[];
  /** The records shown, as `partition:offset`. */
  shown: Set<string>;
  /** Why the page holds fewer records than were matched; undefined when it holds them all. */
  cut: "limit" | "bytes" | undefined;
}

export const recordKey = (r: { partition: number; offset: number }) => `${r.partition}:${r.offset}`;

/**
 * Pure: the page of the matched records, given per partition in offset order — the oldest `limit` (the newest with
 * `newest`), shown oldest first, while their shown bytes fit in `maxBytes`. Records are taken by timestamp across
 * partitions but always in offset order within one (a merge of the partitions' lists): a page holds a prefix of each
 * partition's records (a suffix from the end), so the cursor that resumes after them skips and repeats nothing even
 * where a producer's timestamps go backwards. A first record larger than the cap on its own is shown with its fields
 * omitted (sizes only), so that a page never comes back empty while records are left.
 */
export function buildPage(partitions: ReadRecord[][], limit: number, maxBytes: number, newest: boolean): Page {
  const lists = partitions.filter((list) => list.length > 0);
  const heads = lists.map((list) => (newest ? list.length - 1 : 0));
  const next = (): ReadRecord | undefined => {
    let best = -1;
    let bestRecord: ReadRecord | undefined;
    lists.forEach((list, i) => {
      const record = list[heads[i] as number];
      if (!record) return;
      if (!bestRecord || (newest ? byTime(record, bestRecord) > 0 : byTime(record, bestRecord) < 0)) {
        best = i;
        bestRecord = record;
      }
    });
    if (bestRecord) heads[best] = (heads[best] as number) + (newest ? -1 : 1);
    return bestRecord;
  };
  const messages: BrowsedMessage[] = [];
  const shown = new Set<string>();
  let used = 0;
  let cut: Page["cut"];
  for (let record = next(); record; record = next()) {
    if (messages.length === limit) {
      cut = "limit";
      break;
    }
    let { message, bytes } = shownMessage(record);
    if (used + bytes > maxBytes) {
      cut = "bytes";
      if (messages.length > 0) break;
      ({ message, bytes } = shownMessage(record, false));
    }
    messages.push(message);
    shown.add(recordKey(record));
    used += bytes;
    if (cut) break;
  }
  if (newest) messages.reverse();
  return { messages, shown, cut };
}
