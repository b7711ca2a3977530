import type { Component, ReadinessCheck } from "@kcp/shared";

/**
 * The source of truth of the service. Each adapter (embedded: node:sqlite; mongo: mongoose) implements it, and one
 * contract test suite runs against both.
 *
 * The repositories (users, sessions, login attempts, clusters, cluster views, operations, audit) are declared in
 * ./repositories.ts; adapters grow into `Store & Repositories` as the features that need them land.
 */
export interface Store extends Component, ReadinessCheck {
  readonly kind: StoreKind;
}

export type StoreKind = "embedded" | "mongo";
