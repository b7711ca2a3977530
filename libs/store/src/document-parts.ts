import { createHash } from "node:crypto";

/**
 * Operation documents of any size (issue 19 item 9). A rebalance of a million replicas carries its moves twice (the
 * plan's and its reassign step's) — far above MongoDB's 16 MB document limit, and far too much to rewrite at each of
 * the worker's per-step progress writes. So the arrays and objects of a document whose JSON is larger than
 * `PART_MIN_CHARS` are stored apart as **parts**: JSON text addressed by its content (a SHA-256), which the document
 * references in their place as `{"$kcpPart": "<id>"}`. Bottom-up: the moves become a part, the plan around them
 * stays inline. A part is immutable, so a later version of the document that still holds the same array refers to the
 * same part, and a write whose arrays came from a read (`known`) does not serialize them again.
 */
export const PART_MIN_CHARS = 128 * 1024;
export const PART_KEY = "$kcpPart";

export interface Part {
  id: string;
  text: string;
  /** The array or object it was made of (the caller's own). */
  value: object;
  /** The parts its text references, directly or further down. */
  nested: string[];
}

export interface SplitDocument {
  /** The document's JSON text with its parts referenced. */
  inline: string;
  /** Every part the document references, the known ones (`text` empty) and the new ones. */
  parts: Map<string, Part>;
  /** The ids of every part the document references, directly or further down. */
  ids: string[];
}

/** Containers already stored as a part of an operation: a write of them again needs neither their text nor a hash. */
export class KnownParts {
  private readonly ids = new WeakMap<object, { owner: string; id: string; nested: string[] }>();

  remember(owner: string, value: object, id: string, nested: string[]): void {
    this.ids.set(value, { owner, id, nested });
  }

  get(owner: string, value: object): { id: string; nested: string[] } | undefined {
    const known = this.ids.get(value);
    return known?.owner === owner ? known : undefined;
  }
}

export const partId = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);

const refText = (id: string) => `{"${PART_KEY}":"${id}"}`;
const isContainer = (value: unknown): value is object => typeof value === "object" && value !== null;

/** A container none of whose children holds a container deeper than an array of scalars (a move, say). */
function isFlat(value: object): boolean {
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    if (!isContainer(child)) continue;
    if (!Array.isArray(child) || child.some(isContainer)) return false;
  }
  return true;
}

/**
 * Splits `document` of operation `owner` into its inline text and its parts. The JSON is JSON.stringify's (toJSON,
 * undefined and functions as it treats them).
 */
export function splitDocument(
  owner: string,
  document: object,
  known: KnownParts,
  minChars = PART_MIN_CHARS,
): SplitDocument {
  const parts = new Map<string, Part>();
  const nestedOf = (text: string) => [
    ...new Set(referencedParts(text).flatMap((id) => [id, ...(parts.get(id)?.nested ?? [])])),
  ];
  const asPart = (value: object, text: string, id = partId(text)) => {
    if (!parts.has(id)) parts.set(id, { id, text, value, nested: nestedOf(text) });
    return refText(id);
  };
  const write = (value: unknown, root: boolean): string | undefined => {
    if (isContainer(value) && typeof (value as { toJSON?: unknown }).toJSON === "function")
      return write((value as { toJSON: () => unknown }).toJSON(), root);
    if (!isContainer(value)) return JSON.stringify(value);
    const knownPart = root ? undefined : known.get(owner, value);
    if (knownPart !== undefined) {
      const { id, nested } = knownPart;
      if (!parts.has(id)) parts.set(id, { id, text: "", value, nested });
      return refText(id);
    }
    let text: string;
    if (isFlat(value)) text = JSON.stringify(value);
    else if (Array.isArray(value)) {
      const items: string[] = new Array(value.length);
      for (let i = 0; i < value.length; i++) items[i] = write(value[i], false) ?? "null";
      text = `[${items.join(",")}]`;
    } else {
      const fields: string[] = [];
      for (const [key, child] of Object.entries(value)) {
        const childText = write(child, false);
        if (childText !== undefined) fields.push(`${JSON.stringify(key)}:${childText}`);
      }
      text = `{${fields.join(",")}}`;
    }
    return !root && text.length > minChars ? asPart(value, text) : text;
  };
  const inline = write(document, true) ?? "null";
  const ids = new Set([...parts.values()].flatMap((part) => [part.id, ...part.nested]));
  return { inline, parts, ids: [...ids] } satisfies SplitDocument;
}

/** The ids of the parts `text` references directly. */
export function referencedParts(text: string): string[] {
  const ids: string[] = [];
  const pattern = new RegExp(`\\{"\\${PART_KEY}":"([0-9a-f]+)"\\}`, "g");
  for (const match of text.matchAll(pattern)) ids.push(match[1] as string);
  return ids;
}

const partRef = (value: unknown): string | undefined => {
  if (!isContainer(value) || Array.isArray(value)) return undefined;
  const id = (value as Record<string, unknown>)[PART_KEY];
  return typeof id === "string" && Object.keys(value).length === 1 ? id : undefined;
};

/**
 * Puts each part back in place of its reference in a parsed text (in place). Parts are resolved by `resolve`, which
 * answers them parsed and joined already. Only texts that reference parts are walked.
 */
export function joinParts(parsed: unknown, text: string, resolve: (id: string) => unknown): unknown {
  if (!text.includes(PART_KEY)) return parsed;
  const walk = (value: unknown): unknown => {
    const id = partRef(value);
    if (id !== undefined) return resolve(id);
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
