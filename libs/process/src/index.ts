export { type AuditEmitter, auditEmitter } from "./audit-emitter.js";
export { type Backends, openBackends, workerProcess } from "./backends.js";
export { isDependencyOutage, surviveDependencyOutages } from "./dependency-outage.js";
export { runProcess, type StartedProcess } from "./run-process.js";
export { separateServiceConfig } from "./separate-config.js";
export {
  type ConfigOf,
  configSchemaOf,
  openServiceContext,
  type RunningService,
  runService,
  type ServiceContext,
  type ServiceContextConfig,
  type ServiceModule,
  serviceContext,
  serviceModule,
} from "./service-module.js";
