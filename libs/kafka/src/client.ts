import { Admin, type Connection, Producer, type SASLOptions } from "@platformatic/kafka";
import { type ClientOptionsSettings, type ConnectionTarget, clientOptionsFor } from "./client-options.js";

type AdminOptions = ConstructorParameters<typeof Admin>[0];

/**
 * An admin client of one cluster: @platformatic/kafka's Admin (high-level calls, metadata, the connection pool) plus
 * direct connections to chosen brokers for the low-level requests. Callers close it.
 *
 * A broker answers the requests of one connection one at a time, in order. Requests whose answers are large
 * (every replica's size, thousands of topics' configs) therefore go over a second set of connections, the bulk
 * lane, opened on first use, so that they do not hold up the small requests behind them.
 */
export class KafkaClient {
  readonly admin: Admin;
  private bulkAdmin: Admin | undefined;
  private messageProducer: Producer | undefined;

  private constructor(private readonly options: AdminOptions) {
    this.admin = new Admin(options);
  }

  static open(target: ConnectionTarget, settings: ClientOptionsSettings = {}): KafkaClient {
    const options = clientOptionsFor(target, settings);
    return new KafkaClient({
      clientId: options.clientId,
      bootstrapBrokers: options.bootstrapBrokers,
      connectTimeout: options.connectTimeout,
      requestTimeout: options.requestTimeout,
      retries: 1,
      retryDelay: 200,
      ...(options.tls ? { tls: options.tls } : {}),
      ...(options.sasl ? { sasl: options.sasl as SASLOptions } : {}),
    });
  }

  /** Connections to these brokers (all known brokers when omitted), from the client's pool. */
  connections(brokerIds?: number[]): Promise<Map<number, Connection>> {
    return this.admin.connectToBrokers(brokerIds ?? null);
  }

  /** Connections of the bulk lane, for requests with large answers. */
  bulkConnections(brokerIds: number[]): Promise<Map<number, Connection>> {
    this.bulkAdmin ??= new Admin(this.options);
    return this.bulkAdmin.connectToBrokers(brokerIds);
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

  /** A producer on the same connection settings, opened on first use (not idempotent: no extra ACL needed). */
  producer(): Producer {
    this.messageProducer ??= new Producer({ ...this.options, idempotent: false });
    return this.messageProducer;
  }

  async close(): Promise<void> {
    await Promise.all([this.admin.close(), this.bulkAdmin?.close(), this.messageProducer?.close()]);
  }
}
