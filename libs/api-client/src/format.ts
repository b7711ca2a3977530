const BYTE_UNITS = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"] as const;

export interface BytesFormat {
  /** What an unknown figure reads (default "-"). */
  missing?: string;
  /**
   * A chart axis's figures: a sign, PiB past 1024 TiB, and a tenth of a byte below 10 B (an axis of small rates). Else
   * a size: whole bytes, at most TiB.
   */
  axis?: boolean;
}

/** Pure: bytes for people in binary units (1 KiB = 1024 B): 1536 → "1.5 KiB", and one decimal from KiB up. */
export function formatBytes(bytes: number | undefined, format: BytesFormat = {}): string {
  if (bytes === undefined) return format.missing ?? "-";
  const largest = format.axis ? BYTE_UNITS.length - 1 : BYTE_UNITS.indexOf("TiB");
  let value = format.axis ? Math.abs(bytes) : bytes;
  let unit = 0;
  while (value >= 1024 && unit < largest) {
    value /= 1024;
    unit++;
  }
  const digits = unit > 0 || (format.axis && !Number.isInteger(value) && value < 10) ? 1 : 0;
  return `${format.axis && bytes < 0 ? "-" : ""}${value.toFixed(digits)} ${BYTE_UNITS[unit]}`;
}
