import { createApiClient } from "@kcp/api-client";
export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface CallOptions {
  token?: string;
  cookie?: string;
  body?: unknown;
  /** Send X-Service-Request: 1 (default true). */
  csrf?: boolean;
  headers?: Record<string, string>;
}

/** A tiny HTTP client for the API: JSON in and out, the session as a Bearer token or a cookie. */
export function apiClient(baseUrl: string) {
  const calls: ApiResponse[] = [];
  async function call<T = Record<string, unknown>>(method: string, path: string, options: CallOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.csrf !== false && method !== "GET") headers["x-service-request"] = "1";
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    const result = {
      status: response.status,
      headers: response.headers,
      text,
      // An NDJSON stream (the audit export) is many documents: its lines are in `text`.
      body: (text && !response.headers.get("content-type")?.startsWith("application/x-ndjson")
        ? JSON.parse(text)
        : {}) as T,
    };
    calls.push(result as ApiResponse);
    return result;
  }
  /** Every response this client received, for leak checks. */
  call.responses = calls;
  /** The generated client (@kcp/api-client, typed by the OpenAPI document) on the same service; its answers recorded too. */
  call.typed = (token?: string) =>
    createApiClient({
      baseUrl,
      ...(token ? { token } : {}),
      fetch: async (input: string | URL | Request, init?: RequestInit) => {
        const response = await fetch(input, init);
        const text = await response.clone().text();
        const json = response.headers.get("content-type")?.startsWith("application/json") && text;
        calls.push({ status: response.status, headers: response.headers, text, body: json ? JSON.parse(text) : {} });
        return response;
      },
    });
  return call;
}

export type Api = ReturnType<typeof apiClient>;
