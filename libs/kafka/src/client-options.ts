import type { AllowedHosts, ConnectionProfile, Secrets } from "@kcp/shared";
import { cloudIamTokenProvider } from "./cloud-iam.js";

/** What a connection needs: the profile's transport and security, and the decrypted secrets (never logged). */
export type ConnectionTarget = Pick<ConnectionProfile, "bootstrapServers" | "security"> & { secrets?: Secrets };

export interface TlsOptions {
  ca?: string;
  cert?: string;
  key?: string;
  servername?: string;
  rejectUnauthorized: boolean;
}

export interface SaslOptions {
  mechanism: "PLAIN" | "SCRAM-SHA-256" | "SCRAM-SHA-512" | "OAUTHBEARER";
  username?: string;
  password?: string;
  /** A token, or a function that mints one per connection (cloud IAM tokens expire). */
  token?: string | (() => Promise<string>);
}

/** Options of a @platformatic/kafka client, derived from a connection profile. */
export interface KafkaClientOptions {
  clientId: string;
  bootstrapBrokers: string[];
  tls?: TlsOptions;
  sasl?: SaslOptions;
  connectTimeout: number;
  requestTimeout: number;
}

/** Mints an OAUTHBEARER token for the CLOUD_IAM mechanism (default: the official IAM signer, cloud-iam.ts). */
export type CloudTokenProvider = (target: ConnectionTarget) => Promise<string>;

export interface ClientOptionsSettings {
  clientId?: string;
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
  cloudTokenProvider?: CloudTokenProvider;
  /**
   * The hosts the client may connect to (KAFKA_ALLOWED_HOSTS): every connection — a bootstrap server, a broker the
   * metadata advertises, the bulk lane, the producer — is checked before its socket is opened. Any when not given.
   */
  allowedHosts?: AllowedHosts;
}

/** The client settings of a process's configuration: the one place KAFKA_ALLOWED_HOSTS reaches the Kafka client. */
export function kafkaClientSettings(config: { KAFKA_ALLOWED_HOSTS?: AllowedHosts | undefined }): ClientOptionsSettings {
  return config.KAFKA_ALLOWED_HOSTS ? { allowedHosts: config.KAFKA_ALLOWED_HOSTS } : {};
}

/** The bounds of a process's Kafka clients (KafkaClients) from its configuration; defaults where not configured. */
export function kafkaClientBounds(config: { KAFKA_CLIENTS_MAX?: number; KAFKA_CLIENT_IDLE_SECONDS?: number }): {
  maxClients?: number;
  idleMs?: number;
} {
  return {
    ...(config.KAFKA_CLIENTS_MAX === undefined ? {} : { maxClients: config.KAFKA_CLIENTS_MAX }),
    ...(config.KAFKA_CLIENT_IDLE_SECONDS === undefined ? {} : { idleMs: config.KAFKA_CLIENT_IDLE_SECONDS * 1000 }),
  };
}

function tlsOptions(target: ConnectionTarget): TlsOptions | undefined {
  const { security, secrets = {} } = target;
  if (security.protocol !== "SSL" && security.protocol !== "SASL_SSL") return undefined;
  return {
    rejectUnauthorized: security.tlsInsecureSkipVerify !== true,
    ...(security.tlsCaCertPem === undefined ? {} : { ca: security.tlsCaCertPem }),
    ...(security.tlsServerName === undefined ? {} : { servername: security.tlsServerName }),
    ...(secrets.tlsClientCertPem === undefined ? {} : { cert: secrets.tlsClientCertPem }),
    ...(secrets.tlsClientKeyPem === undefined ? {} : { key: secrets.tlsClientKeyPem }),
  };
}

function saslOptions(target: ConnectionTarget, settings: ClientOptionsSettings): SaslOptions | undefined {
  const { security, secrets = {} } = target;
  switch (security.saslMechanism) {
    case "":
      return undefined;
    case "PLAIN":
    case "SCRAM-SHA-256":
    case "SCRAM-SHA-512":
      return {
        mechanism: security.saslMechanism,
        ...(security.username === undefined ? {} : { username: security.username }),
        ...(secrets.password === undefined ? {} : { password: secrets.password }),
      };
    case "OAUTHBEARER":
      return { mechanism: "OAUTHBEARER", ...(secrets.oauthToken === undefined ? {} : { token: secrets.oauthToken }) };
    case "CLOUD_IAM": {
      const provider = settings.cloudTokenProvider ?? cloudIamTokenProvider;
      return { mechanism: "OAUTHBEARER", token: () => provider(target) };
    }
  }
}

/** The client options for a cluster: bootstrap brokers, TLS per the protocol, SASL per the mechanism. */
export function clientOptionsFor(target: ConnectionTarget, settings: ClientOptionsSettings = {}): KafkaClientOptions {
  const tls = tlsOptions(target);
  const sasl = saslOptions(target, settings);
  return {
    clientId: settings.clientId ?? "kafka-control-plane",
    bootstrapBrokers: [...target.bootstrapServers],
    connectTimeout: settings.connectTimeoutMs ?? 10_000,
    requestTimeout: settings.requestTimeoutMs ?? 30_000,
    ...(tls ? { tls } : {}),
    ...(sasl ? { sasl } : {}),
  };
}
