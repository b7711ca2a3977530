import type { Logger, QueueConfig } from "@kcp/shared";
import { BullMqQueue } from "./bullmq/bullmq-queue.js";
import { InProcessQueue } from "./inprocess/inprocess-queue.js";
import type { JobQueue } from "./queue.js";

/** The queue chosen by configuration (`QUEUE`, `REDIS_URL`, `QUEUE_PREFIX`). */
export async function openQueue(config: QueueConfig, logger: Logger): Promise<JobQueue> {
  switch (config.QUEUE) {
    case "inprocess":
      return new InProcessQueue();
    case "bullmq":
      // The config schema requires REDIS_URL when QUEUE=bullmq.
      return new BullMqQueue({ url: config.REDIS_URL as string, prefix: config.QUEUE_PREFIX, logger });
  }
}
