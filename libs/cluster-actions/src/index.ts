export { capabilityRefusal } from "./capability-gate.js";
export { type ActionDependencies, ClusterActions } from "./cluster-actions.js";
export { type CollectedFigures, figuresOf } from "./collected-figures.js";
export { CollectedFiguresCache } from "./collected-figures-cache.js";
