export type { NewNodeSpec, NodeConfigChange, NodeLifecycle, NodeProvision, NodeRole, Refusal } from "./node-actions.js";
