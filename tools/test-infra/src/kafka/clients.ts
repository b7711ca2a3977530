import { type ClusterSpec, hostPort, isBroker } from "./spec.js";

export type SaslPasswordMechanism = "PLAIN" | "SCRAM-SHA-256" | "SCRAM-SHA-512";

/** Which listener a client uses and how it authenticates. */
export type ClientAuth =
  | { listener: "PLAINTEXT" }
  /** MTLS requires a client certificate: it is sent unless `clientCertificate` is false; SSL sends one if asked. */
  | { listener: "SSL" | "MTLS"; clientCertificate?: boolean; caPem?: string }
  | {
      listener: "SASL_PLAINTEXT" | "SASL_SSL";
      mechanism: SaslPasswordMechanism;
      username: string;
      password: string;
    }
  | { listener: "SASL_PLAINTEXT" | "SASL_SSL"; mechanism: "OAUTHBEARER"; subject: string };

/** The options @platformatic/kafka clients take (a structural subset, so tests need not import its types). */
export interface PlatformaticClientOptions {
  clientId: string;
  bootstrapBrokers: string[];
  sasl?: { mechanism: SaslPasswordMechanism | "OAUTHBEARER"; username?: string; password?: string; token?: string };
  tls?: { ca?: string; cert?: string; key?: string; rejectUnauthorized?: boolean };
  connectTimeout?: number;
  requestTimeout?: number;
  retries?: number;
}

/** The `host:port` of every broker on a listener. */
export function bootstrapServers(cluster: ClusterSpec, listenerName = "PLAINTEXT"): string[] {
  return cluster.nodes
    .filter(isBroker)
    .flatMap((node) => node.listeners.filter((l) => l.name === listenerName).map((l) => hostPort(l.port)));
}

/** An unsecured OAUTHBEARER token (alg "none", empty signature), as the broker's unsecured validator accepts. */
export function unsecuredJwt(subject: string, lifetimeSeconds = 3600): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "none" })}.${part({ sub: subject, iat: now, exp: now + lifetimeSeconds })}.`;
}

/** TLS settings for the SSL, MTLS and SASL_SSL listeners: the cluster's CA (or `caPem`), a client certificate if due. */
function tlsOptions(cluster: ClusterSpec, auth: ClientAuth): PlatformaticClientOptions["tls"] {
  if (auth.listener === "SASL_SSL")
    return { ...(cluster.tls ? { ca: cluster.tls.caPem } : {}), rejectUnauthorized: true };
  if (auth.listener !== "SSL" && auth.listener !== "MTLS") return undefined;
  const ca = auth.caPem ?? cluster.tls?.caPem;
  const sendCertificate = auth.clientCertificate ?? auth.listener === "MTLS";
  return {
    ...(ca === undefined ? {} : { ca }),
    ...(sendCertificate && cluster.tls ? { cert: cluster.tls.clientCertPem, key: cluster.tls.clientKeyPem } : {}),
    rejectUnauthorized: true,
  };
}

export function clientOptions(
  cluster: ClusterSpec,
  auth: ClientAuth = { listener: "PLAINTEXT" },
  clientId = "kcp-test",
): PlatformaticClientOptions {
  const options: PlatformaticClientOptions = {
    clientId,
    bootstrapBrokers: bootstrapServers(cluster, auth.listener),
    connectTimeout: 5000,
    requestTimeout: 20_000,
    retries: 2,
  };
  const tls = tlsOptions(cluster, auth);
  if (tls) options.tls = tls;
  if (auth.listener === "SASL_PLAINTEXT" || auth.listener === "SASL_SSL") {
    options.sasl =
      auth.mechanism === "OAUTHBEARER"
        ? { mechanism: "OAUTHBEARER", token: unsecuredJwt(auth.subject) }
        : { mechanism: auth.mechanism, username: auth.username, password: auth.password };
  }
  return options;
}

/** What the helpers (admin, load, ISR watch) need of a cluster: its client options. */
export interface KafkaClients {
  clientOptions(auth?: ClientAuth, clientId?: string): PlatformaticClientOptions;
  /** Its brokers (createTopic's default replication factor); absent: 3. */
  readonly brokerIds?: readonly number[];
}

/** KafkaClients of a PLAINTEXT cluster the harness did not start (e.g. nodes run by a provider under test). */
export function plaintextClients(bootstrapBrokers: string[], brokerIds?: readonly number[]): KafkaClients {
  return {
    clientOptions: (_auth, clientId = "kcp-test") => ({
      clientId,
      bootstrapBrokers,
      connectTimeout: 5000,
      requestTimeout: 20_000,
      retries: 2,
    }),
    ...(brokerIds ? { brokerIds } : {}),
  };
}
