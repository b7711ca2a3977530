import { useQuery } from "@tanstack/react-query";

/** The parts of the service's OpenAPI document the reference page shows. */
export interface ReferenceParameter {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema?: Record<string, unknown>;
}
export interface ReferenceResponse {
  description: string;
  "x-error-codes"?: string[];
  content?: Record<string, { schema?: Record<string, unknown> }>;
}
export interface ReferenceOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  "x-role": string;
  parameters: ReferenceParameter[];
  requestBody?: { content: Record<string, { schema?: Record<string, unknown> }> };
  responses: Record<string, ReferenceResponse>;
}
export interface ReferenceDocument {
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, ReferenceOperation>>;
  components: { schemas: Record<string, unknown> };
}

export const OPENAPI_PATH = "/api/v1/openapi.json";

/** The document the service serves (no session needed): the page is made from it, so it cannot drift either. */
export function useOpenApiDocument() {
  return useQuery({
    queryKey: ["openapi"],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const response = await fetch(OPENAPI_PATH, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`The OpenAPI document could not be read (HTTP ${response.status})`);
      return (await response.json()) as ReferenceDocument;
    },
  });
}
