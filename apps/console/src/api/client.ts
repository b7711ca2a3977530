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

/** What may be asked without a session: the probe, the login, the public OpenAPI document. */
const OPEN_PATHS = new Set(["/api/v1/auth/session", "/api/v1/auth/login", "/api/v1/openapi.json"]);
let signedOut = false;

/**
 * Whether the console knows it has no session (the probe said so, or the user logged out): a request the service
 * would refuse with 401 is then answered here, never sent — the browser logs every refused request as an error, and
 * a console with nothing to hide should log none. A login (or a probe finding a session) ends it.
 */
export function setSignedOut(value: boolean): void {
  signedOut = value;
}

api.use({
  onRequest({ request }) {
    if (signedOut && !OPEN_PATHS.has(new URL(request.url, window.location.href).pathname)) {
      const envelope: ErrorEnvelope = { error: { code: "unauthenticated", message: "Sign in first" } };
      return new Response(JSON.stringify(envelope), { status: 401, headers: { "content-type": "application/json" } });
    }
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
