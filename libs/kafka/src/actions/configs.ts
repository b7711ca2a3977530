import { AppError, type ConfigChangeRequest, type ConfigEntry, SENSITIVE_CONFIG_NAME } from "@kcp/shared";
import {
  ConfigResourceTypes,
  type ConfigResourceTypeValue,
  ConfigSources,
  type Connection,
  describeConfigsV4,
  IncrementalAlterConfigOperationTypes,
} from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { toKafkaAppError } from "../errors.js";
import { untilEveryBrokerShows } from "./until-shown.js";

/** A config resource of the API: a topic by name or a broker by id. */
export type ConfigResource = { type: "topic"; name: string } | { type: "broker"; id: number };

export type DescribedConfig = ConfigEntry;

/** What a change did, with the values of sensitive configs hidden. */
export interface AppliedConfigChange {
  set: Record<string, string>;
  deleted: string[];
}

export const HIDDEN_VALUE = "[redacted]";

/** Kafka's own flag, or a name that marks a secret (never echo a value Kafka would hide). */
const isSensitive = (name: string, known: Map<string, DescribedConfig>) =>
  known.get(name)?.sensitive === true || SENSITIVE_CONFIG_NAME.test(name);

const SOURCE_NAMES: Record<number, string> = {
  [ConfigSources.DYNAMIC_TOPIC_CONFIG]: "topic",
  [ConfigSources.DYNAMIC_BROKER_CONFIG]: "broker",
  [ConfigSources.DYNAMIC_DEFAULT_BROKER_CONFIG]: "cluster",
  [ConfigSources.STATIC_BROKER_CONFIG]: "static",
  [ConfigSources.DEFAULT_CONFIG]: "default",
  [ConfigSources.DYNAMIC_BROKER_LOGGER_CONFIG]: "logger",
  [ConfigSources.CLIENT_METRICS_CONFIG]: "client-metrics",
  [ConfigSources.GROUP_CONFIG]: "group",
};

const describe = (resource: ConfigResource) =>
  resource.type === "topic" ? `topic ${resource.name}` : `broker ${resource.id}`;

function kafkaResource(resource: ConfigResource): { resourceType: ConfigResourceTypeValue; resourceName: string } {
  return resource.type === "topic"
    ? { resourceType: ConfigResourceTypes.TOPIC, resourceName: resource.name }
    : { resourceType: ConfigResourceTypes.BROKER, resourceName: String(resource.id) };
}

/** A broker id that is not registered is a 404 (Kafka would only say the request was invalid). */
async function requireBroker(client: KafkaClient, id: number): Promise<void> {
  // A long-lived client's broker list is as old as its last metadata: read afresh before saying a broker is unknown.
  if ((await client.admin.metadata({ topics: [] })).brokers.has(id)) return;
  const metadata = await client.admin.metadata({ topics: [], forceUpdate: true });
  if (!metadata.brokers.has(id)) throw new AppError("not_found", `No broker ${id} in the cluster`);
}

/** Every config of the resource (DescribeConfigs), with its value, source and whether it can be changed. */
export async function describeConfigs(client: KafkaClient, resource: ConfigResource): Promise<DescribedConfig[]> {
  try {
    if (resource.type === "broker") await requireBroker(client, resource.id);
    const [result] = await client.admin.describeConfigs({ resources: [kafkaResource(resource)] });
    return (result?.configs ?? [])
      .map((config) => ({
        name: config.name,
        value: config.isSensitive ? null : (config.value ?? null),
        readOnly: config.readOnly,
        source: SOURCE_NAMES[config.configSource] ?? "unknown",
        sensitive: config.isSensitive,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  } catch (error) {
    throw toKafkaAppError(error, `describing the configs of ${describe(resource)}`, {
      UNKNOWN_TOPIC_OR_PARTITION: "not_found",
    });
  }
}

/** Unknown and read-only keys are refused by name before anything is sent, so a bad request changes nothing. */
function checkKeys(resource: ConfigResource, change: ConfigChangeRequest, known: Map<string, DescribedConfig>): void {
  const keys = [...Object.keys(change.set), ...change.delete];
  const unknown = keys.filter((key) => !known.has(key));
  if (unknown.length > 0)
    throw new AppError("invalid_request", `Unknown config of ${describe(resource)}: ${unknown.join(", ")}`);
  const readOnly = keys.filter((key) => known.get(key)?.readOnly);
  if (readOnly.length > 0) {
    const why = resource.type === "broker" ? " (not dynamic: it is set in the broker's configuration file)" : "";
    throw new AppError("invalid_request", `Read-only config of ${describe(resource)}${why}: ${readOnly.join(", ")}`);
  }
}

/**
 * IncrementalAlterConfigs: `set` and `delete` applied together, never replacing the whole config. Kafka validates
 * the resulting config of the resource as a whole, so an invalid value changes nothing either.
 */
export async function changeConfigs(
  client: KafkaClient,
  resource: ConfigResource,
  change: ConfigChangeRequest,
): Promise<AppliedConfigChange> {
  const known = new Map((await describeConfigs(client, resource)).map((config) => [config.name, config]));
  checkKeys(resource, change, known);
  await applyConfigs(client, resource, change);
  await untilConfigsShown(client, resource, change);
  const set = Object.fromEntries(
    Object.entries(change.set).map(([name, value]) => [name, isSensitive(name, known) ? HIDDEN_VALUE : value]),
  );
  return { set, deleted: change.delete };
}

/**
 * IncrementalAlterConfigs as given, without checking the keys against the described ones: for configs Kafka accepts
 * but does not describe until they are set (the replication throttle rates of a broker). Steps only, never user input.
 */
export async function applyConfigs(client: KafkaClient, resource: ConfigResource, change: ConfigChangeRequest) {
  try {
    await client.admin.incrementalAlterConfigs({
      resources: [
        {
          ...kafkaResource(resource),
          configs: [
            ...Object.entries(change.set).map(([name, value]) => ({
              name,
              value,
              configOperation: IncrementalAlterConfigOperationTypes.SET,
            })),
            ...change.delete.map((name) => ({ name, configOperation: IncrementalAlterConfigOperationTypes.DELETE })),
          ],
        },
      ],
    });
  } catch (error) {
    throw toKafkaAppError(error, `changing the configs of ${describe(resource)}`, {
      INVALID_CONFIG: "invalid_request",
      INVALID_REQUEST: "invalid_request",
      POLICY_VIOLATION: "invalid_request",
      UNKNOWN_TOPIC_OR_PARTITION: "not_found",
    });
  }
}

/** The source of a value set on the resource itself (what a delete takes away). */
const OWN_SOURCE = {
  topic: ConfigSources.DYNAMIC_TOPIC_CONFIG,
  broker: ConfigSources.DYNAMIC_BROKER_CONFIG,
} as const;

/** Whether a broker's DescribeConfigs shows the change: each value set (a hidden one by its source), each deleted gone. */
async function shows(connection: Connection, resource: ConfigResource, change: ConfigChangeRequest): Promise<boolean> {
  const response = await describeConfigsV4.api.async(connection, [kafkaResource(resource)], false, false);
  const configs = new Map((response.results[0]?.configs ?? []).map((config) => [config.name, config]));
  const own = OWN_SOURCE[resource.type];
  const setShown = Object.entries(change.set).every(([name, value]) => {
    const config = configs.get(name);
    return config?.configSource === own && (config.isSensitive || config.value === value);
  });
  return setShown && change.delete.every((name) => configs.get(name)?.configSource !== own);
}

/**
 * A config change is answered once it reads back: from every broker for a topic (a read goes to any of them), from
 * the broker itself for a broker; within the bounds of `untilEveryBrokerShows`. Without this, the console's read right
 * after a change could still show the old value.
 */
async function untilConfigsShown(client: KafkaClient, resource: ConfigResource, change: ConfigChangeRequest) {
  const brokers = resource.type === "broker" ? [resource.id] : "all";
  await untilEveryBrokerShows(client, brokers, (connection) => shows(connection, resource, change));
}
