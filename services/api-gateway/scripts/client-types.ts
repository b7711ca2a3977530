import openapiTS, { astToString } from "openapi-typescript";
import { currentOpenApiDocument } from "../src/openapi/current-document.js";

const HEADER =
  "// Generated from the service's OpenAPI document by `npm run generate-client -w @kcp/api-gateway`. Do not edit.\n";

/** The types of @kcp/api-client: openapi-typescript's output for the document the gateway serves at /api/v1/openapi.json. */
export async function clientTypes(): Promise<string> {
  // A default does not make a field required: request shapes are components too, and the service fills their defaults
  // (answers list every field they always carry as required).
  const ast = await openapiTS(currentOpenApiDocument() as Parameters<typeof openapiTS>[0], {
    defaultNonNullable: false,
  });
  return HEADER + astToString(ast);
}
