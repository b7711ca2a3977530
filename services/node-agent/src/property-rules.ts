import { AppError } from "@kcp/shared";
import { KAFKA_BROKER_KEYS } from "./kafka-broker-keys.js";
import type { PathRoots } from "./roots.js";

/**
 * The rules a node's server.properties must follow: checked on provision and on every configuration change, before
 * anything is written. Both the keys and the values are allow-listed:
 * - a key is one of Kafka's own broker properties (KAFKA_BROKER_KEYS), alone or after a `listener.name.<listener>.`
 *   prefix (and, before a `sasl.` key, a SASL mechanism's name); any other key is refused, so a property Kafka adds
 *   later is refused until it is reviewed and listed;
 * - where a value would make Kafka run a command, load code, read a file or fetch a URL, it follows the rule of the
 *   key's shape (a key with a listener and mechanism prefix follows the same rule as the bare key):
 * - a command (keys ending `.cmd`: `sasl.kerberos.kinit.cmd`): refused, whatever the value (Kafka's default applies);
 * - `authorizer.class.name`: one of Kafka's own authorizers (KAFKA_AUTHORIZERS); empty is refused (it would turn off
 *   every ACL: a node without an authorizer leaves the key out, and a change takes it away with `remove`);
 * - a class or class list (keys ending `.class`, `.class.name`, `.classes`, `reporters`, `assignors`,
 *   `security.providers`): only classes Kafka itself ships, from KAFKA_CLASSES (or the short names of its assignors);
 * - `*.class.path`: empty only (it would add jars to the node's class path);
 * - `sasl.jaas.config`: one of Kafka's own login modules with `key="value"` options;
 * - `config.providers*`: refused (a provider reads files, environment or anything its class does);
 * - `*.location`, `*.keytab`, `*.file`: a path under AGENT_FILE_ROOTS (none by default);
 * - `*.url`, `*.urls` (the broker fetches them: `sasl.oauthbearer.jwks.endpoint.url`, …): exact URLs of
 *   AGENT_FETCH_URLS (none by default).
 * Data and log dirs (`log.dirs`, `log.dir`, `metadata.log.dir`) are checked against AGENT_DATA_ROOTS apart.
 */

/** The classes of Kafka's own jars a node's configuration may name (authorizer, SASL, metrics, selectors, …). */
export const KAFKA_CLASSES: ReadonlySet<string> = new Set([
  "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
  "org.apache.kafka.common.security.authenticator.DefaultKafkaPrincipalBuilder",
  "org.apache.kafka.common.security.authenticator.DefaultLogin",
  "org.apache.kafka.common.security.oauthbearer.internals.OAuthBearerRefreshingLogin",
  "org.apache.kafka.common.security.plain.internals.PlainServerCallbackHandler",
  "org.apache.kafka.common.security.scram.internals.ScramServerCallbackHandler",
  "org.apache.kafka.common.security.oauthbearer.OAuthBearerValidatorCallbackHandler",
  "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginCallbackHandler",
  "org.apache.kafka.common.security.oauthbearer.secured.OAuthBearerValidatorCallbackHandler",
  "org.apache.kafka.common.security.oauthbearer.secured.OAuthBearerLoginCallbackHandler",
  "org.apache.kafka.common.security.oauthbearer.internals.unsecured.OAuthBearerUnsecuredValidatorCallbackHandler",
  "org.apache.kafka.common.security.oauthbearer.internals.unsecured.OAuthBearerUnsecuredLoginCallbackHandler",
  "org.apache.kafka.common.security.oauthbearer.DefaultJwtRetriever",
  "org.apache.kafka.common.security.oauthbearer.DefaultJwtValidator",
  "org.apache.kafka.common.security.oauthbearer.BrokerJwtValidator",
  "org.apache.kafka.common.security.oauthbearer.ClientJwtValidator",
  "org.apache.kafka.common.security.oauthbearer.ClientCredentialsJwtRetriever",
  "org.apache.kafka.common.security.oauthbearer.JwtBearerJwtRetriever",
  "org.apache.kafka.common.security.ssl.DefaultSslEngineFactory",
  "org.apache.kafka.common.metrics.JmxReporter",
  "org.apache.kafka.server.metrics.FilteringJmxReporter",
  "org.apache.kafka.common.replica.RackAwareReplicaSelector",
  "org.apache.kafka.coordinator.group.assignor.UniformAssignor",
  "org.apache.kafka.coordinator.group.assignor.RangeAssignor",
  "org.apache.kafka.coordinator.group.assignor.SimpleAssignor",
  "org.apache.kafka.server.log.remote.metadata.storage.TopicBasedRemoteLogMetadataManager",
]);

/** The authorizers `authorizer.class.name` may name: Kafka's own (KRaft's). */
export const KAFKA_AUTHORIZERS: ReadonlySet<string> = new Set([
  "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
]);

/** The login modules `sasl.jaas.config` may name: Kafka's own. */
export const KAFKA_LOGIN_MODULES: ReadonlySet<string> = new Set([
  "org.apache.kafka.common.security.plain.PlainLoginModule",
  "org.apache.kafka.common.security.scram.ScramLoginModule",
  "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule",
]);

/** The group coordinator's short assignor names (`group.consumer.assignors=uniform,range`). */
const ASSIGNOR_NAMES: ReadonlySet<string> = new Set(["uniform", "range", "simple"]);

export type PropertyKind =
  | "command"
  | "authorizer"
  | "classes"
  | "classpath"
  | "jaas"
  | "config-provider"
  | "file"
  | "url"
  | "plain";

/** The SASL mechanisms a `listener.name.<listener>.<mechanism>.sasl.*` key may name (lower case, as Kafka reads it). */
const SASL_MECHANISMS: ReadonlySet<string> = new Set([
  "plain",
  "scram-sha-256",
  "scram-sha-512",
  "oauthbearer",
  "gssapi",
]);

/** Pure: the broker property a key sets, its `listener.name.<listener>.` and mechanism prefix taken off. */
export function bareKey(key: string): string {
  const match = /^listener\.name\.[a-z0-9_]+\.(.+)$/.exec(key);
  if (!match) return key;
  const rest = match[1] as string;
  const mechanism = /^([a-z0-9-]+)\.(sasl\..+)$/.exec(rest);
  return mechanism && SASL_MECHANISMS.has(mechanism[1] as string) ? (mechanism[2] as string) : rest;
}

/** Why a key is refused: it is none of Kafka's broker properties (KAFKA_BROKER_KEYS); undefined when it is one. */
export function keyProblem(key: string): string | undefined {
  if (KAFKA_BROKER_KEYS.has(bareKey(key))) return undefined;
  return "is not a Kafka broker property this agent accepts (one of Kafka's own, alone or after listener.name.<listener>.)";
}

/** What a key's value is, by the key's shape (its listener and mechanism prefix does not matter). */
export function propertyKind(key: string): PropertyKind {
  const k = key.toLowerCase();
  if (k.endsWith(".cmd")) return "command";
  if (bareKey(k) === "authorizer.class.name") return "authorizer";
  if (k === "config.providers" || k.startsWith("config.providers.") || k.includes(".config.providers"))
    return "config-provider";
  if (k.endsWith(".class.path")) return "classpath";
  if (
    k.endsWith(".class") ||
    k.endsWith(".class.name") ||
    k.endsWith(".classes") ||
    k.endsWith("reporters") ||
    k.endsWith("assignors") ||
    k === "security.providers" ||
    k.endsWith(".security.providers")
  )
    return "classes";
  if (k === "sasl.jaas.config" || k.endsWith(".sasl.jaas.config")) return "jaas";
  if (k.endsWith(".location") || k.endsWith(".keytab") || k.endsWith(".file")) return "file";
  if (k.endsWith(".url") || k.endsWith(".urls")) return "url";
  return "plain";
}

/** How a refusal names a URL: its origin only (a URL may carry credentials or tokens in its path or query). */
function originOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return "a malformed URL";
  }
}

const listOf = (value: string) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");

/**
 * `sasl.jaas.config` as Kafka's own login modules take it: `<module> <flag> key="value" … ;`, one module, values in
 * double quotes without quotes or backslashes inside.
 */
const JAAS =
  /^\s*([A-Za-z_][\w.$]*)\s+(required|requisite|sufficient|optional)((?:\s+[A-Za-z_][\w.-]*="[^"\\]*")*)\s*;\s*$/;

/** Why a `sasl.jaas.config` value is refused (never quoting it: it holds passwords); undefined when accepted. */
export function jaasProblem(value: string): string | undefined {
  const match = JAAS.exec(value);
  if (!match) return 'must be one login module with key="value" options: <module> required key="value" …;';
  if (!KAFKA_LOGIN_MODULES.has(match[1] as string))
    return `names login module ${match[1]}, which is not one of Kafka's own (${[...KAFKA_LOGIN_MODULES].join(", ")})`;
  return undefined;
}

/** Why a class-valued property is refused; undefined when every class it names is Kafka's own. */
export function classesProblem(key: string, value: string): string | undefined {
  const security = key.toLowerCase().endsWith("security.providers");
  for (const name of listOf(value)) {
    if (security) return `names security provider ${name}: this agent accepts none`;
    if (key.toLowerCase().endsWith("assignors") && ASSIGNOR_NAMES.has(name)) continue;
    if (!KAFKA_CLASSES.has(name)) return `names class ${name}, which is not one of Kafka's own the agent accepts`;
  }
  return undefined;
}

export interface PropertyPolicy {
  /** AGENT_FILE_ROOTS: where the files a property names may be. */
  files: PathRoots;
  /** AGENT_FETCH_URLS: the exact URLs a URL-valued property may name. */
  fetchUrls: ReadonlySet<string>;
}

/** Why `authorizer.class.name` is refused; undefined when it names one of Kafka's own authorizers. */
export function authorizerProblem(value: string): string | undefined {
  const name = value.trim();
  if (name === "")
    return "must name an authorizer: empty would turn off every ACL (leave the key out for none, or remove it)";
  if (!KAFKA_AUTHORIZERS.has(name))
    return `names class ${name}, which is not one of Kafka's own authorizers (${[...KAFKA_AUTHORIZERS].join(", ")})`;
  return undefined;
}

/** Refuses (422 invalid_request, naming the key and the rule) the first property the rules refuse. */
export async function checkProperties(properties: Record<string, string>, policy: PropertyPolicy): Promise<void> {
  for (const [key, value] of Object.entries(properties)) {
    const problem = (await propertyProblem(key, value, policy)) ?? keyProblem(key);
    if (problem) throw new AppError("invalid_request", `${key} ${problem}`);
  }
}

async function propertyProblem(key: string, value: string, policy: PropertyPolicy): Promise<string | undefined> {
  switch (propertyKind(key)) {
    case "command":
      return "is refused: it makes Kafka run a command on the host (Kafka's default applies when it is left out)";
    case "authorizer":
      return authorizerProblem(value);
    case "config-provider":
      return "is refused: config providers read files and environment on the host";
    case "classpath":
      return value.trim() === "" ? undefined : "must be empty: the agent adds no jar to a node's class path";
    case "classes":
      return classesProblem(key, value);
    case "jaas":
      return jaasProblem(value);
    case "file":
      if (value.trim() === "") return undefined;
      try {
        await policy.files.check(value, key);
        return undefined;
      } catch (error) {
        return `names a file outside AGENT_FILE_ROOTS: ${(error as Error).message.replace(`${key}: `, "")}`;
      }
    case "url":
      for (const url of listOf(value))
        if (!policy.fetchUrls.has(url)) return `names a URL of ${originOf(url)}, which is not one of AGENT_FETCH_URLS`;
      return undefined;
    case "plain":
      return undefined;
  }
}
