import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "./client.js";

/** The part of JSON Schema the params forms read. */
export interface ParamSchema {
  type?: string | string[];
  description?: string;
  enum?: string[];
  items?: ParamSchema;
  properties?: Record<string, ParamSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
}

type Variant = { properties?: { type?: { const?: string }; params?: ParamSchema } };

/**
 * Each operation type's params schema, from the service's own OpenAPI document (the oneOf of POST
 * /clusters/{id}/operations): the plan forms are drawn from what the service validates, so they cannot drift either.
 */
export function useOperationParamSchemas() {
  return useQuery({
    queryKey: ["operation-param-schemas"],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const document = unwrap(await api.GET("/api/v1/openapi.json")) as { paths: Record<string, unknown> };
      const post = (document.paths["/api/v1/clusters/{id}/operations"] as { post?: unknown } | undefined)?.post as
        | { requestBody?: { content?: { "application/json"?: { schema?: { oneOf?: Variant[] } } } } }
        | undefined;
      const variants = post?.requestBody?.content?.["application/json"]?.schema?.oneOf ?? [];
      const schemas = new Map<string, ParamSchema>();
      for (const variant of variants) {
        const type = variant.properties?.type?.const;
        if (type) schemas.set(type, variant.properties?.params ?? {});
      }
      return schemas;
    },
  });
}
