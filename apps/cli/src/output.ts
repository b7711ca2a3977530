/** Pure: rows as a table with a header line, columns as wide as their widest cell. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}

/** Pure: a progress bar of `width` cells for `done` of `total`, with the percentage. */
export function progressBar(done: number, total: number, width = 30): string {
  const ratio = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
  const filled = Math.round(ratio * width);
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${Math.round(ratio * 100)}%`;
}

/** Bytes for people (1 KiB = 1024 B), "-" when unknown: the one formatBytes of every client. */
export { formatBytes } from "@kcp/api-client";
