import { type Document, isAlias, isCollection, isPair, LineCounter, type Node, parseAllDocuments, visit } from "yaml";
import { Refused } from "./exit-codes.js";

/**
 * How far aliases (`*name`) may expand a file: the `yaml` package's own measure (each use of an anchor times the
 * aliases nested in it), at its default bound. An alias bomb (aliases of aliases, a few lines that expand to billions
 * of nodes) is refused at the bound instead of filling the memory.
 */
export const MAX_ALIAS_COUNT = 100;

/** Pure: "FILE, document N, line L" (the line 1-based; the document 0-based, as the service's refusals name it). */
const where = (file: string, index: number, line?: number) =>
  `${file}, document ${index}${line === undefined ? "" : `, line ${line}`}`;

/**
 * Pure: the line of the alias at which the expansion passes MAX_ALIAS_COUNT, measured as `yaml` measures it (each
 * anchor's uses times the largest such product among the aliases inside it); the first alias when none does.
 */
function aliasBombLine(doc: Document, lines: LineCounter): number | undefined {
  const anchors = new Map<string, Node>();
  const counts = new Map<Node, { uses: number; weight: number }>();
  const weight = (node: unknown): number => {
    if (isAlias(node)) {
      const data = counts.get(anchors.get(node.source) as Node);
      return data ? data.uses * data.weight : 0;
    }
    if (isPair(node)) return Math.max(weight(node.key), weight(node.value));
    if (isCollection(node)) return Math.max(0, ...node.items.map(weight));
    return 1;
  };
  let first: number | undefined;
  let found: number | undefined;
  visit(doc, {
    Node(_key, node) {
      if (found !== undefined) return visit.BREAK;
      if (isAlias(node)) {
        const line = node.range ? lines.linePos(node.range[0]).line : undefined;
        first ??= line;
        const target = anchors.get(node.source);
        if (!target) return undefined;
        const data = counts.get(target) ?? { uses: 0, weight: Math.max(1, weight(target)) };
        data.uses += 1;
        counts.set(target, data);
        if (data.uses * data.weight > MAX_ALIAS_COUNT) found = line;
      } else if (node.anchor) anchors.set(node.anchor, node);
      return undefined;
    },
  });
  return found ?? first;
}

/**
 * Pure: the documents of a YAML (or JSON) text as values. A text that is not valid YAML, or whose aliases expand
 * past MAX_ALIAS_COUNT, is refused (exit 2) naming the file, the document and the line; nothing is sent.
 */
export function parseYamlDocuments(text: string, file: string): unknown[] {
  const lines = new LineCounter();
  const documents = parseAllDocuments(text, { lineCounter: lines });
  const list = Array.isArray(documents) ? documents : [documents];
  const broken = list.flatMap((doc, index) =>
    doc.errors.map((error) => `${where(file, index, error.linePos?.[0].line)}: ${error.message.split("\n")[0]}`),
  );
  if (broken.length > 0) throw new Refused(broken.join("\n"));
  return list.map((doc, index) => {
    try {
      return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown;
    } catch (error) {
      const bomb = /excessive alias count/i.test((error as Error).message);
      const line = bomb ? aliasBombLine(doc, lines) : undefined;
      throw new Refused(
        bomb
          ? `${where(file, index, line)}: its aliases (*name) expand past ${MAX_ALIAS_COUNT} uses: kcp reads no alias bomb`
          : `${where(file, index)}: ${(error as Error).message}`,
      );
    }
  });
}
