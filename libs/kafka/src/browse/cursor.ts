import { AppError, type BrowseMessagesQuery } from "@kcp/shared";

/** Where a page started: the query's start position, kept in the cursor so that the next page reads the same way. */
export interface BrowseStart {
  from: "beginning" | "offset" | "timestamp";
  offset?: number;
  timestamp?: number;
  partition?: number;
}

/**
 * What a cursor holds: the start, the positions of the partitions whose read is under way, and the first partition id
 * not reached yet (partitions below it and not in `positions` were read to their end). Partitions are read in id
 * order, a bounded number at a time, so a cursor stays small at 10,000 partitions.
 */
export interface BrowseCursor {
  topic: string;
  start: BrowseStart;
  positions: Map<number, number>;
  nextPartition: number;
}

interface Encoded {
  v: 1;
  t: string;
  s: BrowseStart;
  n: number;
  p: number[];
}

export function encodeCursor(cursor: BrowseCursor): string {
  const p = [...cursor.positions].sort((a, b) => a[0] - b[0]).flat();
  const encoded: Encoded = { v: 1, t: cursor.topic, s: cursor.start, n: cursor.nextPartition, p };
  return Buffer.from(JSON.stringify(encoded), "utf8").toString("base64url");
}

const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

function validStart(start: unknown): start is BrowseStart {
  if (typeof start !== "object" || start === null) return false;
  const s = start as Record<string, unknown>;
  if (!["beginning", "offset", "timestamp"].includes(s.from as string)) return false;
  return ["offset", "timestamp", "partition"].every((k) => s[k] === undefined || isCount(s[k]));
}

/** A cursor of this topic, or 400 when it is not one this service made (or was made for another topic). */
export function decodeCursor(text: string, topic: string): BrowseCursor {
  const refuse = (why: string) => new AppError("validation_failed", `cursor: ${why}`);
  let decoded: Partial<Encoded>;
  try {
    decoded = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as Partial<Encoded>;
  } catch {
    throw refuse("not a cursor of this API");
  }
  if (decoded?.v !== 1 || !validStart(decoded.s) || !isCount(decoded.n) || !Array.isArray(decoded.p))
    throw refuse("not a cursor of this API");
  if (decoded.t !== topic) throw refuse("made for another topic");
  if (decoded.p.length % 2 !== 0 || !decoded.p.every(isCount)) throw refuse("not a cursor of this API");
  const positions = new Map<number, number>();
  for (let i = 0; i < decoded.p.length; i += 2) positions.set(decoded.p[i] as number, decoded.p[i + 1] as number);
  return { topic, start: decoded.s, positions, nextPartition: decoded.n };
}

/** The start position a query asks for (from=end is planned differently: it has no cursor). */
export function startOf(query: BrowseMessagesQuery): BrowseStart {
  return {
    from: query.from === "end" ? "beginning" : query.from,
    ...(query.offset === undefined ? {} : { offset: query.offset }),
    ...(query.timestamp === undefined ? {} : { timestamp: query.timestamp }),
    ...(query.partition === undefined ? {} : { partition: query.partition }),
  };
}
