import type { Broker } from "../schemas/snapshot.js";

/** Used share of a volume in percent (0-100), or undefined where its size or free space is not known. */
export function usedPercent(totalBytes: number | undefined, usableBytes: number | undefined): number | undefined {
  if (totalBytes === undefined || usableBytes === undefined || totalBytes <= 0) return undefined;
  return Math.min(100, Math.max(0, ((totalBytes - usableBytes) / totalBytes) * 100));
}

/** Used share of a broker's disks in percent, or undefined where its log dirs did not report capacity. */
export function diskUsedPercent(broker: Broker): number | undefined {
  return usedPercent(broker.diskTotalBytes, broker.diskUsableBytes);
}
