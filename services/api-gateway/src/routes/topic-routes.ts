import {
  CHANGE_ROLES,
  type ClusterPath,
  ClusterPathSchema,
  type ConfigChangeRequest,
  ConfigChangeRequestSchema,
  type CreateTopicRequest,
  CreateTopicRequestSchema,
  CreateTopicResponseSchema,
  type DeleteTopicRequest,
  DeleteTopicRequestSchema,
  DeleteTopicResponseSchema,
  type IncreasePartitionsRequest,
  IncreasePartitionsRequestSchema,
  IncreasePartitionsResponseSchema,
  type ProduceRequest,
  ProduceRequestSchema,
  ProduceResponseSchema,
  TopicConfigChangeResponseSchema,
  TopicConfigsResponseSchema,
  type TopicListQuery,
  TopicListQuerySchema,
  TopicListResponseSchema,
  type TopicPath,
  TopicPathSchema,
  TopicSchema,
  visibleNames,
} from "@kcp/shared";
import type { GatewayContext } from "../context.js";
import { route } from "./route.js";
import { KAFKA_ACTION_ERRORS, KAFKA_READ_ERRORS } from "./route-errors.js";

const utf8Bytes = (text: string | null) => (text === null ? null : Buffer.byteLength(text, "utf8"));

/** A produced message is data, not audit detail: the audit records its sizes, never its key, value or headers. */
function producedSizes(body: ProduceRequest) {
  return {
    partition: body.partition,
    keyBytes: utf8Bytes(body.key),
    valueBytes: utf8Bytes(body.value),
    headers: body.headers.length,
    headerBytes: body.headers.reduce(
      (sum, h) => sum + Buffer.byteLength(h.key, "utf8") + Buffer.byteLength(h.value, "utf8"),
      0,
    ),
  };
}

/** Endpoints 7–10 and the topic reads beside them: create, produce, add partitions, change and read configs. */
export function topicRoutes({ actions }: Pick<GatewayContext, "actions">) {
  return [
    route<unknown, TopicListQuery, ClusterPath>({
      method: "GET",
      path: "/api/v1/clusters/:id/topics",
      operationId: "listTopics",
      access: { kind: "visible" },
      role: "viewer",
      response: { status: 200, schema: TopicListResponseSchema },
      errors: KAFKA_READ_ERRORS,
      summary: "A page of topics by name with partition count, size and partition health",
      params: ClusterPathSchema,
      query: TopicListQuerySchema,
      async handle({ params, query, clusterAccess }) {
        const visible = clusterAccess && visibleNames(clusterAccess, "topics");
        return { status: 200, body: await actions.listTopics(params.id, query, visible) };
      },
    }),
    route<unknown, unknown, TopicPath>({
      method: "GET",
      path: "/api/v1/clusters/:id/topics/:topic",
      operationId: "getTopic",
      access: { kind: "topics", name: ({ params }) => params.topic },
      role: "viewer",
      response: { status: 200, schema: TopicSchema },
      errors: KAFKA_READ_ERRORS,
      summary: "One topic with its configs, partitions (leader, replicas, ISR) and replica sizes",
      params: TopicPathSchema,
      async handle({ params }) {
        return { status: 200, body: await actions.describeTopic(params.id, params.topic) };
      },
    }),
    route<CreateTopicRequest, unknown, ClusterPath>({
      method: "POST",
      path: "/api/v1/clusters/:id/topics",
      operationId: "createTopic",
      access: { kind: "topics", name: ({ body }) => body.name },
      role: CHANGE_ROLES["topic.create"],
      response: { status: 201, schema: CreateTopicResponseSchema },
      errors: [...KAFKA_ACTION_ERRORS, "already_exists"],
      summary: "Create a topic (0 partitions or replication factor = the broker default)",
      action: "topic.create",
      params: ClusterPathSchema,
      body: CreateTopicRequestSchema,
      audit: { target: ({ body }) => body.name },
      async handle({ params, body }) {
        return { status: 201, body: await actions.createTopic(params.id, body) };
      },
    }),
    route<DeleteTopicRequest, unknown, TopicPath>({
      method: "DELETE",
      path: "/api/v1/clusters/:id/topics/:topic",
      operationId: "deleteTopic",
      access: { kind: "topics", name: ({ params }) => params.topic },
      role: CHANGE_ROLES["topic.delete"],
      response: { status: 200, schema: DeleteTopicResponseSchema },
      errors: [...KAFKA_ACTION_ERRORS, "confirmation_mismatch"],
      summary:
        "Delete a topic and its data (irreversible: confirmName must repeat the topic's name; Kafka's internal topics are refused)",
      action: "topic.delete",
      params: TopicPathSchema,
      body: DeleteTopicRequestSchema,
      audit: { target: ({ params }) => params.topic },
      async handle({ params, body }) {
        return { status: 200, body: await actions.deleteTopic(params.id, params.topic, body.confirmName) };
      },
    }),
    route<ProduceRequest, unknown, TopicPath>({
      method: "POST",
      path: "/api/v1/clusters/:id/topics/:topic/messages",
      operationId: "produceMessage",
      access: { kind: "topics", name: ({ params }) => params.topic },
      role: CHANGE_ROLES["topic.produce"],
      response: { status: 200, schema: ProduceResponseSchema },
      errors: KAFKA_ACTION_ERRORS,
      summary: "Produce one message (partition null = Kafka's default partitioner)",
      action: "topic.produce",
      params: TopicPathSchema,
      body: ProduceRequestSchema,
      auditRequest: producedSizes,
      audit: { target: ({ params }) => params.topic },
      async handle({ params, body }) {
        return { status: 200, body: await actions.produce(params.id, params.topic, body) };
      },
    }),
    route<IncreasePartitionsRequest, unknown, TopicPath>({
      method: "POST",
      path: "/api/v1/clusters/:id/topics/:topic/partitions",
      operationId: "increasePartitions",
      access: { kind: "topics", name: ({ params }) => params.topic },
      role: CHANGE_ROLES["topic.partitions"],
      response: { status: 200, schema: IncreasePartitionsResponseSchema },
      errors: KAFKA_ACTION_ERRORS,
      summary: "Increase the partition count to a new total",
      action: "topic.partitions",
      params: TopicPathSchema,
      body: IncreasePartitionsRequestSchema,
      audit: { target: ({ params }) => params.topic },
      async handle({ params, body }) {
        return { status: 200, body: await actions.increasePartitions(params.id, params.topic, body.count) };
      },
    }),
    route<ConfigChangeRequest, unknown, TopicPath>({
      method: "PATCH",
      path: "/api/v1/clusters/:id/topics/:topic/configs",
      operationId: "alterTopicConfigs",
      access: { kind: "topics", name: ({ params }) => params.topic },
      role: CHANGE_ROLES["topic.configs"],
      response: { status: 200, schema: TopicConfigChangeResponseSchema },
      errors: KAFKA_ACTION_ERRORS,
      summary: "Set and delete topic configs (incremental; unknown keys are refused by name)",
      action: "topic.configs",
      params: TopicPathSchema,
      body: ConfigChangeRequestSchema,
      audit: { target: ({ params }) => params.topic },
      async handle({ params, body }) {
        const applied = await actions.changeConfigs(params.id, { type: "topic", name: params.topic }, body);
        return { status: 200, body: { topic: params.topic, ...applied } };
      },
    }),
    route<unknown, unknown, TopicPath>({
      method: "GET",
      path: "/api/v1/clusters/:id/topics/:topic/configs",
      operationId: "getTopicConfigs",
      access: { kind: "topics", name: ({ params }) => params.topic },
      role: "viewer",
      response: { status: 200, schema: TopicConfigsResponseSchema },
      errors: KAFKA_READ_ERRORS,
      summary: "Every config of a topic with its value and source (sensitive values never shown)",
      params: TopicPathSchema,
      async handle({ params }) {
        const configs = await actions.describeConfigs(params.id, { type: "topic", name: params.topic });
        return { status: 200, body: { topic: params.topic, configs } };
      },
    }),
  ];
}
