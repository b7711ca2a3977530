import { once } from "node:events";
import { type AddressInfo, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP server that only records: every connection and every byte it receives, and answers nothing (it is no fake
 * Kafka, no fake API server). A test points a profile, a kubeconfig or an advertised listener at it to prove that the
 * service sends nothing there — or, when something is sent, which bytes (never a stored secret). Each connection is
 * closed once its first bytes are in, so a client waiting for an answer fails at once instead of timing out.
 */
export class ByteRecorder {
  /** Connections accepted. */
  connections = 0;
  private readonly chunks: Buffer[] = [];
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly host: string,
    readonly port: number,
  ) {}

  /** Listens on `host` (default 127.0.0.2, an address tests keep off their allow-lists) on a free port. */
  static async start(host = "127.0.0.2"): Promise<ByteRecorder> {
    let recorder: ByteRecorder | undefined;
    const server = createServer((socket) => {
      if (!recorder) {
        socket.destroy();
        return;
      }
      const self = recorder;
      self.connections++;
      self.sockets.add(socket);
      socket.on("data", (chunk: Buffer) => {
        self.chunks.push(chunk);
        socket.destroy();
      });
      socket.on("error", () => undefined);
      socket.on("close", () => self.sockets.delete(socket));
    });
    server.listen(0, host);
    await once(server, "listening");
    recorder = new ByteRecorder(server, host, (server.address() as AddressInfo).port);
    return recorder;
  }

  /** `host:port`, as a bootstrap server or an advertised listener names it. */
  get address(): string {
    return `${this.host}:${this.port}`;
  }

  /** Every byte received, in order. */
  get bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }

  /** Whether `text` (UTF-8) appears in what was received. */
  received(text: string): boolean {
    return this.bytes.includes(Buffer.from(text, "utf8"));
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
