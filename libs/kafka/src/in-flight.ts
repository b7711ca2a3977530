import { type Connection, type ConnectionPool, protocolAPIsById } from "@platformatic/kafka";

/** One request sent to a broker and not answered yet, or one connection to a broker not established yet. */
export interface PendingRequest {
  /** Kafka's API name (Produce, Metadata, ApiVersions…), or "connection" for a connection being opened. */
  api: string;
  /** The broker's address as the client dials it: `host:port`. */
  address: string;
  /** Which of the client's lanes sent it: admin, bulk or producer. */
  lane: string;
  startedAt: number;
  connection: Connection;
}

/**
 * The requests of one client that are waiting for a broker's answer, so that work abandoned at its deadline can say
 * which Kafka request did not answer (API and broker) and close the connections they wait on. @platformatic/kafka's
 * connection pool emits `connecting` with each new connection before it is used (as guardConnections relies on): its
 * `send` is wrapped to note each request until its callback runs, and the connection attempt is noted until the pool
 * says it connected or failed. A closed connection calls back every request it carried (Kafka's client does so on
 * `close`), so nothing stays noted after its connection is gone.
 */
export class InFlightRequests {
  private readonly pending = new Set<PendingRequest>();

  watch(pool: ConnectionPool, lane: string): void {
    const attempts = new Map<Connection, PendingRequest>();
    const settled = ({ connection }: { connection: Connection }) => {
      const attempt = attempts.get(connection);
      if (attempt) this.pending.delete(attempt);
      attempts.delete(connection);
    };
    pool.on("connecting", ({ broker, connection }) => {
      const address = `${broker.host}:${broker.port}`;
      const attempt: PendingRequest = { api: "connection", address, lane, startedAt: Date.now(), connection };
      attempts.set(connection, attempt);
      this.pending.add(attempt);
      this.wrapSend(connection, address, lane);
    });
    pool.on("connect", settled);
    pool.on("failed", settled);
  }

  /** What is still waiting, oldest first. */
  list(): PendingRequest[] {
    return [...this.pending].sort((a, b) => a.startedAt - b.startedAt);
  }

  private wrapSend(connection: Connection, address: string, lane: string): void {
    const send = connection.send.bind(connection) as (...args: unknown[]) => void;
    const pending = this.pending;
    const wrapped = (...args: unknown[]) => {
      const apiKey = args[0] as number;
      const callback = args[6] as (error: unknown, payload: unknown) => void;
      const request: PendingRequest = {
        api: (protocolAPIsById as Record<number, string>)[apiKey] ?? `API ${apiKey}`,
        address,
        lane,
        startedAt: Date.now(),
        connection,
      };
      pending.add(request);
      send(...args.slice(0, 6), (error: unknown, payload: unknown) => {
        pending.delete(request);
        callback(error, payload);
      });
    };
    (connection as unknown as { send: typeof wrapped }).send = wrapped;
  }
}

/** Pure: "Produce request to 127.0.0.1:9092 (producer connection), unanswered for 2.0 s", for an error message. */
export function describePending(request: Omit<PendingRequest, "connection">, now: number): string {
  const waited = `${((now - request.startedAt) / 1000).toFixed(1)} s`;
  return request.api === "connection"
    ? `connection to ${request.address} (${request.lane}) not established after ${waited}`
    : `${request.api} request to ${request.address} (${request.lane} connection) unanswered for ${waited}`;
}

/**
 * Pure: what an error says of the requests still waiting (oldest first): the oldest of each kind (API, broker, lane)
 * with how many more of that kind wait, at most `most` kinds and a count of the rest.
 */
export function describeUnanswered(
  waiting: readonly Omit<PendingRequest, "connection">[],
  now: number,
  most = 3,
): string[] {
  const kinds = new Map<string, { oldest: Omit<PendingRequest, "connection">; count: number }>();
  for (const request of [...waiting].sort((a, b) => a.startedAt - b.startedAt)) {
    const kind = `${request.api} ${request.address} ${request.lane}`;
    const seen = kinds.get(kind);
    if (seen) seen.count++;
    else kinds.set(kind, { oldest: request, count: 1 });
  }
  const all = [...kinds.values()];
  const named = all
    .slice(0, most)
    .map(
      ({ oldest, count }) => `${describePending(oldest, now)}${count > 1 ? ` (and ${count - 1} more like it)` : ""}`,
    );
  if (all.length > most) named.push(`and ${all.length - most} more kinds of request`);
  return named;
}
