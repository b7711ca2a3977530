import type { StepExecutor } from "../steps.js";

/** UnregisterBroker; a broker no longer registered counts as done. */
export const unregisterBrokerStep: StepExecutor<"unregisterBroker"> = async ({ admin }, args) =>
  admin.unregisterBroker(args.broker);
