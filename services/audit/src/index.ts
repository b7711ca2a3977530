export {
  type AuditRetention,
  type AuditService,
  type AuditServiceDependencies,
  createAuditService,
  retentionOf,
} from "./audit-service.js";
export { auditModule } from "./module.js";
