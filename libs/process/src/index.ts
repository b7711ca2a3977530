export { type Backends, openBackends, workerProcess } from "./backends.js";
export { isDependencyOutage, surviveDependencyOutages } from "./dependency-outage.js";
export { runProcess, type StartedProcess } from "./run-process.js";
export { separateServiceConfig } from "./separate-config.js";
