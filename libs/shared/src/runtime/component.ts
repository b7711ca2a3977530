/**
 * Something with a lifetime inside a process: a service, a store connection, a queue connection, an HTTP server.
 * `stop` lets work in progress finish before it resolves.
 */
export interface Component {
  readonly name: string;
  stop(): Promise<void>;
}

/** A dependency that `/readyz` asks whether it is reachable; `ping` rejects when it is not. */
export interface ReadinessCheck {
  readonly name: string;
  ping(): Promise<void>;
}
