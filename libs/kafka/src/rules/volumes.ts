/** What a log dir tells of the volume it lives on (DescribeLogDirs v4+). */
export interface VolumeFacts {
  totalBytes?: number | undefined;
  usableBytes?: number | undefined;
}

/**
 * Dirs that report the same size and free space live on one volume (several `log.dirs` on one disk is common): its
 * size and free space count once. Undefined where a dir does not report both.
 */
export function volumeKey(dir: VolumeFacts): string | undefined {
  return dir.totalBytes === undefined || dir.usableBytes === undefined
    ? undefined
    : `${dir.totalBytes}/${dir.usableBytes}`;
}

/** The dirs grouped by volume, in their order; a dir that does not report its volume is a group of its own. */
export function groupByVolume<T extends VolumeFacts>(dirs: readonly T[]): T[][] {
  const groups = new Map<string | T, T[]>();
  for (const dir of dirs) {
    const key = volumeKey(dir) ?? dir;
    const group = groups.get(key);
    if (group) group.push(dir);
    else groups.set(key, [dir]);
  }
  return [...groups.values()];
}
