import { type GatewayContext, gatewayConfig } from "../context.js";
import { API_VERSION, routeTable } from "../routes/table.js";
import { openApiDocument } from "./openapi-document.js";

/** A dependency the table only holds: building the document calls none of them. */
function inert(name: string): never {
  return new Proxy(
    {},
    {
      get(_target, property) {
        throw new Error(`${name}.${String(property)} used while only describing the routes`);
      },
    },
  ) as never;
}

/**
 * The OpenAPI document of this build, without a running service: what `/api/v1/openapi.json` answers with the default
 * settings. The console's API client is generated from it (apps/console, `npm run generate`). The context is the
 * default configuration, every service in it inert.
 */
export function currentOpenApiDocument(): unknown {
  const config = gatewayConfig();
  const context = new Proxy({} as GatewayContext, {
    get: (_target, property) => (property === "config" ? config : inert(String(property))),
  });
  return openApiDocument(routeTable(context), API_VERSION);
}
