import { AppError, type QueueConfig } from "@kcp/shared";
import { InProcessQueue } from "./inprocess/inprocess-queue.js";
import type { JobQueue } from "./queue.js";

/** The queue chosen by configuration (`QUEUE`). */
export async function openQueue(config: QueueConfig): Promise<JobQueue> {
  switch (config.QUEUE) {
    case "inprocess":
      return new InProcessQueue();
    case "bullmq":
      throw new AppError("internal", "QUEUE=bullmq is not available in this build yet; use QUEUE=inprocess");
  }
}
