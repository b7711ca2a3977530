import { mkdir, rm, stat } from "node:fs/promises";
import { dirname } from "node:path";

/**
 * A cross-process lock on a folder name (mkdir is atomic), so two test runs do not download or build the same
 * thing at once. A lock older than `staleMs` is taken over (its holder died).
 */
export async function withFileLock<T>(path: string, work: () => Promise<T>, staleMs = 20 * 60_000): Promise<T> {
  await mkdir(dirname(path), { recursive: true });
  for (;;) {
    try {
      await mkdir(path);
      break;
    } catch {
      const age = await stat(path).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > staleMs) await rm(path, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await work();
  } finally {
    await rm(path, { recursive: true, force: true });
  }
}
