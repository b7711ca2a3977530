import type { Component, ReadinessCheck } from "@kcp/shared";
import type { Repositories } from "./repositories.js";

/**
 * The source of truth of the service: the repositories, plus readiness and lifetime. Adapters: embedded (node:sqlite,
 * `npm start`) and mongo (mongoose); one contract test suite runs against both.
 */
export interface Store extends Component, ReadinessCheck, Repositories {
  readonly kind: StoreKind;
}

export type StoreKind = "embedded" | "mongo";
