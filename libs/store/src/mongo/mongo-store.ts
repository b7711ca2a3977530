import { type Logger, withDeadline } from "@kcp/shared";
import mongoose, { type Connection } from "mongoose";
import type { Store } from "../store.js";
import { MongoAudit } from "./audit.js";
import { MongoClusters, MongoClusterViews } from "./clusters.js";
import { type Models, registerModels } from "./models.js";
import { MongoOperations } from "./operations.js";
import { MongoLoginAttempts, MongoSessions } from "./sessions.js";
import { MongoUsers } from "./users.js";

export interface MongoStoreOptions {
  url: string;
  /** Defaults to the database named in the URL, else "kafka_control_plane". */
  dbName?: string;
  logger?: Logger;
  pingTimeoutMs?: number;
}

/**
 * The MongoDB store (mongoose). Commands fail fast while the server is away (`bufferCommands: false`) and the driver
 * reconnects by itself; `ping` reports the state for /readyz. Indexes are created at start-up.
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

  private constructor(
    private readonly connection: Connection,
    models: Models,
    private readonly pingTimeoutMs: number,
  ) {
    this.users = new MongoUsers(models);
    this.sessions = new MongoSessions(models);
    this.loginAttempts = new MongoLoginAttempts(models);
    this.clusters = new MongoClusters(models);
    this.clusterViews = new MongoClusterViews(models);
    this.operations = new MongoOperations(models);
    this.audit = new MongoAudit(models);
  }

  static async open(options: MongoStoreOptions): Promise<MongoStore> {
    const connection = mongoose.createConnection(options.url, {
      bufferCommands: false,
      autoIndex: false,
      serverSelectionTimeoutMS: 5000,
      ...(options.dbName === undefined ? {} : { dbName: options.dbName }),
    });
    await connection.asPromise();
    watch(connection, options.logger);
    const models = registerModels(connection);
    await Promise.all(Object.values(models).map((model) => model.createIndexes()));
    return new MongoStore(connection, models, options.pingTimeoutMs ?? 1000);
  }

  async ping(): Promise<void> {
    const db = this.connection.db;
    if (!db) throw new Error("not connected to MongoDB");
    await withDeadline(db.admin().ping(), this.pingTimeoutMs, `MongoDB did not answer within ${this.pingTimeoutMs} ms`);
  }

  async stop(): Promise<void> {
    await this.connection.close();
  }
}

function watch(connection: Connection, logger: Logger | undefined): void {
  let lost = false;
  connection.on("disconnected", () => {
    if (lost) return;
    lost = true;
    logger?.warn("MongoDB connection lost; the driver reconnects");
  });
  connection.on("reconnected", () => {
    if (!lost) return;
    lost = false;
    logger?.info("MongoDB connection restored");
  });
}
