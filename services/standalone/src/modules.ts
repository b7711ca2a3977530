import { gatewayModule } from "@kcp/api-gateway";
import { auditModule } from "@kcp/audit";
import { collectorModule } from "@kcp/collector";
import { operationsWorkerModule } from "@kcp/operations-worker";
import type { ServiceModule } from "@kcp/process";

/**
 * What the standalone process runs, in start order: the same modules each service's own process runs, so the single
 * process cannot drift from the separately deployed services. The gateway starts last (no request before the rest is
 * up) and stops first.
 */
export const STANDALONE_MODULES = [auditModule, collectorModule, operationsWorkerModule, gatewayModule] as const;

type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;
type ConfigOfModule<M> = M extends ServiceModule<infer C> ? C : never;

/** Every section of every module. */
export type StandaloneConfig = Intersection<ConfigOfModule<(typeof STANDALONE_MODULES)[number]>>;
