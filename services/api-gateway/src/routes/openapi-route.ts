import { z } from "zod";
import { openApiDocument } from "../openapi/openapi-document.js";
import { type RouteSpec, route } from "./route.js";

const OpenApiDocumentSchema = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .describe("An OpenAPI 3.1 document");

/** GET /api/v1/openapi.json: the document of every route in the table (itself included), made once. */
export function openApiRoute(routes: () => readonly RouteSpec[], version: string) {
  let document: unknown;
  return route({
    method: "GET",
    path: "/api/v1/openapi.json",
    operationId: "getOpenApiDocument",
    role: "anonymous",
    summary: "The OpenAPI 3.1 document of this API, made from the same schemas that validate requests",
    response: { status: 200, schema: OpenApiDocumentSchema },
    async handle() {
      document ??= openApiDocument(routes(), version);
      return { status: 200, body: document };
    },
  });
}
