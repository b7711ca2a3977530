export type { Component, ReadinessCheck } from "./component.js";
export { type ShutdownOptions, stopAll, stopOnSignals } from "./lifecycle.js";
