/**
 * The error catalog: every error code the API can answer with, and its HTTP status.
 * The envelope is always `{error: {code, message}}`.
 */
export const ERROR_CATALOG = {
  bad_request: { status: 400, message: "The request is malformed" },
  validation_failed: { status: 400, message: "The request does not match the schema" },
  unauthenticated: { status: 401, message: "Authentication required" },
  invalid_credentials: { status: 401, message: "Invalid username or password" },
  sso_failed: { status: 401, message: "The sign-in through the identity provider failed" },
  csrf_header_required: { status: 403, message: "Non-GET requests must carry the header X-Service-Request: 1" },
  forbidden: { status: 403, message: "Your role does not allow this action" },
  approval_required: { status: 403, message: "Another person than its planner must confirm this operation" },
  not_found: { status: 404, message: "Not found" },
  already_exists: { status: 409, message: "Already exists" },
  conflict: { status: 409, message: "The request conflicts with the current state" },
  binding_from_file: { status: 409, message: "The role binding comes from the bindings file: change it there" },
  plan_expired: { status: 410, message: "The plan has expired" },
  payload_too_large: { status: 413, message: "The request body is too large" },
  confirmation_mismatch: { status: 422, message: "The confirmation does not match the cluster name" },
  capability_unavailable: { status: 422, message: "The action is not available for this cluster" },
  invalid_request: { status: 422, message: "The request cannot be carried out" },
  version_unavailable: { status: 422, message: "The cluster's nodes cannot obtain that version" },
  too_many_attempts: { status: 429, message: "Too many failed login attempts" },
  cluster_unreachable: { status: 502, message: "No broker of the cluster answered" },
  kafka_error: { status: 502, message: "Kafka refused the request" },
  sso_unavailable: { status: 502, message: "The identity provider did not answer in time" },
  kafka_timeout: { status: 504, message: "A Kafka request did not answer in time" },
  not_ready: { status: 503, message: "The service is not ready" },
  internal: { status: 500, message: "Internal error" },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export const ERROR_CODES = Object.keys(ERROR_CATALOG) as ErrorCode[];

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string };
}
