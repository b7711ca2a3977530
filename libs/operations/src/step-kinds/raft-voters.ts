import type { StepExecutor } from "../steps.js";

/** AddRaftVoter; a node that already is a voter with this directory counts as done. */
export const addRaftVoterStep: StepExecutor<"addRaftVoter"> = async ({ admin }, args) => admin.addVoter(args);

/** RemoveRaftVoter; a node that is no longer a voter counts as done. */
export const removeRaftVoterStep: StepExecutor<"removeRaftVoter"> = async ({ admin }, args) => admin.removeVoter(args);
