import { describeKafkaError } from "../errors.js";

/**
 * Runs the independent parts of a collection: a part that fails is recorded in `errors` (by name, with Kafka's
 * error) and yields undefined, so the rest of the snapshot is still returned.
 */
export class Parts {
  readonly errors: string[] = [];

  async run<T>(name: string, work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      this.errors.push(`${name}: ${describeKafkaError(error)}`);
      return undefined;
    }
  }
}
