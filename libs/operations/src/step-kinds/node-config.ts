import type { StepExecutor } from "../steps.js";
import { nodeProvider } from "./node-access.js";

/**
 * Sets and deletes keys of a node's configuration through its provider (applied at the node's next start). Safe to
 * run twice: a key set to the same value, or deleted again, leaves the configuration as once.
 */
export const setNodeConfigStep: StepExecutor<"setNodeConfig"> = async (context, { nodeId, set, delete: remove }) => {
  const config = await nodeProvider(context).setConfig(nodeId, {
    ...(set ? { set } : {}),
    ...(remove ? { delete: remove } : {}),
  });
  const changed = [...Object.keys(set ?? {}), ...(remove ?? [])];
  return {
    nodeId,
    keys: Object.fromEntries(changed.map((key) => [key, config[key] ?? null])),
  };
};
