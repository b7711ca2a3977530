import { type Logger, withDeadline } from "@kcp/shared";
import mongoose, { type Connection, type ConnectOptions } from "mongoose";
import type { Store } from "../store.js";
import { MongoApiTokens } from "./api-tokens.js";
import { MongoAudit } from "./audit.js";
import { MongoAnomalies, MongoAutopilotPauses, MongoPolicies } from "./autopilot.js";
import { ClientWatchdog } from "./client-watchdog.js";
import { MongoClusters, MongoClusterViews } from "./clusters.js";
import { MongoDesiredStates } from "./desired-states.js";
import { createExpiryIndexes, type Models, registerModels } from "./models.js";
import { MongoOperations } from "./operations.js";
import { MongoRoleBindings } from "./role-bindings.js";
import { MongoSeries } from "./series.js";
import { MongoLoginAttempts, MongoSessions } from "./sessions.js";
import { MongoSsoLogins } from "./sso-logins.js";
import { MongoUsers } from "./users.js";
import { countWrites, type StoreWriteHook } from "./write-counter.js";

export interface MongoStoreOptions {
  url: string;
  /** Defaults to the database named in the URL, else "kafka_control_plane". */
  dbName?: string;
  logger?: Logger;
  pingTimeoutMs?: number;
  /** The client watchdog's timing (defaults: checked every 5 s, a new client asked after 15 s of failures). */
  watchdog?: { intervalMs?: number; stuckAfterMs?: number };
  /**
   * Told of each write command sent (insert, update, delete, findAndModify): its collection and its BSON size, for the
   * process's counters (kcp_store_writes_total, kcp_store_write_bytes_total). Turns on the driver's command
   * monitoring; none: nothing is monitored.
   */
  onWrite?: StoreWriteHook;
}

/** How long the watchdog's one-off client waits for the server. */
const FRESH_CLIENT_TIMEOUT_MS = 3_000;

/**
 * The MongoDB store (mongoose). Commands fail fast while the server is away (`bufferCommands: false`) and the driver
 * reconnects by itself; `ping` reports the state for /readyz; a client that stays cut off from a server that is back
 * is replaced (ClientWatchdog). Indexes are created at start-up.
 */
export class MongoStore implements Store {
  readonly kind = "mongo";
  readonly name = "store";
  readonly users;
  readonly sessions;
  readonly loginAttempts;
  readonly clusters;
  readonly clusterViews;
  readonly operations;
  readonly audit;
  readonly apiTokens;
  readonly policies;
  readonly anomalies;
  readonly autopilotPauses;
  readonly desiredStates;
  readonly series;
  readonly roleBindings;
  readonly ssoLogins;

  private readonly watchdog: ClientWatchdog;

  private constructor(
    private readonly connection: Connection,
    models: Models,
    private readonly options: MongoStoreOptions,
  ) {
    this.users = new MongoUsers(models);
    this.sessions = new MongoSessions(models);
    this.loginAttempts = new MongoLoginAttempts(models);
    this.clusters = new MongoClusters(models);
    this.clusterViews = new MongoClusterViews(models);
    this.operations = new MongoOperations(models);
    this.audit = new MongoAudit(models);
    this.apiTokens = new MongoApiTokens(models);
    this.policies = new MongoPolicies(models);
    this.anomalies = new MongoAnomalies(models);
    this.autopilotPauses = new MongoAutopilotPauses(models);
    this.desiredStates = new MongoDesiredStates(models);
    this.series = new MongoSeries(models);
    this.roleBindings = new MongoRoleBindings(models);
    this.ssoLogins = new MongoSsoLogins(models);
    this.watchdog = new ClientWatchdog({
      ping: () => this.ping(),
      freshClientReaches: () => freshClientReaches(options.url),
      rebuild: () => this.replaceClient(),
      ...(options.logger ? { logger: options.logger } : {}),
      ...options.watchdog,
    });
    this.watchdog.start();
  }

  static async open(options: MongoStoreOptions): Promise<MongoStore> {
    const connection = mongoose.createConnection(options.url, connectOptions(options));
    await connection.asPromise();
    if (options.onWrite) countWrites(connection, options.onWrite);
    watch(connection, options.logger);
    const models = registerModels(connection);
    await Promise.all(Object.values(models).map((model) => model.createIndexes()));
    const expiry = await createExpiryIndexes(models);
    if (!expiry) options.logger?.info("the server has no TTL indexes: the history's sweep deletes its expired records");
    return new MongoStore(connection, models, options);
  }

  async ping(): Promise<void> {
    const db = this.connection.db;
    if (!db) throw new Error("not connected to MongoDB");
    const timeoutMs = this.options.pingTimeoutMs ?? 1000;
    await withDeadline(db.admin().ping(), timeoutMs, `MongoDB did not answer within ${timeoutMs} ms`);
  }

  async stop(): Promise<void> {
    this.watchdog.stop();
    await this.connection.close();
  }

  /**
   * A new driver client on the same mongoose connection: the models stay bound to it, calls made meanwhile fail as
   * while the server is away (commands are not buffered).
   */
  private async replaceClient(): Promise<void> {
    // Not forced: mongoose refuses every later command of a force-closed connection (the driver ignores force anyway).
    await this.connection.close();
    await this.connection.openUri(this.options.url, connectOptions(this.options));
    if (this.options.onWrite) countWrites(this.connection, this.options.onWrite);
  }
}

function connectOptions(options: MongoStoreOptions): ConnectOptions {
  return {
    bufferCommands: false,
    autoIndex: false,
    serverSelectionTimeoutMS: 5000,
    ...(options.onWrite ? { monitorCommands: true } : {}),
    ...(options.dbName === undefined ? {} : { dbName: options.dbName }),
  };
}

/** Whether a client made for this question only reaches the server now. */
async function freshClientReaches(url: string): Promise<boolean> {
  const client = new mongoose.mongo.MongoClient(url, {
    serverSelectionTimeoutMS: FRESH_CLIENT_TIMEOUT_MS,
    connectTimeoutMS: FRESH_CLIENT_TIMEOUT_MS,
  });
  try {
    await client.connect();
    await withDeadline(client.db().admin().ping(), FRESH_CLIENT_TIMEOUT_MS, "no answer");
    return true;
  } catch {
    return false;
  } finally {
    await client.close(true).catch(() => undefined);
  }
}

function watch(connection: Connection, logger: Logger | undefined): void {
  let lost = false;
  connection.on("disconnected", () => {
    if (lost) return;
    lost = true;
    logger?.warn("MongoDB connection lost; the driver reconnects");
  });
  const restored = () => {
    if (!lost) return;
    lost = false;
    logger?.info("MongoDB connection restored");
  };
  connection.on("reconnected", restored);
  connection.on("connected", restored); // a replaced client connects anew
}
