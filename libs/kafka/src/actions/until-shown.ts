import type { Connection } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { kafkaErrorNames } from "../errors.js";

const SHOWN_WITHIN_MS = 5_000;
const SHOWN_POLL_MS = 100;

/**
 * The controller answers a metadata change (a topic created or grown, a config set) once it is in the metadata log;
 * each broker shows it a moment later, and a read or produce in between still sees the old state. So a change is read
 * back from each broker (`brokers`, or every registered one) until each shows it: at most 5 s, then the change is
 * answered anyway (it is made; a slow broker only shows it later). Read failures count as "not yet", except a principal
 * not allowed to read the resource: it would never see it, so there is nothing to wait for.
 */
export async function untilEveryBrokerShows(
  client: KafkaClient,
  brokers: readonly number[] | "all",
  shows: (connection: Connection) => Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + SHOWN_WITHIN_MS;
  // The brokers registered now, not those of a long-lived client's last metadata: read afresh once per wait.
  const ids =
    brokers === "all" ? [...(await client.admin.metadata({ topics: [], forceUpdate: true })).brokers.keys()] : brokers;
  for (;;) {
    const shown = await everyBrokerShows(client, ids, shows).catch(notAllowedToSee);
    if (shown || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, SHOWN_POLL_MS));
  }
}

async function everyBrokerShows(
  client: KafkaClient,
  brokers: readonly number[],
  shows: (connection: Connection) => Promise<boolean>,
): Promise<boolean> {
  const connections = await client.connections([...brokers]);
  const answers = await Promise.all(
    brokers.map((id) => {
      const connection = connections.get(id);
      return connection ? shows(connection) : false;
    }),
  );
  return answers.every(Boolean);
}

const notAllowedToSee = (error: unknown) =>
  kafkaErrorNames(error).some((name) => name.endsWith("_AUTHORIZATION_FAILED"));
