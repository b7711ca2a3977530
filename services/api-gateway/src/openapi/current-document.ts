import { authSection, loadConfig } from "@kcp/shared";
import { API_VERSION, type RouteTableDependencies, routeTable } from "../routes/table.js";
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
 * settings. The console's API client is generated from it (apps/console, `npm run generate`).
 */
export function currentOpenApiDocument(): unknown {
  const deps: RouteTableDependencies = {
    store: inert("store"),
    box: inert("box"),
    login: inert("login"),
    auth: loadConfig(authSection, {}),
    clusters: inert("clusters"),
    actions: inert("actions"),
    operations: inert("operations"),
  };
  return openApiDocument(routeTable(deps), API_VERSION);
}
