import {
  AuditEntrySchema,
  AuditFilterQuerySchema,
  AuditListResponseSchema,
  type AuditQuery,
  AuditQuerySchema,
  encodeCursor,
} from "@kcp/shared";
import type { AuditFilter, AuditRecord, Store } from "@kcp/store";
import type { GatewayContext } from "../context.js";
import { route } from "./route.js";

const entryView = (entry: AuditRecord) => ({ ...entry, at: entry.at.toISOString() });

/** How many entries an export reads from the store at a time. */
const EXPORT_PAGE = 500;

function filterOf(query: Partial<AuditQuery>): AuditFilter {
  const filter: AuditFilter = {};
  if (query.actor !== undefined) filter.actor = query.actor;
  if (query.action !== undefined) filter.action = query.action;
  if (query.result !== undefined) filter.result = query.result;
  if (query.clusterId !== undefined) filter.clusterId = query.clusterId;
  if (query.from !== undefined) filter.from = query.from;
  if (query.to !== undefined) filter.to = query.to;
  return filter;
}

/** Every matching entry, newest first, read page by page with the id cursor (entries appended meanwhile are not). */
async function* matching(store: Store, filter: AuditFilter): AsyncIterable<unknown> {
  let before: number | undefined;
  for (;;) {
    const page = await store.audit.list({ ...filter, limit: EXPORT_PAGE, ...(before === undefined ? {} : { before }) });
    for (const entry of page) yield entryView(entry);
    if (page.length < EXPORT_PAGE) return;
    before = page.at(-1)?.id;
  }
}

export function auditRoutes({ store }: Pick<GatewayContext, "store">) {
  return [
    route<unknown, AuditQuery>({
      method: "GET",
      path: "/api/v1/audit",
      operationId: "listAuditEntries",
      role: "viewer",
      response: { status: 200, schema: AuditListResponseSchema },
      summary: "The audit log, newest first, filtered, a page at a time (before = the previous page's nextCursor)",
      query: AuditQuerySchema,
      async handle({ query }) {
        const entries = await store.audit.list({
          ...filterOf(query),
          limit: query.limit + 1,
          ...(query.before === undefined ? {} : { before: query.before }),
        });
        const page = entries.slice(0, query.limit);
        const last = page.at(-1);
        return {
          status: 200,
          body: {
            entries: page.map(entryView),
            ...(entries.length > query.limit && last ? { nextCursor: encodeCursor("audit", last.id) } : {}),
          },
        };
      },
    }),
    route<unknown, Partial<AuditQuery>>({
      method: "GET",
      path: "/api/v1/audit/export",
      operationId: "exportAuditEntries",
      role: "admin",
      response: { status: 200, schema: AuditEntrySchema, contentType: "application/x-ndjson" },
      summary: "Every matching audit entry as NDJSON, one entry per line, newest first, streamed (admin; audited)",
      action: "audit.export",
      auditRead: true,
      query: AuditFilterQuerySchema,
      audit: { read: ({ query }) => ({ export: "audit", filter: { ...query } }) },
      async handle({ query, res }) {
        res.setHeader("Content-Disposition", 'attachment; filename="audit.ndjson"');
        return { status: 200, ndjson: matching(store, filterOf(query)) };
      },
    }),
  ];
}
