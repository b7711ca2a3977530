import { createHash } from "node:crypto";
import type { RoleBindingSpec } from "@kcp/shared";

/** A role binding as stored: its spec, where it came from, and when it was made and last changed. */
export type RoleBindingRecord = RoleBindingSpec & {
  id: string;
  /** `api`: made through the API, changed and deleted there; `file`: loaded from the bindings file at start. */
  origin: "api" | "file";
  createdAt: Date;
  updatedAt: Date;
};

/**
 * The role bindings of the service. Every write is atomic on each adapter and followed (embedded: in the same
 * transaction) by a new `version`, so a reader that saw a version and then listed has a list at least as new as it.
 * Bindings of origin `file` are written only by `replaceFileBindings`: `update` and `remove` refuse them with
 * `AppError("binding_from_file")`.
 */
export interface RoleBindingRepository {
  /** A new binding of origin `api`. */
  create(spec: RoleBindingSpec): Promise<RoleBindingRecord>;
  get(id: string): Promise<RoleBindingRecord | undefined>;
  /** Every binding: those of the file first, in the file's order, then those of the API, oldest first. */
  list(): Promise<RoleBindingRecord[]>;
  /** Replaces an API binding's spec; unknown ids: `AppError("not_found")`. */
  update(id: string, spec: RoleBindingSpec): Promise<RoleBindingRecord>;
  /** Deletes an API binding; false when there was none of that id. */
  remove(id: string): Promise<boolean>;
  /**
   * Replaces every binding of origin `file` with these, at once: a reader sees the old set or the new one, never a
   * mix. A binding's id is derived from its spec (`fileBindingId`), so an entry kept from one start to the next keeps
   * its id and its `createdAt`.
   */
  replaceFileBindings(specs: readonly RoleBindingSpec[]): Promise<RoleBindingRecord[]>;
  /**
   * A value that differs after every change of any binding, made on any instance over the same store. One read of one
   * record by its key.
   */
  version(): Promise<string>;
}

/** The spec's JSON with every object's keys sorted: equal specs, however written, give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The id of a binding of the file: `file-` and the first 20 hex digits of its canonical spec's SHA-256. */
export const fileBindingId = (spec: RoleBindingSpec): string =>
  `file-${createHash("sha256").update(canonicalJson(spec)).digest("hex").slice(0, 20)}`;

/** The spec of a record (what the API's bindings are written from). */
export function specOf(record: RoleBindingSpec): RoleBindingSpec {
  return {
    subject: record.subject,
    role: record.role,
    clusters: record.clusters,
    ...(record.resources === undefined ? {} : { resources: record.resources }),
    ...(record.team === undefined ? {} : { team: record.team }),
  };
}
