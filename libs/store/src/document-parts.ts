import { createHash } from "node:crypto";

/**
 * Operation documents of any size. A rebalance of a million replicas carries its moves twice (the
 * plan's and its reassign step's) — far above MongoDB's 16 MB document limit, and far too much to rewrite at each of
 * the worker's per-step progress writes. So the arrays and objects of a document whose JSON is larger than
 * `PART_MIN_CHARS` are stored apart as **parts**: JSON text addressed by its content (a SHA-256), which the document
 * references in their place as `{"$kcpPart": "<id>"}`. Bottom-up: the moves become a part, the plan around them
 * stays inline. A part is immutable, so a later version of the document that still holds the same array refers to the
 * same part, and a write whose arrays came from a read (`known`) does not serialize them again.
 *
 * A part that is an array is cut into chunks of the same number of whole items (each chunk a JSON array of about
 * `CHUNK_CHARS` characters), and its reference says how many items it has and how many a chunk holds:
 * `{"$kcpPart": "<id>", "items": N, "chunkItems": K}` — item i is in chunk ⌊i / K⌋. So a read may leave the parts
 * out (`parts: "refs"`: the document as stored, each part's reference in its place, what status, steps and progress
 * need), read a page of a part's items from only the chunks that hold them, and write the document back with its
 * references: the parts stay as they are.
 */
export const PART_MIN_CHARS = 128 * 1024;
export const PART_KEY = "$kcpPart";
/** Characters of an array part's items per chunk (about 8,000 moves): a page of moves reads one or two chunks. */
export const CHUNK_CHARS = 1024 * 1024;

/** What stands in a document for a part stored apart (in a document read with `parts: "refs"`). */
export interface PartRef {
  $kcpPart: string;
  /** How many items the array has (absent for an object). */
  items?: number;
  /** Items per chunk: item i is in chunk ⌊i / chunkItems⌋. */
  chunkItems?: number;
}

/** One chunk of a part: a JSON array of items `first`..`first + count - 1` of an array part, or a slice of text. */
export interface PartChunk {
  text: string;
  first?: number;
  count?: number;
}

export interface Part {
  id: string;
  /** Its chunks; none for a part already stored (`known`). */
  chunks: PartChunk[];
  /** The characters of its JSON text. */
  chars: number;
  /** The array or object it was made of (the caller's own). */
  value: object;
  /** The parts its text references, directly or further down. */
  nested: string[];
  /** Items of an array part, and per chunk. */
  items?: number;
  chunkItems?: number;
  /** Stored already: written again only as its reference. */
  known: boolean;
}

export interface SplitDocument {
  /** The document's JSON text with its parts referenced. */
  inline: string;
  /** Every part the document references and whose value is at hand, the known ones and the new ones. */
  parts: Map<string, Part>;
  /** The ids of every part the document references, directly or further down (except below `refs`). */
  ids: string[];
  /** The parts the document held as references (`PartRef`, from a read with `parts: "refs"`): the store adds the
   * parts they reference further down to `ids`. */
  refs: string[];
}

/** Containers already stored as a part of an operation: a write of them again needs neither their text nor a hash. */
export class KnownParts {
  private readonly ids = new WeakMap<object, { owner: string; id: string; nested: string[]; chunkItems?: number }>();

  remember(owner: string, value: object, id: string, nested: string[], chunkItems?: number): void {
    this.ids.set(value, { owner, id, nested, ...(chunkItems === undefined ? {} : { chunkItems }) });
  }

  get(owner: string, value: object): { id: string; nested: string[]; chunkItems?: number } | undefined {
    const known = this.ids.get(value);
    return known?.owner === owner ? known : undefined;
  }
}

export const partId = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);

const refText = (id: string, items?: number, chunkItems?: number) =>
  items === undefined
    ? `{"${PART_KEY}":"${id}"}`
    : chunkItems === undefined
      ? `{"${PART_KEY}":"${id}","items":${items}}`
      : `{"${PART_KEY}":"${id}","items":${items},"chunkItems":${chunkItems}}`;
const isContainer = (value: unknown): value is object => typeof value === "object" && value !== null;

/** The reference a value is, if it is one (`{"$kcpPart": id}`, with `items` and `chunkItems` or not). */
export function partRef(value: unknown): PartRef | undefined {
  if (!isContainer(value) || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const id = record[PART_KEY];
  if (typeof id !== "string") return undefined;
  const keys = Object.keys(record).length;
  if (keys === 1) return { $kcpPart: id };
  if (typeof record.items !== "number") return undefined;
  if (keys === 2) return { $kcpPart: id, items: record.items };
  return keys === 3 && typeof record.chunkItems === "number"
    ? { $kcpPart: id, items: record.items, chunkItems: record.chunkItems }
    : undefined;
}

export const isPartRef = (value: unknown): value is PartRef => partRef(value) !== undefined;

/** A container none of whose children holds a container deeper than an array of scalars (a move, say). */
function isFlat(value: object): boolean {
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    if (!isContainer(child)) continue;
    if (!Array.isArray(child) || child.some(isContainer)) return false;
  }
  return true;
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

/**
 * The chunks of an array's item texts, each a JSON array of `chunkItems` whole items (the last one fewer): as many as
 * make about `size` characters on average, fewer where some items are long (no chunk above 4 × `size`). And the id of
 * the array's whole text.
 */
export function itemChunks(
  items: string[],
  size = CHUNK_CHARS,
): { id: string; chunks: PartChunk[]; chars: number; chunkItems: number } {
  let chars = 1;
  for (const item of items) chars += item.length + 1;
  const windowChars = (per: number) => {
    let widest = 0;
    for (let first = 0; first < items.length; first += per) {
      let length = 0;
      for (let i = first; i < Math.min(items.length, first + per); i++) length += (items[i] as string).length + 1;
      widest = Math.max(widest, length);
    }
    return widest;
  };
  let chunkItems = Math.max(1, Math.floor((size * items.length) / chars));
  while (chunkItems > 1 && windowChars(chunkItems) > 4 * size) chunkItems = Math.ceil(chunkItems / 2);
  const hash = createHash("sha256").update("[");
  const chunks: PartChunk[] = [];
  for (let first = 0; first < items.length; first += chunkItems) {
    const inner = items.slice(first, first + chunkItems).join(",");
    hash.update(first === 0 ? inner : `,${inner}`);
    chunks.push({ text: `[${inner}]`, first, count: Math.min(chunkItems, items.length - first) });
  }
  if (chunks.length === 0) chunks.push({ text: "[]", first: 0, count: 0 });
  hash.update("]");
  return { id: hash.digest("hex").slice(0, 32), chunks, chars: Math.max(2, chars), chunkItems };
}

/**
 * Splits `document` of operation `owner` into its inline text and its parts. The JSON is JSON.stringify's (toJSON,
 * undefined and functions as it treats them). References (`PartRef`) in the document stay as they are.
 */
export function splitDocument(
  owner: string,
  document: object,
  known: KnownParts,
  minChars = PART_MIN_CHARS,
  chunkChars = CHUNK_CHARS,
): SplitDocument {
  const parts = new Map<string, Part>();
  const refs = new Set<string>();
  const nestedOf = (texts: string[]) => [
    ...new Set(texts.flatMap((text) => referencedParts(text)).flatMap((id) => [id, ...(parts.get(id)?.nested ?? [])])),
  ];
  const write = (value: unknown, root: boolean): string | undefined => {
    if (isContainer(value) && typeof (value as { toJSON?: unknown }).toJSON === "function")
      return write((value as { toJSON: () => unknown }).toJSON(), root);
    if (!isContainer(value)) return JSON.stringify(value);
    const ref = root ? undefined : partRef(value);
    if (ref !== undefined) {
      refs.add(ref.$kcpPart);
      return refText(ref.$kcpPart, ref.items, ref.chunkItems);
    }
    const knownPart = root ? undefined : known.get(owner, value);
    if (knownPart !== undefined) {
      const { id, nested, chunkItems } = knownPart;
      const items = Array.isArray(value) ? value.length : undefined;
      if (!parts.has(id)) parts.set(id, { id, chunks: [], chars: 0, value, nested, items, chunkItems, known: true });
      return refText(id, items, chunkItems);
    }
    if (Array.isArray(value)) {
      const items: string[] = new Array(value.length);
      const flat = isFlat(value);
      let chars = 1;
      for (let i = 0; i < value.length; i++) {
        items[i] = (flat ? JSON.stringify(value[i]) : write(value[i], false)) ?? "null";
        chars += (items[i] as string).length + 1;
      }
      if (root || chars <= minChars) return `[${items.join(",")}]`;
      const { id, chunks, chars: total, chunkItems } = itemChunks(items, chunkChars);
      if (!parts.has(id))
        parts.set(id, {
          id,
          chunks,
          chars: total,
          value,
          nested: nestedOf(flat ? [] : items),
          items: value.length,
          chunkItems,
          known: false,
        });
      return refText(id, value.length, chunkItems);
    }
    let text: string;
    if (isFlat(value)) text = JSON.stringify(value);
    else {
      const fields: string[] = [];
      for (const [key, child] of Object.entries(value)) {
        const childText = write(child, false);
        if (childText !== undefined) fields.push(`${JSON.stringify(key)}:${childText}`);
      }
      text = `{${fields.join(",")}}`;
    }
    if (root || text.length <= minChars) return text;
    const id = partId(text);
    if (!parts.has(id))
      parts.set(id, {
        id,
        chunks: slices(text, chunkChars).map((slice) => ({ text: slice })),
        chars: text.length,
        value,
        nested: nestedOf([text]),
        known: false,
      });
    return refText(id);
  };
  const inline = write(document, true) ?? "null";
  const ids = new Set([...parts.values()].flatMap((part) => [part.id, ...part.nested]));
  for (const id of refs) ids.add(id);
  return { inline, parts, ids: [...ids], refs: [...refs] } satisfies SplitDocument;
}

/**
 * The ids of the parts that a read with `parts: "refs"` puts back all the same: objects (and arrays whose reference
 * was written before items were counted). Arrays with `items` stay references.
 */
export function wholeParts(text: string): string[] {
  if (!text.includes(PART_KEY)) return [];
  const pattern = new RegExp(`\\{"\\${PART_KEY}":"([0-9a-f]+)"\\}`, "g");
  return [...text.matchAll(pattern)].map((match) => match[1] as string);
}

/** The ids of the parts `text` references directly. */
export function referencedParts(text: string): string[] {
  const ids: string[] = [];
  if (!text.includes(PART_KEY)) return ids;
  const pattern = new RegExp(`\\{"\\${PART_KEY}":"([0-9a-f]+)"(?:,"items":\\d+(?:,"chunkItems":\\d+)?)?\\}`, "g");
  for (const match of text.matchAll(pattern)) ids.push(match[1] as string);
  return ids;
}

/**
 * Puts each part back in place of its reference in a parsed text (in place). Parts are resolved by `resolve`, which
 * answers them parsed and joined already. Only texts that reference parts are walked.
 */
export function joinParts(parsed: unknown, text: string, resolve: (ref: PartRef) => unknown): unknown {
  if (!text.includes(PART_KEY)) return parsed;
  const walk = (value: unknown): unknown => {
    const ref = partRef(value);
    if (ref !== undefined) return resolve(ref);
    if (!isContainer(value)) return value;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = walk(value[i]);
    } else {
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) record[key] = walk(record[key]);
    }
    return value;
  };
  return walk(parsed);
}

/** A copy of `value` with each reference in it replaced by what `load` gives for it (the containers on the way new). */
export async function resolveRefs<T>(value: T, load: (ref: PartRef) => Promise<unknown>): Promise<T> {
  const walk = async (item: unknown): Promise<unknown> => {
    const ref = partRef(item);
    if (ref !== undefined) return load(ref);
    if (!isContainer(item) || !hasRef(item)) return item;
    if (Array.isArray(item)) return Promise.all(item.map(walk));
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(item)) out[key] = await walk(child);
    return out;
  };
  return (await walk(value)) as T;
}

/** Whether a reference is somewhere in `value` (a document from a read with `parts: "refs"` is small). */
function hasRef(value: object): boolean {
  if (partRef(value) !== undefined) return true;
  for (const child of Array.isArray(value) ? value : Object.values(value))
    if (isContainer(child) && hasRef(child)) return true;
  return false;
}
