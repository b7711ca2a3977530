import {
  type BrowseMessagesQuery,
  BrowseMessagesQuerySchema,
  type BrowseMessagesResponse,
  BrowseMessagesResponseSchema,
  type TopicPath,
  TopicPathSchema,
} from "@kcp/shared";
import type { GatewayContext } from "../context.js";
import { route } from "./route.js";
import { KAFKA_ACTION_ERRORS } from "./route-errors.js";

/** Partitions the audit entry of one read lists by range; the rest are counted. */
const AUDITED_RANGES = 100;

/** What the audit keeps of a read: where it read and how much — never a key, value, header or the filter's text. */
function requestedRead(query: BrowseMessagesQuery) {
  return {
    partition: query.partition ?? "all",
    from: query.cursor === undefined ? query.from : "cursor",
    ...(query.offset === undefined ? {} : { offset: query.offset }),
    ...(query.timestamp === undefined ? {} : { timestamp: new Date(query.timestamp).toISOString() }),
    limit: query.limit,
    maxBytes: query.maxBytes,
    maxScan: query.maxScan,
    filtered: query.filter !== undefined,
  };
}

function readOutcome(page: BrowseMessagesResponse) {
  return {
    returned: page.messages.length,
    scanned: page.scanned,
    stoppedBy: page.stoppedBy,
    partitionsRead: page.partitionsRead,
    ranges: page.partitions.slice(0, AUDITED_RANGES).map((p) => ({ partition: p.partition, from: p.from, to: p.to })),
  };
}

/** Reading records: a bounded page, audited like a change (records can hold personal or secret data). */
export function messageRoutes({ actions, config }: Pick<GatewayContext, "actions" | "config">) {
  const role = config.BROWSE_MESSAGES_ROLE;
  return [
    route<unknown, BrowseMessagesQuery, TopicPath, undefined, BrowseMessagesResponse>({
      method: "GET",
      path: "/api/v1/clusters/:id/topics/:topic/messages",
      operationId: "browseMessages",
      access: { kind: "topics", name: ({ params }) => params.topic },
      role,
      response: { status: 200, schema: BrowseMessagesResponseSchema },
      errors: KAFKA_ACTION_ERRORS,
      summary:
        "A bounded page of a topic's messages (keys, values and headers as text, JSON or base64), read without a " +
        "consumer group; audited",
      action: "topic.browse",
      auditRead: true,
      params: TopicPathSchema,
      query: BrowseMessagesQuerySchema,
      audit: { read: ({ query, done }) => ({ ...requestedRead(query), ...(done ? readOutcome(done) : {}) }) },
      async handle({ params, query }) {
        const page = await actions.browseMessages(params.id, params.topic, query);
        return { status: 200, body: page, done: page };
      },
    }),
  ];
}
