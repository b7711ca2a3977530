import type { DatabaseSync } from "node:sqlite";
import {
  joinParts,
  KnownParts,
  type Part,
  type PartRef,
  referencedParts,
  resolveRefs,
  wholeParts,
} from "../document-parts.js";
import type { ItemsPage } from "../repositories.js";

/** How many parsed chunks `page` keeps (each up to CHUNK_CHARS of text). */
const PARSED_CHUNKS_KEPT = 4;

interface ChunkRow {
  n: number;
  first: number | null;
  count: number | null;
  text?: string;
}

/**
 * The parts of operation documents (document-parts.ts) in the `operation_parts` table: each part of each operation as
 * rows of chunks, written once with the write that first references them and deleted with the write that stops
 * referencing them (in its transaction). An array part's chunks hold whole items (`first`, `count`), so a page of
 * moves reads only its rows, and a document read with `parts: "refs"` reads none.
 */
export class EmbeddedOperationParts {
  readonly known = new KnownParts();
  /**
   * The last chunks a page parsed, by operation, part and chunk: a part's id names its content, so a chunk read again
   * is the same. Reading an operation shows the first items of each of its arrays, and a client polling a large plan
   * made each read parse a chunk of up to 1 MiB again. Items leave it as copies.
   */
  private readonly parsedChunks = new Map<string, unknown[]>();

  constructor(private readonly db: DatabaseSync) {}

  /** Inserts the parts not stored yet (inside the caller's transaction). */
  store(opId: string, parts: Iterable<Part>): void {
    const insert = this.db.prepare(
      `INSERT OR IGNORE INTO operation_parts (op_id, part, n, first, count, nested, text) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const part of parts) {
      if (part.known) continue;
      for (const [n, chunk] of part.chunks.entries())
        insert.run(
          opId,
          part.id,
          n,
          chunk.first ?? null,
          chunk.count ?? null,
          n === 0 ? JSON.stringify(part.nested) : null,
          chunk.text,
        );
    }
  }

  /** Remembers the parts of a write once it is committed: writing the same arrays again costs nothing. */
  remember(opId: string, parts: Iterable<Part>): void {
    for (const part of parts)
      this.known.remember(opId, Object.freeze(part.value), part.id, part.nested, part.chunkItems);
  }

  /** Deletes the parts of `opId` that `keep` does not list (inside the caller's transaction). */
  keepOnly(opId: string, keep: Iterable<string>): void {
    const ids = [...keep];
    this.db
      .prepare(`DELETE FROM operation_parts WHERE op_id = ? AND part NOT IN (SELECT value FROM json_each(?))`)
      .run(opId, JSON.stringify(ids));
  }

  /** Whether every one of `ids` is stored for `opId` (a concurrent write may have dropped one this write refers to). */
  allStored(opId: string, ids: string[]): boolean {
    if (ids.length === 0) return true;
    const row = this.db
      .prepare(
        "SELECT COUNT(*) AS stored FROM operation_parts WHERE op_id = ? AND n = 0 AND part IN (SELECT value FROM json_each(?))",
      )
      .get(opId, JSON.stringify(ids)) as { stored: number };
    return Number(row.stored) === new Set(ids).size;
  }

  /** The parts a referenced part references further down. */
  nestedOf(opId: string, id: string): string[] {
    const row = this.db
      .prepare("SELECT nested FROM operation_parts WHERE op_id = ? AND part = ? AND n = 0")
      .get(opId, id) as { nested: string | null } | undefined;
    return row?.nested ? (JSON.parse(row.nested) as string[]) : [];
  }

  /** The document of inline text `text`, its parts put back ("full") or its arrays left as references ("refs"). */
  document(opId: string, text: string, refs: boolean): unknown {
    const parsed: unknown = JSON.parse(text);
    const ids = refs ? wholeParts(text) : referencedParts(text);
    if (ids.length === 0) return parsed;
    const values = new Map(ids.map((id) => [id, this.load(opId, id)]));
    return joinParts(parsed, text, (ref) => (values.has(ref.$kcpPart) ? values.get(ref.$kcpPart) : ref));
  }

  /** Items `offset`..`offset + limit - 1` of array part `ref`, read from the rows that hold them, and its length. */
  page(opId: string, ref: PartRef, offset: number, limit: number): ItemsPage {
    const index = (
      ref.items !== undefined && ref.chunkItems !== undefined
        ? this.chunksOf(ref.items, ref.chunkItems)
        : this.db
            .prepare("SELECT n, first, count FROM operation_parts WHERE op_id = ? AND part = ? ORDER BY n")
            .all(opId, ref.$kcpPart)
    ) as ChunkRow[];
    if (index.length === 0) throw new Error(`Operation ${opId}: part ${ref.$kcpPart} is missing`);
    const last = index.at(-1) as ChunkRow;
    if (last.first === null || last.count === null)
      throw new Error(`Operation ${opId}: part ${ref.$kcpPart} is no array`);
    const total = last.first + last.count;
    const end = Math.min(total, offset + Math.max(0, limit));
    const items: unknown[] = [];
    for (const chunk of index) {
      const first = chunk.first as number;
      if (first >= end || first + (chunk.count as number) <= offset) continue;
      const parsed = this.chunk(opId, ref.$kcpPart, chunk.n);
      for (let i = Math.max(0, offset - first); i < Math.min(parsed.length, end - first); i++)
        items.push(structuredClone(parsed[i]));
    }
    return { items, total };
  }

  /** Chunk `n` of array part `id`, parsed with its references loaded (from the last chunks parsed when there). */
  private chunk(opId: string, id: string, n: number): unknown[] {
    const key = `${opId}/${id}/${n}`;
    let parsed = this.parsedChunks.get(key);
    if (parsed) this.parsedChunks.delete(key);
    else {
      const row = this.db
        .prepare("SELECT text FROM operation_parts WHERE op_id = ? AND part = ? AND n = ?")
        .get(opId, id, n) as { text: string } | undefined;
      if (!row) throw new Error(`Operation ${opId}: part ${id} is missing`);
      parsed = this.document(opId, row.text, false) as unknown[];
    }
    this.parsedChunks.set(key, parsed);
    for (const oldest of this.parsedChunks.keys()) {
      if (this.parsedChunks.size <= PARSED_CHUNKS_KEPT) break;
      this.parsedChunks.delete(oldest);
    }
    return parsed;
  }

  /** The chunks of an array of `items` stored `per` to a chunk. */
  private chunksOf(items: number, per: number): ChunkRow[] {
    const chunks: ChunkRow[] = [];
    for (let n = 0; n === 0 || n * per < items; n++)
      chunks.push({ n, first: n * per, count: Math.min(per, items - n * per) });
    return chunks;
  }

  /** A copy of `value` with its references loaded. */
  resolve<T>(opId: string, value: T): Promise<T> {
    return resolveRefs(value, async (ref) => this.load(opId, ref.$kcpPart));
  }

  /** A whole part, parsed, its own parts put back. */
  private load(opId: string, id: string): unknown {
    const rows = this.db
      .prepare("SELECT n, first, count, text FROM operation_parts WHERE op_id = ? AND part = ? ORDER BY n")
      .all(opId, id) as unknown as ChunkRow[];
    if (rows.length === 0) throw new Error(`Operation ${opId}: part ${id} is missing`);
    let value: unknown;
    if (rows.every((row) => row.first !== null)) {
      const items: unknown[] = [];
      for (const row of rows)
        for (const item of this.document(opId, row.text as string, false) as unknown[]) items.push(item);
      value = items;
    } else value = this.document(opId, rows.map((row) => row.text).join(""), false);
    if (value && typeof value === "object") {
      const nested = this.nestedOf(opId, id);
      const chunkItems = rows.every((row) => row.first !== null)
        ? (rows[1]?.first ?? Math.max(1, rows[0]?.count ?? 1))
        : undefined;
      this.known.remember(opId, Object.freeze(value), id, nested, chunkItems ?? undefined);
    }
    return value;
  }
}
