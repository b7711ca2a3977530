import type { Component } from "./component.js";
import { markServerUse } from "./server-use.js";

/**
 * One instance per test run, started on first use and stopped by `stopSharedInstances()` (the mocha root hook).
 */
const registry = new Map<string, Promise<Component>>();

export function sharedInstance<T extends Component>(key: string, start: () => Promise<T>): Promise<T> {
  markServerUse(key, key);
  let instance = registry.get(key);
  if (!instance) {
    instance = start();
    registry.set(key, instance);
    instance.catch(() => registry.delete(key));
  }
  return instance as Promise<T>;
}

export async function stopSharedInstances(): Promise<void> {
  const instances = await Promise.allSettled([...registry.values()]);
  registry.clear();
  await Promise.allSettled(instances.map((i) => (i.status === "fulfilled" ? i.value.stop() : undefined)));
}
