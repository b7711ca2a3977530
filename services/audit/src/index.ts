export { type AuditEmitter, auditEmitter } from "./audit-emitter.js";
export { type AuditService, type AuditServiceDependencies, createAuditService } from "./audit-service.js";
