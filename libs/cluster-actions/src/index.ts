export { capabilityRefusal } from "./capability-gate.js";
export { type ActionDependencies, ClusterActions } from "./cluster-actions.js";
