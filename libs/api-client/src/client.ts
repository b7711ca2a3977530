import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./schema.js";

export interface ApiClientOptions {
  /** Where the service is, e.g. http://127.0.0.1:8080 ("" in a browser page of the same origin). */
  baseUrl: string;
  /** A session or API token, sent as `Authorization: Bearer`; without it, the browser's session cookie (if any). */
  token?: string;
  fetch?: typeof fetch;
}

export type ApiClient = Client<paths>;

/**
 * A client typed by the OpenAPI document: each path, its parameters, body and answer. It sends the token, and
 * `X-Service-Request: 1` (the service's CSRF guard) on every request that is not a GET.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use({
    onRequest({ request }) {
      if (options.token) request.headers.set("Authorization", `Bearer ${options.token}`);
      if (request.method !== "GET" && request.method !== "HEAD") request.headers.set("X-Service-Request", "1");
      return request;
    },
  });
  return client;
}

/** The service's error envelope (the document's ErrorEnvelope): every answer that is not a success carries one. */
export type ErrorEnvelope = components["schemas"]["ErrorEnvelope"];

/**
 * An answer that was not a success: its status, the envelope's code and message (`http_error` when the answer
 * carried no envelope). The one error type of every client: the kcp command line, the web console, the tests.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function isEnvelope(value: unknown): value is ErrorEnvelope {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === "string" && typeof error.message === "string";
}

/** The data of a success, or an ApiError carrying the envelope's message. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  if (isEnvelope(result.error))
    throw new ApiError(result.response.status, result.error.error.code, result.error.error.message);
  throw new ApiError(result.response.status, "http_error", `The service answered ${result.response.status}`);
}
