import type { DesiredFile } from "@kcp/shared";
import type { LastApplied } from "./diff.js";
import { credentialKey, OwnedScope, scopeOf } from "./scope.js";

/** One file of a cluster's last applied desired state: the file as applied, and which apply it came from. */
export interface AppliedFile extends DesiredFile {
  digest: string;
  operationId: string;
  appliedAt: string;
  appliedBy: string;
}

/**
 * Pure: the paths of the applied files that newly applied files replace — the file of the same path, and every file
 * whose scope overlaps a new file's scope (each resource has one owner: the file applied last).
 */
export function replacedBy(applied: readonly DesiredFile[], files: readonly DesiredFile[]): string[] {
  const newScopes = files.flatMap((f) => {
    const scope = scopeOf(f);
    return scope ? [new OwnedScope(f.path, scope)] : [];
  });
  const paths = new Set(files.map((f) => f.path));
  return applied
    .filter((old) => {
      if (paths.has(old.path)) return true;
      const scope = scopeOf(old);
      if (!scope) return true;
      const owned = new OwnedScope(old.path, scope);
      return newScopes.some((s) => s.overlap(owned) !== undefined);
    })
    .map((f) => f.path);
}

/** Pure: the password version of each credential as the files say (what a rotation compares against). */
export function lastAppliedOf(applied: readonly DesiredFile[]): LastApplied {
  const passwordVersions: Record<string, string> = {};
  for (const file of applied)
    for (const d of file.documents)
      if (d.kind === "ScramUser" && !d.deleted && d.passwordVersion !== undefined)
        passwordVersions[credentialKey(d.name, d.mechanism)] = d.passwordVersion;
  return { passwordVersions };
}
