import type { ConnectionTestResult } from "@kcp/shared";
import { KafkaClient } from "./client.js";
import type { ClientOptionsSettings, ConnectionTarget } from "./client-options.js";
import { describeKafkaError } from "./errors.js";

/**
 * Connects with the profile and asks for the cluster's metadata. Never throws: a failure is the result, with
 * `ok: false` and Kafka's or the network's error (which never carries a secret). A broker the metadata advertises on
 * a host the allowed hosts refuse fails the test too (naming the host): every later connection there would be refused.
 */
export async function testConnection(
  target: ConnectionTarget,
  settings: ClientOptionsSettings = {},
): Promise<ConnectionTestResult> {
  let client: KafkaClient | undefined;
  try {
    client = KafkaClient.open(target, { connectTimeoutMs: 5000, requestTimeoutMs: 10_000, ...settings });
    const metadata = await client.admin.metadata({ topics: [], forceUpdate: true });
    const allowed = settings.allowedHosts;
    const outside = [...metadata.brokers].find(([, broker]) => allowed && !allowed.allows(broker.host));
    if (outside) {
      const [id, broker] = outside;
      return {
        ok: false,
        brokers: 0,
        error: `Broker ${id} advertises host ${broker.host}, which is not allowed here (KAFKA_ALLOWED_HOSTS lists the allowed hosts)`,
      };
    }
    return { ok: true, brokers: metadata.brokers.size, clusterId: metadata.id };
  } catch (error) {
    return { ok: false, brokers: 0, error: describeKafkaError(error) };
  } finally {
    await client?.close().catch(() => undefined);
  }
}
