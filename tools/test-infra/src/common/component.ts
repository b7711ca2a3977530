/** A test server with a lifetime. */
export interface Component {
  stop(): Promise<void>;
}
