export {
  type ApiClient,
  type ApiClientOptions,
  ApiError,
  createApiClient,
  type ErrorEnvelope,
  unwrap,
} from "./client.js";
export { type BytesFormat, formatBytes } from "./format.js";
export type { components, operations, paths } from "./schema.js";
