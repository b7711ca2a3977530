export { BullMqQueue, type BullMqQueueOptions } from "./bullmq/bullmq-queue.js";
export { isConnectionError as isRedisUnreachable } from "./bullmq/connection.js";
export { JobFailedError, QueueTimeoutError } from "./errors.js";
export { InProcessQueue } from "./inprocess/inprocess-queue.js";
export { openQueue } from "./open-queue.js";
export type {
  EnqueueOptions,
  JobCounts,
  JobHandler,
  JobQueue,
  ProcessOptions,
  QueueConnection,
  QueueKind,
  QueueName,
  RecurringOptions,
} from "./queue.js";
export { countAll, QUEUE_NAMES } from "./queue.js";
