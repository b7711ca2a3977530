import { join } from "node:path";
import { MongoClient } from "mongodb";
import {
  type Component,
  freePort,
  type ManagedProcess,
  makeRunDir,
  sharedInstance,
  startProcess,
  waitFor,
} from "../common/index.js";
import { ensureFerretDb } from "./ferretdb-binary.js";

export interface MongoServer extends Component {
  /** A MongoDB connection string (without a database name). */
  readonly url: string;
  /** "external" when MONGO_URL was given: then stop, kill and restart do nothing. */
  readonly kind: "ferretdb" | "external";
  /** SIGKILL: the server vanishes as in a crash. */
  kill(): Promise<void>;
  /**
   * Starts it again on the same port with the same data (its SQLite files stay in its folder), after stop or kill; a
   * running one is stopped first.
   */
  restart(): Promise<void>;
}

async function answersPing(url: string): Promise<boolean> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 1000, connectTimeoutMS: 1000 });
  try {
    await client.db("admin").command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await client.close();
  }
}

function external(url: string): MongoServer {
  const nothing = async () => {};
  return { url, kind: "external", stop: nothing, kill: nothing, restart: nothing };
}

/**
 * FerretDB with its SQLite backend on a free loopback port, in its own folder, whatever MONGO_URL says: for tests that
 * stop and restart their database. `host`: the address it listens on (the host's on the Kubernetes node's link, for pods).
 */
export async function startFerretDb(options: { host?: string } = {}): Promise<MongoServer> {
  const binary = await ensureFerretDb();
  const host = options.host ?? "127.0.0.1";
  const [port, debugPort] = [await freePort(), await freePort()];
  const dir = await makeRunDir("ferretdb");
  const url = `mongodb://${host}:${port}/`;
  let process: ManagedProcess | undefined;

  const launch = async () => {
    process = await startProcess({
      command: binary,
      args: [
        "--handler=sqlite",
        `--sqlite-url=file:${dir}/`,
        `--state-dir=${dir}`,
        `--listen-addr=${host}:${port}`,
        `--debug-addr=127.0.0.1:${debugPort}`,
        "--telemetry=disable",
        "--log-level=WARN",
      ],
      logFile: join(dir, "ferretdb.log"),
      budget: { kind: "ferretdb", what: `FerretDB on port ${port}` },
    });
    const started = process;
    await waitFor(`FerretDB on port ${port}`, async () => {
      if (started.hasExited()) throw new Error(`ferretdb exited; see ${started.logFile}`);
      return (await answersPing(url)) ? true : undefined;
    });
    await started.up();
  };
  await launch();

  return {
    url,
    kind: "ferretdb",
    stop: async () => process?.stop(10_000),
    kill: async () => process?.kill(),
    restart: async () => {
      await process?.stop(10_000);
      await launch();
    },
  };
}

/** `MONGO_URL` when it is set, otherwise a FerretDB started (and built, the first time) for this run. */
export function startMongo(env: NodeJS.ProcessEnv = process.env): Promise<MongoServer> {
  const given = env.MONGO_URL?.trim();
  return given ? Promise.resolve(external(given)) : startFerretDb();
}

/** The run's shared MongoDB-compatible server, started on first use. */
export function getSharedMongo(): Promise<MongoServer> {
  return sharedInstance("mongo", () => startMongo());
}
