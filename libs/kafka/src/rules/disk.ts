import type { Broker } from "@kcp/shared";

/** Used share of a broker's disks in percent, or undefined where its log dirs did not report capacity. */
export function diskUsedPercent(broker: Broker): number | undefined {
  const total = broker.diskTotalBytes;
  const usable = broker.diskUsableBytes;
  if (total === undefined || usable === undefined || total <= 0) return undefined;
  return Math.min(100, Math.max(0, ((total - usable) / total) * 100));
}
