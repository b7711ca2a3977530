export { type AuditEmitter, auditEmitter } from "./audit-emitter.js";
export {
  type AuditRetention,
  type AuditService,
  type AuditServiceDependencies,
  createAuditService,
  retentionOf,
} from "./audit-service.js";
