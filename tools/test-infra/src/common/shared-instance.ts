import type { Component } from "./component.js";
import { markServerUse } from "./server-use.js";

/**
 * One instance per test process, started on first use and stopped by `stopSharedInstances()` (the mocha root hook),
 * or earlier by `releaseSharedInstance` once no file left in the process needs it.
 */
const registry = new Map<string, Promise<Component>>();
/** Stops under way (released instances), awaited by `stopSharedInstances`. */
const stopping = new Set<Promise<unknown>>();

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

/**
 * Stops the shared instance `key` now, in the background (a file that asks for it later starts a new one); the
 * promise answered settles when it has stopped. The test
 * runner calls this after the last file of its process that uses it (an idle Kafka node costs a few percent of a core,
 * and a process holds several clusters), through the reporter: see tools/test-infra/src/runner/shards.ts.
 */
export function releaseSharedInstance(key: string): Promise<void> {
  const instance = registry.get(key);
  if (!instance) return Promise.resolve();
  registry.delete(key);
  const stop = instance.then((component) => component.stop()).catch(() => undefined);
  stopping.add(stop);
  void stop.finally(() => stopping.delete(stop));
  return stop;
}

export async function stopSharedInstances(): Promise<void> {
  const instances = await Promise.allSettled([...registry.values()]);
  registry.clear();
  await Promise.allSettled([
    ...instances.map((i) => (i.status === "fulfilled" ? i.value.stop() : undefined)),
    ...stopping,
  ]);
}

// The reporter (CommonJS, loaded by mocha) reaches the release through this well-known global.
(globalThis as Record<symbol, unknown>)[Symbol.for("kcp.test-infra.release-shared")] = releaseSharedInstance;
