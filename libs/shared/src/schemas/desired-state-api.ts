import { z } from "zod";
import { DesiredChangeSchema, DesiredFileSchema } from "./desired-state.js";
import { OperationSchema } from "./operations.js";

/** POST /clusters/{id}/desired-state/plan: the files, as the CLI read them (password references left unresolved). */
export const DesiredStatePlanRequestSchema = z.strictObject({
  files: z.array(DesiredFileSchema).min(1).max(100),
  throttleBytesPerSec: z
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe("Replication throttle while a replication factor grows, bytes per second"),
  maxConcurrentMoves: z.number().int().min(1).max(1000).optional().describe("Partition moves in flight at once"),
  createOperation: z
    .boolean()
    .default(true)
    .describe(
      "false: the changes only (kcp diff): no operation is planned, so nothing waits for a confirm or holds the autopilot back",
    ),
});
export type DesiredStatePlanRequest = z.infer<typeof DesiredStatePlanRequestSchema>;

/** The plan of the files: its changes, and the planned applyDesiredState operation when there is any change. */
export const DesiredStatePlanResponseSchema = z.object({
  digest: z.string().describe("SHA-256 of the files as sent"),
  changes: z.array(DesiredChangeSchema).describe("Every change, in the order it is applied; empty: nothing to do"),
  counts: z.record(z.string(), z.number().int()).describe("Changes by kind"),
  irreversible: z.boolean().describe("Deletes or shrinks something: confirmed with the cluster's name typed back"),
  warnings: z.array(z.string()),
  operation: OperationSchema.optional().describe(
    "The planned applyDesiredState operation; absent when nothing changes",
  ),
});
export type DesiredStatePlanResponse = z.infer<typeof DesiredStatePlanResponseSchema>;
