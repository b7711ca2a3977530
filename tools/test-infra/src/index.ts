export * from "./browser/index.js";
export * from "./common/index.js";
export * from "./http/index.js";
export * from "./kafka/index.js";
export * from "./mongo/index.js";
export { ensurePromlint, lintMetrics } from "./prometheus/promlint.js";
export { ensurePromtool, PROMETHEUS_MODULE_VERSION, runPromtool } from "./prometheus/promtool.js";
export * from "./redis/index.js";
export * from "./schemathesis/index.js";
