import { serviceModule } from "@kcp/process";
import { auditSection } from "@kcp/shared";
import { createAuditService, retentionOf } from "./audit-service.js";

/** The audit service: appends the `audit` queue's events to the store, and applies the retention. */
export const auditModule = serviceModule({
  name: "audit",
  sections: [auditSection],
  async start(config, context) {
    const service = createAuditService({ ...context, retention: retentionOf(config) });
    await service.start();
    return service;
  },
});
