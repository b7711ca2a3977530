import {
  BrokerConfigChangeResponseSchema,
  BrokerConfigsResponseSchema,
  type BrokerPath,
  BrokerPathSchema,
  CHANGE_ROLES,
  type ConfigChangeRequest,
  ConfigChangeRequestSchema,
} from "@kcp/shared";
import type { GatewayContext } from "../context.js";
import { route } from "./route.js";
import { KAFKA_ACTION_ERRORS, KAFKA_READ_ERRORS } from "./route-errors.js";

/** Endpoint 11 and the broker config read beside it. */
export function brokerRoutes({ actions }: Pick<GatewayContext, "actions">) {
  return [
    route<ConfigChangeRequest, unknown, BrokerPath>({
      method: "PATCH",
      path: "/api/v1/clusters/:id/brokers/:broker/configs",
      operationId: "alterBrokerConfigs",
      role: CHANGE_ROLES["broker.configs"],
      response: { status: 200, schema: BrokerConfigChangeResponseSchema },
      errors: KAFKA_ACTION_ERRORS,
      summary: "Set and delete dynamic broker configs (incremental; unknown and static keys are refused by name)",
      action: "broker.configs",
      params: BrokerPathSchema,
      body: ConfigChangeRequestSchema,
      audit: { target: ({ params }) => String(params.broker) },
      async handle({ params, body }) {
        const applied = await actions.changeConfigs(params.id, { type: "broker", id: params.broker }, body);
        return { status: 200, body: { broker: params.broker, ...applied } };
      },
    }),
    route<unknown, unknown, BrokerPath>({
      method: "GET",
      path: "/api/v1/clusters/:id/brokers/:broker/configs",
      operationId: "getBrokerConfigs",
      role: "viewer",
      response: { status: 200, schema: BrokerConfigsResponseSchema },
      errors: KAFKA_READ_ERRORS,
      summary:
        "Every config of a broker with its value, source and whether it is dynamic (sensitive values never shown)",
      params: BrokerPathSchema,
      async handle({ params }) {
        const configs = await actions.describeConfigs(params.id, { type: "broker", id: params.broker });
        return { status: 200, body: { broker: params.broker, configs } };
      },
    }),
  ];
}
