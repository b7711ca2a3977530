import { gunzipSync, gzipSync } from "node:zlib";
import { joinParts, KnownParts, type Part, referencedParts } from "../document-parts.js";
import { isDuplicateKey } from "./errors.js";
import type { Models } from "./models.js";

/** Characters of a part's text per chunk: gzipped, a chunk stays far below the 16 MB document limit. */
export const CHUNK_CHARS = 4 * 1024 * 1024;
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
}

/** Cuts `text` into slices of at most `size` characters, never between the two halves of a surrogate pair. */
export function slices(text: string, size = CHUNK_CHARS): string[] {
  const out: string[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + size);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    out.push(text.slice(start, end));
    start = end;
  }
  return out.length > 0 ? out : [""];
}

const bytesOf = (data: ChunkDoc["data"]) => (data instanceof Uint8Array ? data : data.buffer);

/**
 * The parts of operation documents (see document-parts.ts) in the `operation_parts` collection: each part of each
 * operation as gzipped chunks, `_id` "<operation>:<part>:<n>". Chunks are written before the state that references
 * them, so no reader ever sees a state whose parts are missing: a writer that dies in between leaves only unreferenced
 * chunks, which `collectOrphans` deletes. Parts are immutable (named by their content), so parsed ones are cached.
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
      if (part.text === "") continue; // known: stored with the version it was read from
      const chunks = slices(part.text);
      const stored = await this.models.operationParts.countDocuments({ opId, part: part.id });
      if (stored !== chunks.length) {
        const at = new Date();
        for (const [n, text] of chunks.entries()) {
          const doc = { _id: `${opId}:${part.id}:${n}`, opId, part: part.id, n, of: chunks.length, at };
          try {
            await this.models.operationParts.collection.insertOne({ ...doc, data: gzipSync(text, GZIP) } as never);
          } catch (error) {
            if (!isDuplicateKey(error)) throw error; // the same content, written by an earlier try
          }
        }
      }
      this.known.remember(opId, part.value, part.id, part.nested);
      // The process that planned it reads it next (the answer, the confirm): from here, not 200 MB from the server.
      if (!this.cache.has(`${opId}:${part.id}`))
        this.remember(`${opId}:${part.id}`, Object.freeze(part.value), part.text.length);
    }
  }

  /** The parsed document of inline text `text`, with its parts put back (each read once, then from the cache). */
  async join(opId: string, text: string, written?: ReadonlyMap<string, Part>): Promise<unknown> {
    const parsed: unknown = JSON.parse(text);
    const ids = referencedParts(text);
    if (ids.length === 0) return parsed;
    const values = new Map<string, unknown>();
    for (const id of ids) values.set(id, written?.get(id)?.value ?? (await this.load(opId, id)));
    return joinParts(parsed, text, (id) => values.get(id));
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
    const text = chunks.map((c) => gunzipSync(bytesOf(c.data), ZLIB).toString("utf8")).join("");
    chunks.length = 0;
    const value = await this.join(opId, text);
    // Shared by every later read: frozen, so that no caller changes what the next one reads.
    if (value && typeof value === "object") {
      Object.freeze(value);
      const nested = referencedParts(text).flatMap((child) => {
        const part = this.cache.get(`${opId}:${child}`)?.value;
        return [child, ...(part && typeof part === "object" ? (this.known.get(opId, part)?.nested ?? []) : [])];
      });
      this.known.remember(opId, value, id, [...new Set(nested)]);
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
