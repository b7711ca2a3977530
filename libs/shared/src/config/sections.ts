import { z } from "zod";

/**
 * Configuration comes from environment variables. Each section is one zod object of the variables one concern needs,
 * so a service parses only the sections it uses. Defaults make `npm start` work on a laptop.
 */

const port = z.coerce.number().int().min(0).max(65535);
const positiveMs = z.coerce.number().int().positive();

export const logSection = z.object({
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export const httpSection = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default("127.0.0.1"),
  /** How long a graceful shutdown waits for in-flight requests before closing their connections. */
  SHUTDOWN_TIMEOUT_MS: positiveMs.default(10_000),
});

export const storeSection = z
  .object({
    STORE: z.enum(["embedded", "mongo"]).default("embedded"),
    DATA_DIR: z.string().min(1).default("./data"),
    MONGO_URL: z.url({ protocol: /^mongodb(\+srv)?$/ }).optional(),
  })
  .refine((c) => c.STORE !== "mongo" || c.MONGO_URL !== undefined, {
    path: ["MONGO_URL"],
    message: "is required when STORE=mongo",
  });

export const queueSection = z
  .object({
    QUEUE: z.enum(["inprocess", "bullmq"]).default("inprocess"),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    /** Key prefix of the queues in Redis, so several deployments can share one Redis. */
    QUEUE_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .default("kcp"),
  })
  .refine((c) => c.QUEUE !== "bullmq" || c.REDIS_URL !== undefined, {
    path: ["REDIS_URL"],
    message: "is required when QUEUE=bullmq",
  });

export type LogConfig = z.infer<typeof logSection>;
export type HttpConfig = z.infer<typeof httpSection>;
export type StoreConfig = z.infer<typeof storeSection>;
export type QueueConfig = z.infer<typeof queueSection>;
