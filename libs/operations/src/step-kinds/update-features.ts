import type { StepExecutor } from "../steps.js";

/** UpdateFeatures (upgrade), validate-only or applied; features already at their level are left out. */
export const updateFeaturesStep: StepExecutor<"updateFeatures"> = async ({ admin }, args) => {
  const { updated } = await admin.updateFeatures(args.levels, args.validateOnly);
  return args.validateOnly ? { validated: updated } : { updated };
};
