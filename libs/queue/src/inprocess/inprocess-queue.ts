import type { QueueConnection } from "../queue.js";

/** The in-process queue of the standalone service: jobs never leave the process. */
export class InProcessQueue implements QueueConnection {
  readonly kind = "inprocess";
  readonly name = "queue";
  private stopped = false;

  async ping(): Promise<void> {
    if (this.stopped) throw new Error("the in-process queue is stopped");
  }

  async stop(): Promise<void> {
    this.stopped = true;
  }
}
