export { type Api, type ApiResponse, apiClient, type CallOptions } from "./api-client.js";
export { prometheusValue } from "./prometheus.js";
