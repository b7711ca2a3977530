import {
  AuditEntrySchema,
  AuditFilterQuerySchema,
  AuditListResponseSchema,
  type AuditQuery,
  AuditQuerySchema,
  auditEntryVisible,
  type ClusterRef,
  encodeCursor,
  type Principal,
  serviceRank,
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

/** A page of the log as the filter selects it: what a principal with a role over the whole service sees. */
async function wholePage(store: Store, query: AuditQuery) {
  const entries = await store.audit.list({
    ...filterOf(query),
    limit: query.limit + 1,
    ...(query.before === undefined ? {} : { before: query.before }),
  });
  const page = entries.slice(0, query.limit);
  return { page, more: entries.length > query.limit, last: page.at(-1)?.id };
}

/** At most this many store pages are read for one page of a principal who sees part of the log. */
const VISIBLE_SCAN_PAGES = 10;

/**
 * A page of the entries a principal sees (`auditEntryVisible`): store pages are read until the page is full, the log
 * ends, or VISIBLE_SCAN_PAGES were read — then the cursor continues after the last entry read, so a page may hold
 * fewer entries than asked while more follow.
 */
async function visiblePage(store: Store, query: AuditQuery, principal: Principal) {
  const clusters = new Map<string, Promise<ClusterRef | undefined>>();
  const clusterOf = (id: string) => {
    let found = clusters.get(id);
    if (!found) {
      found = store.clusters.findById(id).then((r) => r && { id: r.id, name: r.name, labels: r.labels });
      clusters.set(id, found);
    }
    return found;
  };
  const page: AuditRecord[] = [];
  let before = query.before;
  for (let read = 0; read < VISIBLE_SCAN_PAGES; read++) {
    const entries = await store.audit.list({
      ...filterOf(query),
      limit: query.limit,
      ...(before === undefined ? {} : { before }),
    });
    for (const entry of entries) {
      const cluster = entry.clusterId === undefined ? undefined : await clusterOf(entry.clusterId);
      if (auditEntryVisible(principal, entry, cluster)) page.push(entry);
      before = entry.id;
      if (page.length === query.limit) return { page, more: true, last: entry.id };
    }
    if (entries.length < query.limit) return { page, more: false, last: before };
  }
  return { page, more: true, last: before };
}

export function auditRoutes({ store }: Pick<GatewayContext, "store">) {
  return [
    route<unknown, AuditQuery>({
      method: "GET",
      path: "/api/v1/audit",
      operationId: "listAuditEntries",
      access: { kind: "own" },
      role: "viewer",
      response: { status: 200, schema: AuditListResponseSchema },
      summary: "The audit log, newest first, filtered, a page at a time (before = the previous page's nextCursor)",
      query: AuditQuerySchema,
      async handle({ query, principal }) {
        const { page, more, last } =
          serviceRank(principal) >= 0 ? await wholePage(store, query) : await visiblePage(store, query, principal);
        return {
          status: 200,
          body: {
            entries: page.map(entryView),
            ...(more && last !== undefined ? { nextCursor: encodeCursor("audit", last) } : {}),
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
