import type { ShownData } from "@kcp/shared";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const lenientUtf8 = new TextDecoder("utf-8");

/** C0 controls other than tab, line feed and carriage return, and DEL: text that holds them is shown as binary. */
function hasControlByte(bytes: Uint8Array): boolean {
  for (const b of bytes) if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f) return true;
  return false;
}

/** The bytes as UTF-8 text, or undefined when they are not valid UTF-8 or hold control characters. */
function asText(bytes: Uint8Array): string | undefined {
  if (hasControlByte(bytes)) return undefined;
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** A JSON object or array (a bare "42" or "true" stays text: it is as readable as it is, and numbers stay exact). */
function asJson(text: string): { value: unknown } | undefined {
  const start = text.trimStart()[0];
  if (start !== "{" && start !== "[") return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/**
 * How a key, value or header value is shown: parsed JSON (an object or array in valid UTF-8), text (valid UTF-8
 * without control characters) or base64 (anything else). Pure.
 */
export function showData(bytes: Uint8Array): ShownData {
  const text = asText(bytes);
  if (text === undefined)
    return { encoding: "base64", data: Buffer.from(bytes).toString("base64"), bytes: bytes.length };
  const json = asJson(text);
  if (json) return { encoding: "json", data: json.value, bytes: bytes.length };
  return { encoding: "text", data: text, bytes: bytes.length };
}

/** A field left out because the message alone is larger than the page's byte cap. */
export const omitted = (bytes: Uint8Array): ShownData => ({ encoding: "omitted", data: null, bytes: bytes.length });

/** What a shown field adds to the page, in bytes: the text's UTF-8 size, the base64 length, the raw JSON size. */
export function shownBytes(shown: ShownData | null): number {
  if (!shown) return 0;
  if (shown.encoding === "base64") return (shown.data as string).length;
  if (shown.encoding === "omitted") return 0;
  return shown.bytes;
}

/** Header keys are strings in Kafka's clients: shown as UTF-8, an invalid byte as U+FFFD. */
export const headerKeyText = (bytes: Uint8Array | null): string => (bytes ? lenientUtf8.decode(bytes) : "");

/** Whether the key or the value holds the filter's bytes (case-sensitive, on the raw bytes: binary data too). */
export function matchesFilter(filter: Buffer | undefined, key: Buffer | null, value: Buffer | null): boolean {
  if (!filter) return true;
  return (key?.includes(filter) ?? false) || (value?.includes(filter) ?? false);
}
