/** `enqueueAndWait` gave up waiting; the job itself may still run. */
export class QueueTimeoutError extends Error {
  constructor(
    readonly queue: string,
    readonly jobId: string,
    readonly timeoutMs: number,
  ) {
    super(`job ${jobId} of queue ${queue} did not finish within ${timeoutMs} ms`);
    this.name = "QueueTimeoutError";
  }
}

/** The job's handler failed on its last attempt; `message` is the handler's error message. */
export class JobFailedError extends Error {
  constructor(
    readonly queue: string,
    readonly jobId: string,
    message: string,
  ) {
    super(message);
    this.name = "JobFailedError";
  }
}
