import { request } from "node:https";

/** An agent's answer: its HTTP status and body text. */
export interface AgentAnswer {
  status: number;
  text: string;
}

export interface TlsRequest {
  method: string;
  headers: Record<string, string>;
  /** The exact bytes to send. */
  body?: Buffer;
  /** The only CA the server's certificate may chain to (not the system store). */
  ca: string;
  timeoutMs: number;
}

/** The most an agent's answer may hold (a node list, a configuration): a larger one is refused, not buffered. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/**
 * One HTTPS request with node:https: the server's certificate must chain to `ca` and name the URL's host
 * (`checkServerIdentity`, Node's default), checked during the handshake, before a header or a byte of the body is
 * written. No connection is reused between requests, no redirect followed, no proxy used. Rejects on any failure to
 * connect, verify, send or receive within `timeoutMs`.
 */
export function sendTls(url: string, init: TlsRequest): Promise<AgentAnswer> {
  return new Promise((resolve, reject) => {
    const headers = { ...init.headers, ...(init.body ? { "content-length": String(init.body.length) } : {}) };
    const req = request(
      url,
      {
        method: init.method,
        headers,
        ca: init.ca,
        rejectUnauthorized: true,
        agent: false,
        signal: AbortSignal.timeout(init.timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            res.destroy(new Error(`an answer above ${MAX_ANSWER_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on("error", reject);
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}
