import { createServer } from "node:net";

const handedOut = new Set<number>();

/**
 * A free TCP port on 127.0.0.1. The port is released before it is used, so another process could take it in
 * between; ports handed out by this process are never handed out twice.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolvePort, reject) => {
      const server = createServer();
      server.unref();
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => {
        const address = server.address();
        const chosen = typeof address === "object" && address !== null ? address.port : 0;
        server.close(() => resolvePort(chosen));
      });
    });
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}
