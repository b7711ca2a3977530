import { AppError } from "@kcp/shared";
import type { StepExecutor } from "../steps.js";

/** ElectLeaders for the partitions the plan chose; partitions already led as asked count as done. */
export const electLeadersStep: StepExecutor<"electLeaders"> = async ({ admin }, args) => {
  const outcomes = await admin.electLeaders(args.electionType, args.partitions);
  const failed = outcomes.filter((o) => o.error !== null);
  if (failed.length > 0) {
    const shown = failed.slice(0, 10).map((o) => `${o.topic}-${o.partition}: ${o.error}`);
    const more = failed.length > shown.length ? ` and ${failed.length - shown.length} more` : "";
    throw new AppError(
      "kafka_error",
      `The election failed for ${failed.length} partition(s): ${shown.join(", ")}${more}`,
    );
  }
  return { partitions: outcomes.length };
};
