import type { Logger } from "pino";
import type { Component } from "./component.js";

export interface ShutdownOptions {
  logger: Logger;
  /** Stopped in this order: put what accepts new work (the HTTP server) first, storage last. */
  components: () => readonly Component[];
  exit?: (code: number) => void;
}

/**
 * Stops every component in order on SIGTERM or SIGINT, then exits 0 (1 if a component failed to stop).
 * A second signal during shutdown exits at once with 1.
 */
export function stopOnSignals(options: ShutdownOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      options.logger.warn({ signal }, "second signal during shutdown: exiting now");
      exit(1);
      return;
    }
    stopping = true;
    options.logger.info({ signal }, "shutting down");
    void stopAll(options.components(), options.logger).then((ok) => {
      options.logger.info("stopped");
      options.logger.flush();
      exit(ok ? 0 : 1);
    });
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

export async function stopAll(components: readonly Component[], logger: Logger): Promise<boolean> {
  let ok = true;
  for (const component of components) {
    try {
      await component.stop();
    } catch (error) {
      ok = false;
      logger.error({ err: error, component: component.name }, "component failed to stop");
    }
  }
  return ok;
}
