import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

/** Whether the process `pid` of this machine still runs (a lock whose holder is gone can be taken over at once). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * A cross-process lock on a folder name (mkdir is atomic), so two test runs do not download or build the same
 * thing at once. The holder's pid is kept in the folder: a lock whose holder no longer runs, or older than
 * `staleMs`, is taken over. Waiting longer than `waitMs` for it throws.
 */
export async function withFileLock<T>(
  path: string,
  work: () => Promise<T>,
  staleMs = 20 * 60_000,
  waitMs = Number.POSITIVE_INFINITY,
): Promise<T> {
  await mkdir(dirname(path), { recursive: true });
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await mkdir(path);
      await writeFile(join(path, "pid"), String(process.pid)).catch(() => {});
      break;
    } catch {
      const age = await stat(path).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      const holder = Number(await readFile(join(path, "pid"), "utf8").catch(() => ""));
      if (age > staleMs || (holder > 0 && !alive(holder))) await rm(path, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`gave up after ${waitMs} ms waiting for the lock ${path}`);
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await work();
  } finally {
    await rm(path, { recursive: true, force: true });
  }
}
