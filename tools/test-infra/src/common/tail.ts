import { open } from "node:fs/promises";

/** The last lines within the last `bytes` of a file (none when it cannot be read). */
export async function tail(path: string, bytes: number): Promise<string[]> {
  const file = await open(path, "r").catch(() => undefined);
  if (!file) return [];
  try {
    const { size } = await file.stat();
    const length = Math.min(size, bytes);
    const buffer = Buffer.alloc(length);
    await file.read(buffer, 0, length, size - length);
    const lines = buffer
      .toString("utf8")
      .split("\n")
      .filter((line) => line.trim() !== "");
    return length < size ? lines.slice(1) : lines;
  } finally {
    await file.close();
  }
}
