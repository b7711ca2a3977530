import { useSyncExternalStore } from "react";

/**
 * The current time, ticking every second, from one timer shared by every component that reads it (a hundred cards'
 * ages re-render their text alone, not their cards).
 */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) now = Date.now();
  timer ??= setInterval(() => {
    now = Date.now();
    for (const l of listeners) l();
  }, 1_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useClock(): number {
  return useSyncExternalStore(subscribe, () => now);
}
