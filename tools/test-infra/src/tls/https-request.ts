import { request } from "node:https";

export interface HttpsAnswer {
  status: number;
  text: string;
}

export interface HttpsRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** The exact body bytes (a string is sent as UTF-8). */
  body?: string | Buffer;
  /** The CA the server's certificate must chain to (fetch cannot be given one). */
  ca: string;
  timeoutMs?: number;
}

/** One HTTPS request trusting only `ca`: its status and body text, whatever the status. */
export function httpsRequest(url: string, options: HttpsRequestOptions): Promise<HttpsAnswer> {
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? "GET",
        headers: { ...options.headers, ...(body ? { "content-length": String(body.length) } : {}) },
        ca: options.ca,
        agent: false,
        signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
