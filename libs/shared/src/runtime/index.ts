export type { Component, ReadinessCheck } from "./component.js";
export { DeadlineError, withDeadline } from "./deadline.js";
export { type ShutdownOptions, stopAll, stopOnSignals } from "./lifecycle.js";
export { surviveOutageRejections, type UnobservedRejectionOptions } from "./unobserved-rejections.js";
