export { anomalies, autopilot, policies } from "./autopilot.js";
export { apply, diff, drift, exportState } from "./desired-state.js";
export { confirm, plan, progressLine, watch } from "./operations.js";
export { audit, clusters, groups, topics } from "./reads.js";
export { login, logout } from "./session.js";
