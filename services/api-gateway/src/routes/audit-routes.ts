import { AuditListResponseSchema, AuditQuerySchema } from "@kcp/shared";
import type { AuditRecord, Store } from "@kcp/store";
import { route } from "./route.js";

const entryView = (entry: AuditRecord) => ({ ...entry, at: entry.at.toISOString() });

export function auditRoutes(store: Store) {
  return [
    route({
      method: "GET",
      path: "/api/v1/audit",
      role: "viewer",
      response: { status: 200, schema: AuditListResponseSchema },
      summary: "The audit log, newest first",
      query: AuditQuerySchema,
      async handle({ query }) {
        const entries = await store.audit.list({
          limit: query.limit,
          ...(query.clusterId === undefined ? {} : { clusterId: query.clusterId }),
        });
        return { status: 200, body: { entries: entries.map(entryView) } };
      },
    }),
  ];
}
