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

type Components = Record<string, unknown>;

/**
 * The schema with every `$ref` to a named component replaced by that component (the document names shared shapes:
 * `#/components/schemas/BrokerId`), so the forms read plain nested shapes. Params shapes are not recursive; the depth
 * bound only keeps a malformed document from looping.
 */
export function inlineRefs(value: unknown, components: Components, depth = 0): unknown {
  if (depth > 32 || typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => inlineRefs(item, components, depth + 1));
  const { $ref, ...rest } = value as { $ref?: unknown };
  const named = typeof $ref === "string" ? components[$ref.split("/").at(-1) ?? ""] : undefined;
  const merged = named && typeof named === "object" ? { ...named, ...rest } : value;
  return Object.fromEntries(
    Object.entries(merged as object)
      .filter(([key]) => key !== "$ref" || !named)
      .map(([key, item]) => [key, inlineRefs(item, components, depth + 1)]),
  );
}

/**
 * Each operation type's params schema, from the service's own OpenAPI document (the oneOf of POST
 * /clusters/{id}/operations): the plan forms are drawn from what the service validates, so they cannot drift either.
 */
export function useOperationParamSchemas() {
  return useQuery({
    queryKey: ["operation-param-schemas"],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const document = unwrap(await api.GET("/api/v1/openapi.json")) as {
        paths: Record<string, unknown>;
        components?: { schemas?: Components };
      };
      const post = (document.paths["/api/v1/clusters/{id}/operations"] as { post?: unknown } | undefined)?.post as
        | { requestBody?: { content?: { "application/json"?: { schema?: unknown } } } }
        | undefined;
      const body = inlineRefs(
        post?.requestBody?.content?.["application/json"]?.schema,
        document.components?.schemas ?? {},
      );
      const variants = (body as { oneOf?: Variant[] } | undefined)?.oneOf ?? [];
      const schemas = new Map<string, ParamSchema>();
      for (const variant of variants) {
        const type = variant.properties?.type?.const;
        if (type) schemas.set(type, variant.properties?.params ?? {});
      }
      return schemas;
    },
  });
}
