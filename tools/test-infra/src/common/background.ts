/**
 * Work a test starts in the background (a load, an ISR watch) and must stop: a test that fails before it does would
 * leave it running, and a mocha process with work still running never exits. Each task is known here until it ends;
 * the root hooks stop what a failed test left, and everything at the end of the run (mocha-hooks.ts).
 */
const running = new Set<() => Promise<unknown>>();

/** Registers how to stop a task left running; `ended()` forgets it once the task was stopped as planned. */
export function backgroundTask(stopLeftover: () => Promise<unknown>): { ended(): void } {
  running.add(stopLeftover);
  return { ended: () => running.delete(stopLeftover) };
}

/** Stops every background task still running; how many there were. */
export async function stopBackgroundTasks(): Promise<number> {
  const tasks = [...running];
  running.clear();
  await Promise.allSettled(tasks.map((stop) => stop()));
  return tasks.length;
}
