import { request } from "node:https";

/** What a request to the API server needs: where it is, the admin's bearer token, and the CA its certificate is from. */
export interface KubeConnection {
  readonly url: string;
  readonly token: string;
  readonly caCertificate: string;
}

export interface KubeResponse {
  status: number;
  /** The body parsed as JSON (the API server answers JSON, Status objects included), or undefined when it is not. */
  body: unknown;
  text: string;
}

export interface KubeRequestOptions {
  /** A string is sent as is (YAML for server-side apply); anything else as JSON. */
  body?: unknown;
  /** Default: application/json. */
  contentType?: string;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** As client-go: a 429 that says when to come back is asked again (up to 10 times), since nothing was done. */
const TOO_MANY_REQUESTS_TRIES = 10;

/**
 * One request to the API server with the admin token, trusting only the server's CA: plain node:https, since global
 * fetch takes no CA of its own and the harness adds no Kubernetes client dependency. Any status is answered, not thrown,
 * except a 429 with Retry-After (a new CRD's storage still initializing, or priority and fairness shedding load),
 * which is sent again after the time it names.
 */
export async function kubeRequest(
  server: KubeConnection,
  method: string,
  path: string,
  options: KubeRequestOptions = {},
): Promise<KubeResponse> {
  for (let attempt = 1; ; attempt++) {
    const response = await kubeRequestOnce(server, method, path, options);
    if (response.status !== 429 || response.retryAfterSeconds === undefined || attempt >= TOO_MANY_REQUESTS_TRIES)
      return response;
    await new Promise((resolve) => setTimeout(resolve, Math.min(response.retryAfterSeconds ?? 1, 5) * 1000));
  }
}

function kubeRequestOnce(
  server: KubeConnection,
  method: string,
  path: string,
  options: KubeRequestOptions,
): Promise<KubeResponse & { retryAfterSeconds?: number }> {
  const payload =
    options.body === undefined
      ? undefined
      : typeof options.body === "string"
        ? options.body
        : JSON.stringify(options.body);
  const headers: Record<string, string> = { Authorization: `Bearer ${server.token}`, Accept: "application/json" };
  if (payload !== undefined) {
    headers["Content-Type"] = options.contentType ?? "application/json";
    headers["Content-Length"] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, server.url), { method, headers, ca: server.caCertificate }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const retryAfter = Number(res.headers["retry-after"]);
        resolve({
          status: res.statusCode ?? 0,
          body: parse(text),
          text,
          ...(Number.isFinite(retryAfter) && res.headers["retry-after"] ? { retryAfterSeconds: retryAfter } : {}),
        });
      });
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
    req.on("error", reject);
    req.end(payload);
  });
}
