import type { AllowedHosts } from "@kcp/shared";
import {
  Admin,
  type Connection,
  type ConnectionPool,
  NetworkError,
  Producer,
  type SASLOptions,
} from "@platformatic/kafka";
import { type ClientOptionsSettings, type ConnectionTarget, clientOptionsFor } from "./client-options.js";
import { InFlightRequests, type PendingRequest } from "./in-flight.js";

type AdminOptions = ConstructorParameters<typeof Admin>[0];

/**
 * Refuses, before its socket is opened, every connection of `client` to a host `allowed` does not allow: a bootstrap
 * server, and every broker the cluster's metadata advertises (a cluster reached through an allowed address may
 * advertise its brokers anywhere). The refusal fails the call with an error naming the host only; nothing is sent
 * there, so no credential either. @platformatic/kafka's connection pool (the client's public `connections`) emits
 * `connecting` synchronously just before it calls `connection.connect(host, port, callback)`: that one connection's
 * `connect` is replaced by a refusal, and the pool drops it as it drops any connection that failed.
 */
export function guardConnections(
  client: { readonly connections: ConnectionPool },
  allowed: AllowedHosts | undefined,
): void {
  if (!allowed || allowed.any) return;
  client.connections.on("connecting", ({ broker, connection }) => {
    if (allowed.allows(broker.host)) return;
    const refused = new NetworkError(
      `Broker host ${broker.host} is not allowed here (KAFKA_ALLOWED_HOSTS lists the allowed hosts): not connected`,
      { canRetry: false, hostNotAllowed: broker.host },
    );
    const refuse = (_host: string, _port: number, callback?: (error: Error | null) => void) => {
      process.nextTick(() => callback?.(refused));
    };
    (connection as unknown as { connect: typeof refuse }).connect = refuse;
  });
}

/**
 * Connections to the brokers named, from an admin's pool. The admin answers from the broker list of its last metadata
 * however old (a long-lived client keeps it for good), so a broker named but not in that list (one registered since)
 * makes it read the metadata afresh once before the broker is left out.
 */
async function connectTo(admin: Admin, brokerIds?: number[]): Promise<Map<number, Connection>> {
  const connections = await admin.connectToBrokers(brokerIds ?? null);
  if (!brokerIds?.some((id) => !connections.has(id))) return connections;
  await admin.metadata({ topics: [], forceUpdate: true });
  return admin.connectToBrokers(brokerIds);
}

/**
 * An admin client of one cluster: @platformatic/kafka's Admin (high-level calls, metadata, the connection pool) plus
 * direct connections to chosen brokers for the low-level requests. Callers close it.
 *
 * A broker answers the requests of one connection one at a time, in order. Requests whose answers are large
 * (every replica's size, thousands of topics' configs) therefore go over a second set of connections, the bulk
 * lane, opened on first use, so that they do not hold up the small requests behind them.
 *
 * Every connection of the admin, the bulk lane and the producer is checked against the allowed hosts first
 * (guardConnections).
 */
export class KafkaClient {
  readonly admin: Admin;
  /** Its requests waiting for an answer (every lane's), for work abandoned at its deadline. */
  private readonly inFlight = new InFlightRequests();
  private bulkAdmin: Admin | undefined;
  private messageProducer: Producer | undefined;

  private constructor(
    private readonly options: AdminOptions,
    private readonly allowedHosts: AllowedHosts | undefined,
    private readonly onConnect: (() => void) | undefined,
  ) {
    this.admin = this.guarded(new Admin(options), "admin");
  }

  /**
   * A client of the target; `onConnect` is called each time one of its connections to a broker is established (the
   * admin's, the bulk lane's and the producer's): a long-lived client that works well calls it once per broker and lane.
   */
  static open(target: ConnectionTarget, settings: ClientOptionsSettings = {}, onConnect?: () => void): KafkaClient {
    const options = clientOptionsFor(target, settings);
    return new KafkaClient(
      {
        clientId: options.clientId,
        bootstrapBrokers: options.bootstrapBrokers,
        connectTimeout: options.connectTimeout,
        requestTimeout: options.requestTimeout,
        retries: 1,
        retryDelay: 200,
        ...(options.tls ? { tls: options.tls } : {}),
        ...(options.sasl ? { sasl: options.sasl as SASLOptions } : {}),
      },
      settings.allowedHosts,
      onConnect,
    );
  }

  /** Connections to these brokers (all known brokers when omitted), from the client's pool. */
  connections(brokerIds?: number[]): Promise<Map<number, Connection>> {
    return connectTo(this.admin, brokerIds);
  }

  /** Connections of the bulk lane, for requests with large answers. */
  bulkConnections(brokerIds: number[]): Promise<Map<number, Connection>> {
    this.bulkAdmin ??= this.guarded(new Admin(this.options), "bulk");
    return connectTo(this.bulkAdmin, brokerIds);
  }

  /** A connection to the first broker that answers (in id order): for requests every broker serves. */
  async anyConnection(): Promise<Connection> {
    let metadata = await this.admin.metadata({ topics: [] });
    // Metadata read while every broker was fenced (a node paused past its session, a moment after a restart) lists
    // none, and the client keeps it until it ages: read afresh rather than answer "no broker" from it meanwhile.
    if (metadata.brokers.size === 0) metadata = await this.admin.metadata({ topics: [], forceUpdate: true });
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
    this.messageProducer ??= this.guarded(new Producer({ ...this.options, idempotent: false }), "producer");
    return this.messageProducer;
  }

  /** Requests sent and not answered, and connections not established yet, oldest first. */
  unanswered(): PendingRequest[] {
    return this.inFlight.list();
  }

  /**
   * Drops the connections these requests wait on, as Kafka's client does with a connection whose request timed out:
   * every request still waiting on them fails at once (and can be sent again on a new connection).
   */
  dropConnections(requests: readonly PendingRequest[]): void {
    for (const connection of new Set(requests.map((r) => r.connection))) connection.socket?.destroy();
  }

  async close(): Promise<void> {
    await Promise.all([this.admin.close(), this.bulkAdmin?.close(), this.messageProducer?.close()]);
  }

  private guarded<C extends { readonly connections: ConnectionPool }>(client: C, lane: string): C {
    guardConnections(client, this.allowedHosts);
    this.inFlight.watch(client.connections, lane);
    const onConnect = this.onConnect;
    if (onConnect) client.connections.on("connect", () => onConnect());
    return client;
  }
}
