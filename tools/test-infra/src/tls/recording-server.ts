import { once } from "node:events";
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";

/** A request a recording server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface RecordingServerOptions {
  /** The loopback address to listen on (default 127.0.0.2: not 127.0.0.1, which tests pin and allow). */
  host?: string;
  /** Serve HTTPS with this certificate and key (PEM). */
  tls?: { certPem: string; keyPem: string };
  /** What `/v1/health` answers as its agent id (an impostor claims a real agent's); default "recorder". */
  agentId?: string;
}

/**
 * A server that records every connection and request it receives and answers like a node agent would (health with
 * the configured agent id; `{nodes: []}` to anything else): what a test points registrations, stored records or
 * certificates at to prove that nothing, or no token, reaches it.
 */
export class RecordingServer {
  /** TCP connections accepted. */
  connections = 0;
  /** TLS handshakes the server completed (HTTPS only). */
  handshakes = 0;
  readonly requests: RecordedRequest[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(options: RecordingServerOptions = {}): Promise<RecordingServer> {
    const host = options.host ?? "127.0.0.2";
    let recorder: RecordingServer | undefined;
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        recorder?.requests.push({
          method: req.method ?? "",
          path: req.url ?? "",
          headers: req.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        });
        const body =
          req.url === "/v1/health" ? { status: "ok", agentId: options.agentId ?? "recorder" } : { nodes: [] };
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(body));
      });
    };
    const server = options.tls
      ? createHttpsServer({ cert: options.tls.certPem, key: options.tls.keyPem }, handler)
      : createHttpServer(handler);
    server.on("connection", () => {
      if (recorder) recorder.connections++;
    });
    server.on("secureConnection", () => {
      if (recorder) recorder.handshakes++;
    });
    server.listen(0, host);
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    recorder = new RecordingServer(server, `${options.tls ? "https" : "http"}://${host}:${port}`);
    return recorder;
  }

  /** Requests that carried an Authorization header (a command token). */
  get tokensSeen(): number {
    return this.requests.filter((r) => r.headers.authorization !== undefined).length;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
