import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/**
 * Ports for the harness's servers come from below Linux's ephemeral range (where the kernel picks the local port of
 * every outgoing connection): a port is released between the hand-out and the server's bind (a Kafka JVM binds it
 * seconds later), and a port from the ephemeral range could be taken in between by any connection any process opens.
 * The range below is split into slices: a test process uses its shard's (`KCP_TEST_SHARD`, 1–4), anything else the
 * first, so the processes of one run never hand out the same port either. Within its slice a process walks forward
 * from a random start, skipping ports that are bound, and hands out a port again only after a whole round.
 */
const LOWEST = 10_000;
const SLICES = 5;

interface Slice {
  first: number;
  size: number;
  next: number;
}

let slice: Slice | undefined;
const handedOut = new Set<number>();

/** The first port of Linux's ephemeral range (32768 where it cannot be read). */
function ephemeralStart(): number {
  try {
    const low = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 0 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/** This process's slice of the ports below the ephemeral range (undefined when that range is too small to split). */
function ownSlice(): Slice | undefined {
  if (slice) return slice;
  const top = Math.min(ephemeralStart(), 32_768);
  const size = Math.floor((top - LOWEST) / SLICES);
  if (size < 1_000) return undefined;
  const shard = Number(process.env.KCP_TEST_SHARD ?? 0);
  const index = Number.isInteger(shard) && shard > 0 ? ((shard - 1) % (SLICES - 1)) + 1 : 0;
  const first = LOWEST + index * size;
  slice = { first, size, next: first + Math.floor(Math.random() * size) };
  return slice;
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A port the kernel chose from the ephemeral range (where no slice below it exists). */
function kernelPort(): Promise<number> {
  return new Promise<number>((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const chosen = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolvePort(chosen));
    });
  });
}

/**
 * `size` consecutive ports of this process's slice, free now and not handed out in this round; the cursor moves past
 * them. A round ends when the cursor wraps: ports handed out before may then be handed out again (if free).
 */
async function takeBlock(own: Slice, size: number): Promise<number> {
  const end = own.first + own.size;
  for (let tried = 0; tried <= own.size; tried++) {
    if (own.next + size > end) {
      own.next = own.first;
      handedOut.clear();
    }
    const base = own.next;
    const ports = Array.from({ length: size }, (_, i) => base + i);
    if (ports.some((port) => handedOut.has(port))) {
      own.next += 1;
      continue;
    }
    // Reserved before the bind test, so calls running at the same time never pick the same port.
    for (const port of ports) handedOut.add(port);
    own.next = base + size;
    if ((await Promise.all(ports.map(bindable))).every(Boolean)) return base;
  }
  throw new Error(`no ${size} free consecutive ports between ${own.first} and ${end - 1}`);
}

/**
 * A free TCP port on 127.0.0.1, from this process's slice below the ephemeral range. It is released before it is
 * used; no outgoing connection takes it meanwhile, and no other test process of the run hands it out.
 */
export async function freePort(): Promise<number> {
  const own = ownSlice();
  if (own) return takeBlock(own, 1);
  for (;;) {
    const port = await kernelPort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/** `size` consecutive free TCP ports on 127.0.0.1 (a container cluster's port base and the ports after it). */
export async function freePortBlock(size: number): Promise<number> {
  const own = ownSlice();
  if (!own) throw new Error("no port range below the ephemeral range for a block of ports");
  return takeBlock(own, size);
}
