export { createGatewayApp, type GatewayAppOptions } from "./app.js";
export { RESET_ADMIN_ACTOR, type ResetAdminResult, resetAdmin } from "./auth/reset-admin.js";
export {
  GATEWAY_SECTIONS,
  type GatewayConfig,
  type GatewayContext,
  gatewayConfig,
  gatewayContext,
} from "./context.js";
export { JSON_BODY_LIMIT_BYTES } from "./http/json-body.js";
export { gatewayModule } from "./module.js";
export { currentOpenApiDocument } from "./openapi/current-document.js";
export type { RouteSpec } from "./routes/route.js";
export { routeTable } from "./routes/table.js";
export { type GatewayOptions, type RunningGateway, startGateway } from "./server.js";
