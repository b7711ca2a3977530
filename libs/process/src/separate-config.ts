import type { QueueConfig, StoreConfig } from "@kcp/shared";
import type { z } from "zod";

/**
 * A service started on its own shares its work and state with the other services' processes: only MongoDB and
 * BullMQ can do that (the embedded store and the in-process queue are for `npm start`, everything in one process).
 */
export function separateServiceConfig<S extends z.ZodType<StoreConfig & QueueConfig>>(schema: S) {
  return schema.refine((config) => config.STORE === "mongo" && config.QUEUE === "bullmq", {
    path: ["STORE"],
    message:
      "a service started on its own needs STORE=mongo and QUEUE=bullmq (npm start runs everything in one process)",
  });
}
