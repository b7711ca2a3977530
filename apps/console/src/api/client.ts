import type { paths } from "@kcp/api-client";
import createClient from "openapi-fetch";

/** The service's error envelope (docs/api.md): every non-2xx answer of the API carries one. */
export interface ErrorEnvelope {
  error: { code: string; message: string; details?: unknown };
}

/** An API answer that was not a success, with the envelope's code and message (or what the network said). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The session cookie goes along with every request of this origin, and every change carries `X-Service-Request: 1`,
 * the service's CSRF guard (the document's `csrf` security scheme).
 */
export const api = createClient<paths>({ baseUrl: "", credentials: "same-origin" });
api.use({
  onRequest({ request }) {
    if (request.method !== "GET" && request.method !== "HEAD") request.headers.set("X-Service-Request", "1");
    return request;
  },
});

function isEnvelope(value: unknown): value is ErrorEnvelope {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === "string" && typeof error.message === "string";
}

/** The data of a success, or an ApiError carrying the envelope's message. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  if (isEnvelope(result.error)) {
    throw new ApiError(result.response.status, result.error.error.code, result.error.error.message);
  }
  throw new ApiError(result.response.status, "http_error", `The service answered ${result.response.status}`);
}

/** A readable sentence for any failure: the envelope's message, or what went wrong on the way. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return "The service cannot be reached (network error)";
  return error instanceof Error ? error.message : String(error);
}
