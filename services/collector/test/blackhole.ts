import { createServer, type Server, type Socket } from "node:net";

/**
 * A TCP server that accepts connections and never answers: a Kafka "broker" that hangs every request. It counts the
 * connections open at once, which is how many collections of its cluster run at the same moment.
 */
export class Blackhole {
  private readonly sockets = new Set<Socket>();
  private server?: Server;
  opened = 0;
  maxOpenAtOnce = 0;

  get open(): number {
    return this.sockets.size;
  }

  async listen(): Promise<string> {
    this.server = createServer((socket) => {
      this.sockets.add(socket);
      this.opened += 1;
      this.maxOpenAtOnce = Math.max(this.maxOpenAtOnce, this.sockets.size);
      socket.resume(); // read and drop what the client sends, so its FIN (a closed client) is seen
      socket.on("close", () => this.sockets.delete(socket));
      socket.on("error", () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    const address = this.server.address();
    if (!address || typeof address === "string") throw new Error("blackhole has no port");
    return `127.0.0.1:${address.port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
