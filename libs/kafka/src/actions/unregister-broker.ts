import { unregisterBrokerV0 } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { kafkaErrorNames, toKafkaAppError } from "../errors.js";

/** UnregisterBroker; a broker that is not registered (any more) counts as done, so a second run is harmless. */
export async function unregisterBroker(client: KafkaClient, brokerId: number): Promise<{ unregistered: boolean }> {
  try {
    await unregisterBrokerV0.api.async(await client.anyConnection(), brokerId);
    return { unregistered: true };
  } catch (error) {
    if (kafkaErrorNames(error).includes("BROKER_ID_NOT_REGISTERED")) return { unregistered: false };
    throw toKafkaAppError(error, `unregistering broker ${brokerId}`);
  }
}
