/** The deepest nesting of objects and arrays a request body may have: far beyond any body of the API (≤ 8). */
export const MAX_JSON_DEPTH = 32;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Pure: whether the JSON text in `bytes` nests objects and arrays deeper than `maxDepth`, by one pass over the bytes
 * (brackets inside strings do not count). Runs before the parser, so a deeply nested body is refused without building
 * it, and nothing downstream (sanitizing, logging, the audit) ever meets one.
 */
export function exceedsJsonDepth(bytes: Uint8Array, maxDepth = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      depth++;
      if (depth > maxDepth) return true;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}
