import { Admin, type Connection, type SASLOptions } from "@platformatic/kafka";
import { type ClientOptionsSettings, type ConnectionTarget, clientOptionsFor } from "./client-options.js";

/**
 * An admin client of one cluster: @platformatic/kafka's Admin (high-level calls, metadata, the connection pool) plus
 * direct connections to chosen brokers for the low-level requests. Callers close it.
 */
export class KafkaClient {
  readonly admin: Admin;

  private constructor(admin: Admin) {
    this.admin = admin;
  }

  static open(target: ConnectionTarget, settings: ClientOptionsSettings = {}): KafkaClient {
    const options = clientOptionsFor(target, settings);
    return new KafkaClient(
      new Admin({
        clientId: options.clientId,
        bootstrapBrokers: options.bootstrapBrokers,
        connectTimeout: options.connectTimeout,
        requestTimeout: options.requestTimeout,
        retries: 1,
        retryDelay: 200,
        ...(options.tls ? { tls: options.tls } : {}),
        ...(options.sasl ? { sasl: options.sasl as SASLOptions } : {}),
      }),
    );
  }

  /** Connections to these brokers (all known brokers when omitted), from the client's pool. */
  connections(brokerIds?: number[]): Promise<Map<number, Connection>> {
    return this.admin.connectToBrokers(brokerIds ?? null);
  }

  /** A connection to the first broker that answers (in id order): for requests every broker serves. */
  async anyConnection(): Promise<Connection> {
    const metadata = await this.admin.metadata({ topics: [] });
    let lastError: unknown = new Error("the cluster has no broker");
    for (const id of [...metadata.brokers.keys()].sort((a, b) => a - b)) {
      try {
        const connection = (await this.connections([id])).get(id);
        if (connection) return connection;
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }

  close(): Promise<void> {
    return this.admin.close();
  }
}
