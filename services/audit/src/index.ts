export { type AuditService, type AuditServiceDependencies, createAuditService } from "./audit-service.js";
