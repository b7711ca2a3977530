import type { StepExecutor } from "../steps.js";

/** IncrementalAlterConfigs on one broker: setting a value twice or deleting a missing one changes nothing. */
export const setBrokerConfigStep: StepExecutor<"setBrokerConfig"> = async ({ admin }, args) => {
  const applied = await admin.changeConfigs(
    { type: "broker", id: args.broker },
    { set: args.set ?? {}, delete: args.delete ?? [] },
  );
  return { ...applied };
};
