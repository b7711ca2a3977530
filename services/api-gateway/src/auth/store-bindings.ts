import { type AccessConfig, type Logger, loadBindingsFile, type RoleBindingSpec } from "@kcp/shared";
import { fileBindingId, type RoleBindingRecord, type Store } from "@kcp/store";
import type { BindingsSource } from "./access-book.js";

/**
 * The role bindings of the store, as the access book reads them. The store's version is read at most once per
 * `versionMaxAgeMs` on this instance (the read that started within that time is reused): a change made through
 * another instance is seen here at most that long after it was written; one made through this instance (`changed`)
 * is seen by this instance's next request.
 */
export class StoreBindings implements BindingsSource {
  private cached: { version: string; at: number } | undefined;
  private reading: Promise<string> | undefined;
  private listed: readonly RoleBindingRecord[] = [];

  constructor(
    private readonly store: Pick<Store, "roleBindings">,
    private readonly versionMaxAgeMs: number,
  ) {}

  version(): Promise<string> {
    const now = Date.now();
    if (this.cached && now - this.cached.at < this.versionMaxAgeMs) return Promise.resolve(this.cached.version);
    if (this.reading) return this.reading;
    const reading = this.store.roleBindings.version().then((version) => {
      if (this.reading === reading) this.cached = { version, at: now };
      return version;
    });
    this.reading = reading;
    const clear = () => {
      if (this.reading === reading) this.reading = undefined;
    };
    reading.then(clear, clear);
    return reading;
  }

  async list(): Promise<RoleBindingRecord[]> {
    const records = await this.store.roleBindings.list();
    this.listed = records;
    return records;
  }

  /**
   * The bindings as last listed for the access book: those its index was compiled from, after `access.index()` at
   * least as new as the version this request's principal was decided by (no read of the store).
   */
  records(): readonly RoleBindingRecord[] {
    return this.listed;
  }

  /** A change was made through this instance: the next request reads the version anew. */
  changed(): void {
    this.cached = undefined;
    this.reading = undefined;
  }
}

/**
 * How long an instance may reuse the store's version: none on the embedded store (one row read from a local file costs
 * microseconds), one second on MongoDB (a round trip per request otherwise).
 */
export const versionMaxAgeMs = (store: Pick<Store, "kind">): number => (store.kind === "mongo" ? 1_000 : 0);

/**
 * Makes the bindings of origin `file` those of the bindings file (none when `specs` is undefined: the variable is
 * unset), unless they already are — in the same order — so a restart with the same file writes nothing.
 */
export async function applyBindingsFile(
  store: Pick<Store, "roleBindings">,
  specs: readonly RoleBindingSpec[] | undefined,
): Promise<{ written: boolean; count: number }> {
  const wanted = (specs ?? []).map((spec) => fileBindingId(spec));
  const current = (await store.roleBindings.list()).filter((binding) => binding.origin === "file").map((b) => b.id);
  if (wanted.length === current.length && wanted.every((id, n) => id === current[n]))
    return { written: false, count: wanted.length };
  await store.roleBindings.replaceFileBindings(specs ?? []);
  return { written: true, count: wanted.length };
}

/**
 * At start: the bindings of ACCESS_BINDINGS_FILE replace those a file loaded before (the file wins over edits). A file
 * that cannot be read or holds a bad entry throws, naming the entry and the problem: the gateway does not start.
 */
export async function loadBindingsAtStart(context: {
  store: Pick<Store, "roleBindings">;
  config: Partial<AccessConfig>;
  logger: Logger;
  bindings: StoreBindings;
}): Promise<void> {
  const specs = loadBindingsFile(context.config);
  const { written, count } = await applyBindingsFile(context.store, specs);
  if (written) context.bindings.changed();
  if (specs !== undefined || written)
    context.logger.info(
      { file: context.config.ACCESS_BINDINGS_FILE, bindings: count, written },
      written ? "role bindings of the bindings file loaded" : "role bindings of the bindings file unchanged",
    );
}
