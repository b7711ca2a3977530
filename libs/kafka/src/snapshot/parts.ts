import { describeKafkaError } from "../errors.js";

/**
 * Runs the independent parts of a collection: a part that fails is recorded in `errors` (by name, with Kafka's
 * error) and yields undefined, so the rest of the snapshot is still returned. Each part's wall time is kept in
 * `timings`, so a slow collection shows where its time went.
 */
export class Parts {
  readonly errors: string[] = [];
  readonly timings: Record<string, number> = {};

  async run<T>(name: string, work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await this.timed(name, work);
    } catch (error) {
      this.errors.push(`${name}: ${describeKafkaError(error)}`);
      return undefined;
    }
  }

  /** Runs a part without which there is no collection: its failure is thrown. */
  async timed<T>(name: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.timings[name] = Math.round(performance.now() - started);
    }
  }
}
