import { gunzipSync, gzipSync } from "node:zlib";
import { joinParts, KnownParts, type Part, type PartRef, referencedParts, wholeParts } from "../document-parts.js";
import type { ItemsPage } from "../repositories.js";
import { isDuplicateKey } from "./errors.js";
import type { Models } from "./models.js";

/**
 * zlib's output buffer: its default (16 KiB) allocates a buffer per 16 KiB of a 4 MB chunk, which dominated the time
 * of reading a million moves; level 1 compresses a plan's JSON about 12-fold at a fraction of the default's time.
 */
const ZLIB = { chunkSize: 1024 * 1024 };
const GZIP = { ...ZLIB, level: 1 };
/**
 * Parsed parts kept for later reads (the worker reads its operation every second), by their text's length: 256 M
 * characters hold the two parts of a million-move rebalance (about 210 M), some 800 MB of heap once parsed.
 */
const CACHE_CHARS = 256 * 1024 * 1024;
/** A part no operation references is deleted only this long after it was written (a writer may be about to). */
export const ORPHAN_GRACE_MS = 60 * 60_000;

interface ChunkDoc {
  _id: string;
  opId: string;
  part: string;
  n: number;
  of: number;
  data: Buffer | { buffer: Uint8Array };
  at: Date;
  /** An array part's chunk: the index of its first item and how many it holds (absent in chunks of text). */
  first?: number;
  count?: number;
  /** On chunk 0: the parts this part references, directly or further down. */
  nested?: string[];
}

const bytesOf = (data: ChunkDoc["data"]) => (data instanceof Uint8Array ? data : data.buffer);

/**
 * The parts of operation documents (see document-parts.ts) in the `operation_parts` collection: each part of each
 * operation as gzipped chunks, `_id` "<operation>:<part>:<n>". Chunks are written before the state that references
 * them, so no reader ever sees a state whose parts are missing: a writer that dies in between leaves only unreferenced
 * chunks, which `collectOrphans` deletes. Parts are immutable (named by their content), so parsed ones are cached.
 * An array part's chunks hold whole items (`first`, `count`): a page of them reads only its chunks (`page`).
 */
export class OperationParts {
  readonly known = new KnownParts();
  private readonly cache = new Map<string, { value: unknown; chars: number }>();
  private cachedChars = 0;

  constructor(private readonly models: Models) {}

  /**
   * Stores the parts that are not stored yet (a part whose chunks are all there is left as it is), and caches them:
   * the arrays and objects given become shared and frozen (the store's callers never change a document in place).
   */
  async store(opId: string, parts: Iterable<Part>): Promise<void> {
    for (const part of parts) {
      if (part.known) continue; // stored with the version it was read from
      const { chunks } = part;
      const stored = await this.models.operationParts.countDocuments({ opId, part: part.id });
      if (stored !== chunks.length) {
        const at = new Date();
        for (const [n, { text, first, count }] of chunks.entries()) {
          const doc = {
            _id: `${opId}:${part.id}:${n}`,
            opId,
            part: part.id,
            n,
            of: chunks.length,
            at,
            ...(first === undefined ? {} : { first, count }),
            ...(n === 0 ? { nested: part.nested } : {}),
          };
          try {
            await this.models.operationParts.collection.insertOne({ ...doc, data: gzipSync(text, GZIP) } as never);
          } catch (error) {
            if (!isDuplicateKey(error)) throw error; // the same content, written by an earlier try
          }
        }
      }
      this.known.remember(opId, part.value, part.id, part.nested, part.chunkItems);
      // The process that planned it reads it next (the answer, the confirm): from here, not 200 MB from the server.
      if (!this.cache.has(`${opId}:${part.id}`))
        this.remember(`${opId}:${part.id}`, Object.freeze(part.value), part.chars);
    }
  }

  /**
   * The parsed document of inline text `text` as a read with `parts: "refs"` answers it: array parts stay references
   * (`{"$kcpPart", "items"}`); objects stored apart are put back.
   */
  async light(opId: string, text: string): Promise<unknown> {
    const parsed: unknown = JSON.parse(text);
    const whole = wholeParts(text);
    if (whole.length === 0) return parsed;
    const values = new Map<string, unknown>();
    for (const id of whole) values.set(id, await this.load(opId, id));
    return joinParts(parsed, text, (ref) => (values.has(ref.$kcpPart) ? values.get(ref.$kcpPart) : ref));
  }

  /** The parts a referenced part references further down (a document written back with references keeps them). */
  async nestedOf(opId: string, id: string): Promise<string[]> {
    const cached = this.cache.get(`${opId}:${id}`)?.value;
    const known = cached && typeof cached === "object" ? this.known.get(opId, cached) : undefined;
    if (known) return known.nested;
    const [first] = await this.models.operationParts
      .find({ opId, part: id, n: 0 }, { nested: 1 })
      .lean<Pick<ChunkDoc, "nested">[]>();
    if (first?.nested) return first.nested;
    const value = await this.load(opId, id); // a part written before chunk 0 listed them
    return value && typeof value === "object" ? (this.known.get(opId, value)?.nested ?? []) : [];
  }

  /**
   * Items `offset`..`offset + limit - 1` of the array part `ref`, read from only the chunks that hold them (or from
   * the cache, when this process has the whole part), and how many items it has.
   */
  /** A page of a part whose chunks all hold `chunkItems` items: its chunks found by `_id`, nothing else read. */
  private async pageOf(opId: string, ref: PartRef, offset: number, limit: number): Promise<ItemsPage> {
    const total = ref.items as number;
    const per = ref.chunkItems as number;
    const end = Math.min(total, offset + Math.max(0, limit));
    const items: unknown[] = [];
    if (offset >= end) return { items, total };
    for (let n = Math.floor(offset / per); n * per < end; n++) {
      const chunk = await this.models.operationParts.collection.findOne({
        _id: `${opId}:${ref.$kcpPart}:${n}`,
      } as never);
      if (!chunk) throw new Error(`Operation ${opId}: chunk ${n} of part ${ref.$kcpPart} is missing`);
      const parsed = (await this.join(
        opId,
        gunzipSync(bytesOf((chunk as unknown as ChunkDoc).data), ZLIB).toString("utf8"),
      )) as unknown[];
      for (let i = Math.max(0, offset - n * per); i < Math.min(parsed.length, end - n * per); i++)
        items.push(parsed[i]);
    }
    return { items, total };
  }

  async page(opId: string, ref: PartRef, offset: number, limit: number): Promise<ItemsPage> {
    const id = ref.$kcpPart;
    const cached = this.cache.get(`${opId}:${id}`)?.value;
    if (Array.isArray(cached)) return { items: cached.slice(offset, offset + limit), total: cached.length };
    if (ref.items !== undefined && ref.chunkItems !== undefined) return this.pageOf(opId, ref, offset, limit);
    const index = await this.models.operationParts
      .find({ opId, part: id }, { n: 1, of: 1, first: 1, count: 1 })
      .sort({ n: 1 })
      .lean<Pick<ChunkDoc, "n" | "of" | "first" | "count">[]>();
    if (index.length === 0) throw new Error(`Operation ${opId}: part ${id} is missing`);
    if (index.some((chunk) => chunk.first === undefined || chunk.count === undefined)) {
      const whole = await this.load(opId, id); // chunks of text, written before items were counted
      const items = Array.isArray(whole) ? whole : [];
      return { items: items.slice(offset, offset + limit), total: items.length };
    }
    const last = index.at(-1) as ChunkDoc;
    const total = (last.first as number) + (last.count as number);
    const end = Math.min(total, offset + Math.max(0, limit));
    const wanted = index
      .filter((c) => (c.first as number) < end && (c.first as number) + (c.count as number) > offset)
      .map((c) => c.n);
    if (wanted.length === 0) return { items: [], total };
    const chunks = await this.models.operationParts
      .find({ opId, part: id, n: { $in: wanted } })
      .sort({ n: 1 })
      .lean<ChunkDoc[]>();
    const items: unknown[] = [];
    for (const chunk of chunks) {
      const text = gunzipSync(bytesOf(chunk.data), ZLIB).toString("utf8");
      const parsed = (await this.join(opId, text)) as unknown[];
      const from = Math.max(0, offset - (chunk.first as number));
      const to = Math.min(parsed.length, end - (chunk.first as number));
      for (let i = from; i < to; i++) items.push(parsed[i]);
    }
    return { items, total };
  }

  /** The parsed document of inline text `text`, with its parts put back (each read once, then from the cache). */
  async join(opId: string, text: string, written?: ReadonlyMap<string, Part>): Promise<unknown> {
    const parsed: unknown = JSON.parse(text);
    const ids = referencedParts(text);
    if (ids.length === 0) return parsed;
    const values = new Map<string, unknown>();
    for (const id of ids) values.set(id, written?.get(id)?.value ?? (await this.load(opId, id)));
    return joinParts(parsed, text, (ref) => values.get(ref.$kcpPart));
  }

  /**
   * Deletes the chunks of parts that the newest state of their operation does not reference, written more than
   * `graceMs` before `now`: those of a create or a change that died before its state was written, and those a later
   * version replaced. Returns how many parts were deleted.
   */
  async collectOrphans(now: Date, graceMs = ORPHAN_GRACE_MS): Promise<number> {
    const firsts = await this.models.operationParts
      .find({ n: 0, at: { $lt: new Date(now.getTime() - graceMs) } }, { opId: 1, part: 1 })
      .lean<{ opId: string; part: string }[]>();
    const byOp = new Map<string, string[]>();
    for (const { opId, part } of firsts) byOp.set(opId, [...(byOp.get(opId) ?? []), part]);
    let deleted = 0;
    for (const [opId, parts] of byOp) {
      const [latest] = await this.models.operationStates
        .find({ opId }, { parts: 1 })
        .sort({ version: -1 })
        .limit(1)
        .lean<{ parts?: string[] }[]>();
      const referenced = new Set(latest?.parts ?? []);
      for (const part of parts.filter((p) => !referenced.has(p))) {
        await this.models.operationParts.deleteMany({ opId, part });
        this.forget(opId, part);
        deleted++;
      }
    }
    return deleted;
  }

  private async load(opId: string, id: string): Promise<unknown> {
    const key = `${opId}:${id}`;
    const cached = this.cache.get(key);
    if (cached) {
      this.cache.delete(key); // most recently used last
      this.cache.set(key, cached);
      return cached.value;
    }
    const chunks = await this.models.operationParts.find({ opId, part: id }).sort({ n: 1 }).lean<ChunkDoc[]>();
    const of = chunks[0]?.of ?? 0;
    if (chunks.length === 0 || chunks.length !== of || chunks.some((c, n) => c.n !== n))
      throw new Error(`Operation ${opId}: part ${id} is incomplete (${chunks.length} of ${of} chunks)`);
    const texts = chunks.map((c) => gunzipSync(bytesOf(c.data), ZLIB).toString("utf8"));
    const byItems = chunks.every((c) => c.first !== undefined);
    const chunkItems = byItems ? (chunks[1]?.first ?? Math.max(1, chunks[0]?.count ?? 1)) : undefined;
    chunks.length = 0;
    let value: unknown;
    let text: string;
    if (byItems) {
      // An array's chunks: each a JSON array of whole items.
      const items: unknown[] = [];
      for (const chunkText of texts)
        for (const item of (await this.join(opId, chunkText)) as unknown[]) items.push(item);
      value = items;
      text = texts.join(",");
    } else {
      text = texts.join("");
      value = await this.join(opId, text);
    }
    texts.length = 0;
    // Shared by every later read: frozen, so that no caller changes what the next one reads.
    if (value && typeof value === "object") {
      Object.freeze(value);
      const nested = referencedParts(text).flatMap((child) => {
        const part = this.cache.get(`${opId}:${child}`)?.value;
        return [child, ...(part && typeof part === "object" ? (this.known.get(opId, part)?.nested ?? []) : [])];
      });
      this.known.remember(opId, value, id, [...new Set(nested)], chunkItems);
    }
    this.remember(key, value, text.length);
    return value;
  }

  private remember(key: string, value: unknown, chars: number): void {
    if (chars > CACHE_CHARS) return;
    this.cache.set(key, { value, chars });
    this.cachedChars += chars;
    for (const [oldest, entry] of this.cache) {
      if (this.cachedChars <= CACHE_CHARS) break;
      this.cache.delete(oldest);
      this.cachedChars -= entry.chars;
    }
  }

  private forget(opId: string, id: string): void {
    const key = `${opId}:${id}`;
    const entry = this.cache.get(key);
    if (!entry) return;
    this.cache.delete(key);
    this.cachedChars -= entry.chars;
  }
}
