import type { DesiredFile } from "@kcp/shared";
import type { LastApplied } from "./diff.js";
import { credentialKey } from "./scope.js";

/** One file of a cluster's last applied desired state: the file as applied, and which apply it came from. */
export interface AppliedFile extends DesiredFile {
  digest: string;
  operationId: string;
  appliedAt: string;
  appliedBy: string;
}

/**
 * Pure: the paths of the applied files that newly applied files replace — those of the same paths, and no other: a
 * file of another path keeps its record whatever is applied after it (a plan overlapping its scope is refused).
 */
export function replacedBy(applied: readonly DesiredFile[], files: readonly DesiredFile[]): string[] {
  const paths = new Set(files.map((f) => f.path));
  return applied.filter((old) => paths.has(old.path)).map((f) => f.path);
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
