import type { Logger } from "pino";

export interface UnobservedRejectionOptions {
  logger: Logger;
  /** Whether a rejection only says a dependency (the store, Redis) could not be reached. */
  isOutage(reason: unknown): boolean;
  exit?: (code: number) => void;
}

const describe = (reason: unknown) =>
  reason instanceof Error ? { name: reason.name, message: reason.message } : { value: String(reason) };

/**
 * Node ends a process on a rejected promise nobody observed. Client libraries leak such rejections when their server
 * goes away (ioredis rejects the commands it still held with MaxRetriesPerRequestError, including ones a library sent
 * for itself), and a lost dependency must not stop the service: those are logged and the process goes on, reconnecting
 * as it does. Any other unobserved rejection is a bug and ends the process as Node would (exit 1), after logging it.
 */
export function surviveOutageRejections(options: UnobservedRejectionOptions): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  process.on("unhandledRejection", (reason) => {
    if (options.isOutage(reason)) {
      options.logger.warn(
        { error: describe(reason) },
        "a call to an unreachable dependency failed unobserved; the process goes on",
      );
      return;
    }
    options.logger.fatal({ err: reason }, "unhandled promise rejection: exiting");
    options.logger.flush();
    exit(1);
  });
}
