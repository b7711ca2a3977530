import { gunzipSync, gzipSync } from "node:zlib";

/**
 * Free-form maps — labels, settings, profiles, audit details, operation documents — carry keys named by users or by
 * Kafka (`retention.ms`, `app.kubernetes.io/name`, `metadata.version`). MongoDB and FerretDB refuse '.' (and a
 * leading '$') in field names, and nothing queries inside these maps, so they are stored as JSON text. A value stored
 * as an object by an older version still reads back.
 */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value);
}

export function fromJsonText<T>(stored: unknown): T {
  return (typeof stored === "string" ? JSON.parse(stored) : stored) as T;
}

/**
 * Snapshots are stored as gzipped JSON: a few MB of JSON for thousands of topics shrink about tenfold, far below
 * MongoDB's 16 MB document limit, and the driver moves one binary instead of a deep document.
 */
export function packSnapshot(snapshot: Record<string, unknown>): Buffer {
  return gzipSync(JSON.stringify(snapshot));
}

export function unpackSnapshot(stored: unknown): Record<string, unknown> | undefined {
  if (stored === undefined || stored === null) return undefined;
  const bytes = stored instanceof Uint8Array ? stored : (stored as { buffer?: unknown }).buffer;
  if (bytes instanceof Uint8Array) return JSON.parse(gunzipSync(bytes).toString("utf8")) as Record<string, unknown>;
  return fromJsonText<Record<string, unknown>>(stored);
}
