import { SECRET_FIELDS, SENSITIVE_CONFIG_NAME } from "@kcp/shared";

const SECRET_KEYS = new Set(SECRET_FIELDS.map((field) => field.toLowerCase()));

/** Deeper than any body the parser lets through (MAX_JSON_DEPTH): what lies below is dropped, never walked. */
export const SANITIZE_MAX_DEPTH = 40;

const isSecretKey = (key: string) => SECRET_KEYS.has(key.toLowerCase()) || SENSITIVE_CONFIG_NAME.test(key);

/**
 * A copy of a request body without any secret: secret fields, and configs whose names mark them as secrets, become
 * "[redacted]", at any depth — unless the value is a boolean, which holds no secret (`keepSecrets: true` stays). The walk is bounded: a value nested deeper than `SANITIZE_MAX_DEPTH` becomes
 * "[too deep]", so no input can exhaust the stack.
 */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth >= SANITIZE_MAX_DEPTH) return "[too deep]";
  if (Array.isArray(value)) return value.map((inner) => withoutSecrets(inner, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key,
      isSecretKey(key) && typeof inner !== "boolean" ? "[redacted]" : withoutSecrets(inner, depth + 1),
    ]),
  );
}

/** Strings are written in pieces of at most this many characters, so no piece copies a whole large value. */
const STRING_PIECE_CHARS = 64 * 1024;

/** A string's JSON in pieces (never splitting a surrogate pair, so the pieces join to JSON.stringify's text). */
function* stringPieces(text: string): Generator<string> {
  yield '"';
  for (let from = 0; from < text.length; ) {
    let to = Math.min(text.length, from + STRING_PIECE_CHARS);
    const last = text.charCodeAt(to - 1);
    if (to < text.length && last >= 0xd800 && last <= 0xdbff) to--;
    yield JSON.stringify(text.slice(from, to)).slice(1, -1);
    from = to;
  }
  yield '"';
}

/**
 * The JSON text of `withoutSecrets(value)` in pieces, written as the walk goes (what JSON.stringify would write, with
 * the same redactions and depth bound; bytes as `"[N bytes]"`): the caller keeps what it needs — the first characters, a digest — and stops
 * when it has it, without a copy of the whole value ever being made.
 */
export function* secretFreeJsonPieces(value: unknown, depth = 0): Generator<string> {
  // Bytes (a body kept unparsed) are named by their size: their JSON would be an array of every byte.
  if (ArrayBuffer.isView(value)) {
    yield JSON.stringify(`[${value.byteLength} bytes]`);
    return;
  }
  const json = (value as { toJSON?: unknown } | null)?.toJSON;
  if (typeof json === "function") value = json.call(value);
  if (typeof value === "string") yield* stringPieces(value);
  else if (value === null || typeof value !== "object") yield JSON.stringify(value) ?? "null";
  else if (depth >= SANITIZE_MAX_DEPTH) yield '"[too deep]"';
  else if (Array.isArray(value)) {
    yield "[";
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ",";
      yield* secretFreeJsonPieces(value[i], depth + 1);
    }
    yield "]";
  } else {
    yield "{";
    let first = true;
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      if (inner === undefined || typeof inner === "function" || typeof inner === "symbol") continue;
      yield `${first ? "" : ","}${JSON.stringify(key)}:`;
      first = false;
      if (isSecretKey(key) && typeof inner !== "boolean") yield '"[redacted]"';
      else yield* secretFreeJsonPieces(inner, depth + 1);
    }
    yield "}";
  }
}

/** At most `maxChars` characters of the secret-free JSON of `value`, and whether that is all of it. */
export function secretFreeJsonPrefix(value: unknown, maxChars: number): { text: string; complete: boolean } {
  let text = "";
  for (const piece of secretFreeJsonPieces(value)) {
    text += piece;
    if (text.length > maxChars) return { text: text.slice(0, maxChars), complete: false };
  }
  return { text, complete: true };
}
