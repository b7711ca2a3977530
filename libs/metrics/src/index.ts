export { Metrics, type QueueCounts, timedJobs } from "./metrics.js";
export { type OpsServer, type OpsServerOptions, startOpsServer } from "./ops-server.js";
