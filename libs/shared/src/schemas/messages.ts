import { z } from "zod";
import { Int32Schema, Int64Schema } from "./common.js";
import { BROWSE_STARTS } from "./lists.js";

/** Bounds of a browse page (GET /clusters/{id}/topics/{topic}/messages): a default and a maximum each. */
export const BROWSE_LIMITS = {
  limit: { default: 50, max: 500 },
  maxBytes: { default: 1024 * 1024, max: 4 * 1024 * 1024 },
  maxScan: { default: 10_000, max: 100_000 },
  filterChars: 256,
  /** The answer lists the first this many partitions read (a filter's scan may cross all 10,000). */
  partitionsListed: 1000,
  /**
   * A cursor's length: it names at most 100 partitions (about 1.5 KB), and with the longest filter the request line
   * stays well inside Node's 16 KiB header limit (beyond it Node answers 431 before any route runs).
   */
  cursorChars: 8192,
} as const;

/** A query integer: an empty value is refused rather than read as 0 (`Number("")` is 0). */
const queryInt = (min: number, max: number) =>
  z.preprocess((value) => (value === "" ? Number.NaN : value), z.coerce.number<unknown>().int().min(min).max(max));

/** The latest instant a JavaScript date holds (±100,000,000 days from 1970), in Unix milliseconds. */
const LATEST_DATE_MS = 8_640_000_000_000_000;

/**
 * Unix milliseconds or an ISO 8601 date-time with an offset: the instant a timestamp start reads from. Milliseconds
 * beyond the latest date are refused (they name no instant; the audit entry writes the instant as a date).
 */
const TimestampQuerySchema = z
  .union([
    z
      .string()
      .regex(/^\d{1,16}$/)
      .refine((text) => Number(text) <= LATEST_DATE_MS, { message: "is after the latest date (8.64e15 ms)" }),
    z.iso.datetime({ offset: true }),
  ])
  .transform((text) => (/^\d+$/.test(text) ? Number(text) : Date.parse(text)))
  .describe("from=timestamp: Unix milliseconds or an ISO 8601 date-time (e.g. 2026-11-23T10:00:00Z)");

/**
 * Query of the browse endpoint. A `cursor` (from a previous page) replaces `from`/`offset`/`timestamp`/`partition`:
 * it holds where each partition's read stopped.
 */
export const BrowseMessagesQuerySchema = z
  .strictObject({
    partition: queryInt(0, 2147483647).optional().describe("One partition; absent = every partition of the topic"),
    from: z
      .enum(BROWSE_STARTS)
      .default("end")
      .describe(
        "Where to start: beginning (log start), end (the newest `limit` messages), offset (needs `offset`), " +
          "timestamp (needs `timestamp`; the first message at or after it)",
      ),
    offset: queryInt(0, Number.MAX_SAFE_INTEGER)
      .optional()
      .describe("from=offset: the first offset to read (with every partition: in each of them, clamped into its log)"),
    timestamp: TimestampQuerySchema.optional(),
    limit: queryInt(1, BROWSE_LIMITS.limit.max)
      .default(BROWSE_LIMITS.limit.default)
      .describe(`How many messages to return (1-${BROWSE_LIMITS.limit.max}, default ${BROWSE_LIMITS.limit.default})`),
    maxBytes: queryInt(1024, BROWSE_LIMITS.maxBytes.max)
      .default(BROWSE_LIMITS.maxBytes.default)
      .describe("Cap on the shown keys, values and headers of the page, in bytes (default 1 MiB, at most 4 MiB)"),
    filter: z
      .string()
      .min(1)
      .max(BROWSE_LIMITS.filterChars)
      .optional()
      .describe("Only messages whose key or value contains this (UTF-8 bytes, case-sensitive)"),
    maxScan: queryInt(1, BROWSE_LIMITS.maxScan.max)
      .default(BROWSE_LIMITS.maxScan.default)
      .describe("The most messages read to fill the page (default 10,000, at most 100,000): bounds a filter's scan"),
    cursor: z
      .string()
      .min(1)
      .max(BROWSE_LIMITS.cursorChars)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional()
      .describe("`cursor` of a previous page: continue where it stopped"),
  })
  .refine((q) => q.cursor !== undefined || q.from !== "offset" || q.offset !== undefined, {
    path: ["offset"],
    message: "is required when from=offset",
  })
  .refine((q) => q.cursor !== undefined || q.from !== "timestamp" || q.timestamp !== undefined, {
    path: ["timestamp"],
    message: "is required when from=timestamp",
  });
export type BrowseMessagesQuery = z.infer<typeof BrowseMessagesQuerySchema>;

/**
 * A key, value or header value as shown: `text` (valid UTF-8; `data` is the string), `json` (valid UTF-8 that parses
 * as JSON; `data` is the parsed value), `base64` (anything else; `data` is standard base64), or `omitted` (the
 * message alone is larger than the page's byte cap; `data` is null). `bytes` is the raw size.
 */
export const ShownDataSchema = z.object({
  encoding: z.enum(["text", "json", "base64", "omitted"]),
  data: z.unknown(),
  bytes: Int32Schema.min(0),
});
export type ShownData = z.infer<typeof ShownDataSchema>;

export const BrowsedMessageSchema = z.object({
  partition: Int32Schema,
  offset: Int64Schema,
  timestamp: z.string().describe("ISO 8601 (the record's timestamp: create or log-append time per the topic)"),
  key: ShownDataSchema.nullable(),
  value: ShownDataSchema.nullable().describe("null: a tombstone"),
  headers: z.array(z.object({ key: z.string(), value: ShownDataSchema.nullable() })),
});
export type BrowsedMessage = z.infer<typeof BrowsedMessageSchema>;

/** How far the read went in one partition: offsets [from, to) were scanned. */
export const BrowsedPartitionSchema = z.object({
  partition: Int32Schema,
  logStartOffset: Int64Schema,
  highWatermark: Int64Schema.describe("The log end readers see, when the read started"),
  from: Int64Schema.describe("The first offset read"),
  to: Int64Schema.describe("The offset after the last one read (= highWatermark: read to the end)"),
  scanned: Int32Schema.min(0).describe("Messages read in [from, to), matching the filter or not"),
});
export type BrowsedPartition = z.infer<typeof BrowsedPartitionSchema>;

export const BROWSE_STOPS = ["end", "limit", "bytes", "scan", "deadline"] as const;

export const BrowseMessagesResponseSchema = z.object({
  topic: z.string(),
  messages: z
    .array(BrowsedMessageSchema)
    .describe(
      "Oldest first (by timestamp, then partition and offset; each partition's in offset order); from=end: the newest",
    ),
  scanned: Int32Schema.min(0).describe("Messages read to make this page: the sum of the partitions' `scanned`"),
  stoppedBy: z
    .enum(BROWSE_STOPS)
    .describe(
      "end: every partition read to its end; limit: the page is full; bytes: the byte cap; scan: maxScan messages " +
        "read; deadline: the read took too long",
    ),
  partitions: z
    .array(BrowsedPartitionSchema)
    .describe(
      `The partitions this page read, by id (a page resumes each at its \`to\`): the first ${BROWSE_LIMITS.partitionsListed}`,
    ),
  partitionsRead: Int32Schema.min(0).describe("How many partitions this page read (all of them, listed or not)"),
  unavailablePartitions: z
    .array(Int32Schema)
    .describe(
      "Partitions that could not be read (no leader, or ListOffsets refused twice): their messages are not in the " +
        `page nor behind the cursor (the first ${BROWSE_LIMITS.partitionsListed}); usually empty`,
    ),
  cursor: z
    .string()
    .nullable()
    .describe("Pass as `cursor` (with the same filter) to continue after this page; null: nothing left to read"),
});
export type BrowseMessagesResponse = z.infer<typeof BrowseMessagesResponseSchema>;
