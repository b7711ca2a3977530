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

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * `size` consecutive free TCP ports on 127.0.0.1 (a container cluster's port base and the ports after it), below
 * Linux's ephemeral range so that freePort never hands one of them out; never handed out twice by this process.
 */
export async function freePortBlock(size: number): Promise<number> {
  for (;;) {
    const base = 10_000 + Math.floor(Math.random() * (32_000 - 10_000 - size));
    const ports = Array.from({ length: size }, (_, i) => base + i);
    if (ports.some((port) => handedOut.has(port))) continue;
    if (!(await Promise.all(ports.map(bindable))).every(Boolean)) continue;
    for (const port of ports) handedOut.add(port);
    return base;
  }
}
