import type { ErrorCode } from "@kcp/shared";

/**
 * Errors a route answers beyond those every route of its kind has (the OpenAPI document adds those: 401/403 for a
 * session route, 403 csrf_header_required for a non-GET one, 400/413 for a body, 400 validation_failed for params or
 * a query, 404 for a path with ids, 500). Grouped by what the route does.
 */
/** `kafka_timeout`: Kafka did not answer within KAFKA_REQUEST_TIMEOUT_MS. */
export const KAFKA_READ_ERRORS: readonly ErrorCode[] = ["cluster_unreachable", "kafka_error", "kafka_timeout"];
/** `conflict`: a write to a cluster whose bootstrap address now reaches another Kafka cluster (until confirmed). */
export const KAFKA_ACTION_ERRORS: readonly ErrorCode[] = [
  "capability_unavailable",
  "invalid_request",
  "cluster_unreachable",
  "kafka_error",
  "kafka_timeout",
  "conflict",
];
/** `invalid_request`: a bootstrap host KAFKA_ALLOWED_HOSTS does not allow. */
export const CONNECTION_ERRORS: readonly ErrorCode[] = ["already_exists", "invalid_request", "cluster_unreachable"];
