/** The rejection of work abandoned at its deadline (the work itself may still be running). */
export class DeadlineError extends Error {}

/** Resolves as `work` does, or rejects with a DeadlineError of `message` after `ms` (the work is not cancelled). */
export async function withDeadline<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(message)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
