import { type AccessIndex, compileBindings, type RoleBindingSpec } from "@kcp/shared";

/** The bindings as the gateway reads them: every binding, and a version that changes with any change of them. */
export interface BindingsSource {
  /** A value that changes whenever any binding changes, on any instance (cheap: read once per request at most). */
  version(): Promise<string>;
  list(): Promise<(RoleBindingSpec & { id: string })[]>;
}

/** No bindings: local users' roles alone decide (the service before any binding is made). */
export const NO_BINDINGS: BindingsSource = { version: async () => "none", list: async () => [] };

/**
 * The compiled bindings of the service, rebuilt once per change of bindings (on this instance or another: the
 * source's version says) and shared by every request until the next change, so a request pays a lookup per subject of
 * its principal, not a compilation or a scan.
 */
export class AccessBook {
  private compiled: { version: string; index: AccessIndex } | undefined;
  private loading: Promise<AccessIndex> | undefined;

  constructor(private readonly source: BindingsSource) {}

  async index(): Promise<AccessIndex> {
    const version = await this.source.version();
    if (this.compiled?.version === version) return this.compiled.index;
    this.loading ??= this.load(version).finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async load(version: string): Promise<AccessIndex> {
    const index = compileBindings(await this.source.list());
    this.compiled = { version, index };
    return index;
  }
}
