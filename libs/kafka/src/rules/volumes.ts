/** What a log dir tells of the volume it lives on (DescribeLogDirs v4+). */
export interface VolumeFacts {
  totalBytes?: number | undefined;
  usableBytes?: number | undefined;
}

/**
 * How far apart the free space of two dirs on one volume may be read: the broker reads each dir's free space in turn,
 * and what it (or anything else) writes in between shows as a difference.
 */
export const VOLUME_READ_SLACK_BYTES = 64 * 1024 * 1024;

/**
 * Dirs that report the same size and free space within `VOLUME_READ_SLACK_BYTES` live on one volume (several
 * `log.dirs` on one disk is common): its size and free space count once. Kafka names no device, so this is a judgement,
 * and it leans the safe way: a busy shared volume read as several would count its free space several times; identical
 * disks whose free space happens to agree within the slack count as one, which only understates the room (a rebalance's
 * `capacityBytes` states it exactly). A dir that does not report both figures is a group of its own. Groups come in the
 * order of their first dir, each dir in its order.
 */
export function groupByVolume<T extends VolumeFacts>(dirs: readonly T[]): T[][] {
  const sized = dirs
    .filter((d) => d.totalBytes !== undefined && d.usableBytes !== undefined)
    .sort(
      (a, b) =>
        (a.totalBytes as number) - (b.totalBytes as number) || (a.usableBytes as number) - (b.usableBytes as number),
    );
  // A chain of dirs of one size whose free space is each within the slack of the next is one volume.
  const volumeOf = new Map<T, T[]>();
  let current: T[] = [];
  let previous: T | undefined;
  for (const dir of sized) {
    const joins =
      previous !== undefined &&
      previous.totalBytes === dir.totalBytes &&
      (dir.usableBytes as number) - (previous.usableBytes as number) <= VOLUME_READ_SLACK_BYTES;
    if (!joins) current = [];
    current.push(dir);
    volumeOf.set(dir, current);
    previous = dir;
  }
  const groups: T[][] = [];
  const seen = new Set<T[]>();
  for (const dir of dirs) {
    const volume = volumeOf.get(dir);
    if (volume === undefined) groups.push([dir]);
    else if (!seen.has(volume)) {
      seen.add(volume);
      groups.push(dirs.filter((d) => volumeOf.get(d) === volume));
    }
  }
  return groups;
}
