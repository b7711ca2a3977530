import { createConnection } from "node:net";
import { join } from "node:path";
import {
  type Component,
  freePort,
  type ManagedProcess,
  makeRunDir,
  sharedInstance,
  startProcess,
  waitFor,
} from "../common/index.js";
import { ensureRedisServer } from "./redis-binary.js";

export interface RedisServer extends Component {
  readonly url: string;
  readonly port: number;
  /** Whether its data survives a stop, a kill and a restart (`startRedis({ persistent: true })`). */
  readonly persistent: boolean;
  /** SIGKILL: the server vanishes as in a crash. */
  kill(): Promise<void>;
  /** Starts it again on the same port (after stop or kill; a running one is stopped first), on the same folder. */
  restart(): Promise<void>;
}

export interface RedisOptions {
  /**
   * Keep the data across restarts: an append-only file synced on every write (`--appendonly yes --appendfsync
   * always`), so every write Redis acknowledged survives even a SIGKILL — what a deployment whose BullMQ jobs must
   * outlive a Redis restart configures. Default: no persistence (`--save '' --appendonly no`), a restart empties it.
   */
  persistent?: boolean;
  /**
   * The address it listens on (default 127.0.0.1): the host's address on the Kubernetes node's link, for pods. Its
   * protected mode stays on: without a password it answers only the loopback, so the address given also needs it off.
   */
  host?: string;
}

/** Sends PING over a raw socket and resolves on +PONG. */
function ping(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.setTimeout(1000);
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A real Redis on a free loopback port, in its own folder; without persistence unless asked for. */
export async function startRedis(options: RedisOptions = {}): Promise<RedisServer> {
  const persistent = options.persistent ?? false;
  const host = options.host ?? "127.0.0.1";
  const binary = await ensureRedisServer();
  const port = await freePort();
  const dir = await makeRunDir("redis");
  let process: ManagedProcess | undefined;

  const launch = async () => {
    process = await startProcess({
      command: binary,
      args: [
        ...["--port", String(port), "--bind", host, "--dir", dir, "--save", ""],
        ...(host === "127.0.0.1" ? [] : ["--protected-mode", "no"]),
        ...(persistent ? ["--appendonly", "yes", "--appendfsync", "always"] : ["--appendonly", "no"]),
      ],
      logFile: join(dir, "redis.log"),
      budget: { kind: "redis", what: `Redis on port ${port}` },
    });
    const started = process;
    await waitFor(`redis on port ${port}`, async () => {
      if (started.hasExited()) throw new Error(`redis-server exited; see ${started.logFile}`);
      return (await ping(port, host)) ? true : undefined;
    });
    await started.up();
  };
  await launch();

  return {
    url: `redis://${host}:${port}`,
    port,
    persistent,
    stop: async () => process?.stop(10_000),
    kill: async () => process?.kill(),
    restart: async () => {
      await process?.stop(10_000);
      await launch();
    },
  };
}

/** The run's shared Redis, started on first use. */
export function getSharedRedis(): Promise<RedisServer> {
  return sharedInstance("redis", () => startRedis());
}
