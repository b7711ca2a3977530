import { FeatureUpdateRefused } from "@kcp/kafka";
import type { StepExecutor } from "../steps.js";
import { waitUntil } from "./node-lifecycle.js";

/**
 * How long a refusal of kraft.version 1 because not every voter supports it is taken for voters not yet heard from:
 * a voter tells the leader which kraft.version it supports only once it has reached it, so a quorum started or
 * restarted moments ago refuses for a few seconds. The plan checked every node's support before; past this the
 * operation pauses with Kafka's reason.
 */
const VOTERS_HEARD_MS = 60_000;

/** Kafka's refusal of kraft.version for voters the leader has not heard support it from (yet). */
export function votersNotHeardYet(error: unknown): boolean {
  return (
    error instanceof FeatureUpdateRefused &&
    error.refusals.every((r) => r.feature === "kraft.version" && r.error === "INVALID_UPDATE_VERSION")
  );
}

/**
 * UpdateFeatures (upgrade), validate-only or applied; features already at their level are left out. A kraft.version
 * refusal for voters not heard from yet is asked again every 2 s, up to VOTERS_HEARD_MS.
 */
export const updateFeaturesStep: StepExecutor<"updateFeatures"> = async (context, args) => {
  let updated: string[] = [];
  let refusals = 0;
  const waited = await waitUntil(context, "every voter heard to support the new kraft.version", VOTERS_HEARD_MS, () =>
    context.admin.updateFeatures(args.levels, args.validateOnly).then(
      (result) => {
        updated = result.updated;
        return undefined;
      },
      (error: unknown) => {
        if (!votersNotHeardYet(error)) throw error;
        refusals++;
        return { reason: (error as Error).message };
      },
    ),
  );
  const outcome = args.validateOnly ? { validated: updated } : { updated };
  if (refusals === 0) return outcome;
  await context.report({ waitingFor: null });
  return { ...outcome, waitedMs: waited.waitedMs };
};
