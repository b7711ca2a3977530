import { ApiError, type ErrorEnvelope, type paths } from "@kcp/api-client";
import createClient from "openapi-fetch";

/** The API's error and the data of an answer (ApiError when not a success), as every client of the API has them. */
export { ApiError, unwrap } from "@kcp/api-client";

/**
 * The session cookie goes along with every request of this origin, and every change carries `X-Service-Request: 1`,
 * the service's CSRF guard (the document's `csrf` security scheme).
 */
export const api = createClient<paths>({ baseUrl: "", credentials: "same-origin" });

/**
 * What may be asked without a session: the probe, the logins (password, an LDAP provider's), the identity providers'
 * list, the public OpenAPI document.
 */
const OPEN_PATHS = new Set([
  "/api/v1/auth/session",
  "/api/v1/auth/login",
  "/api/v1/auth/providers",
  "/api/v1/openapi.json",
]);
const isOpen = (path: string) => OPEN_PATHS.has(path) || /^\/api\/v1\/auth\/ldap\/[^/]+\/login$/.test(path);
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
    if (signedOut && !isOpen(new URL(request.url, window.location.href).pathname)) {
      const envelope: ErrorEnvelope = { error: { code: "unauthenticated", message: "Sign in first" } };
      return new Response(JSON.stringify(envelope), { status: 401, headers: { "content-type": "application/json" } });
    }
    if (request.method !== "GET" && request.method !== "HEAD") request.headers.set("X-Service-Request", "1");
    return request;
  },
});

/** A readable sentence for any failure: the envelope's message, or what went wrong on the way. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return "The service cannot be reached (network error)";
  return error instanceof Error ? error.message : String(error);
}
