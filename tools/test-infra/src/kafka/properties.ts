import { join } from "node:path";
import type { TlsMaterial } from "./certificates.js";
import { hostPort, type ListenerSpec, type NodeRole, PASSWORDS } from "./spec.js";

/**
 * Settings of every test node: small thread pools and buffers (small heaps), few internal-topic partitions, no
 * automatic topic creation.
 */
const COMMON: Record<string, string> = {
  "num.network.threads": "2",
  "num.io.threads": "2",
  "background.threads": "2",
  "num.recovery.threads.per.data.dir": "1",
  "log.cleaner.threads": "1",
  // The cleaner's dedupe buffer is 128 MiB by default, and a dynamic change of message.max.bytes restarts the cleaner,
  // allocating a new buffer while the old one is still live: with a test node's small heap that is an OutOfMemoryError
  // and the node exits (seen in a config-change test).
  "log.cleaner.dedupe.buffer.size": String(16 * 1024 * 1024),
  "offsets.topic.num.partitions": "5",
  "transaction.state.log.num.partitions": "5",
  "share.coordinator.state.topic.num.partitions": "5",
  "group.initial.rebalance.delay.ms": "0",
  "auto.create.topics.enable": "false",
  "num.partitions": "1",
  // Leaders move only when a test or the service moves them. Kafka's own preferred-leader election (every 300 s by
  // default) undid tests' unpreferred leaders between their setup and their plan: two election tests on the shared
  // 3c3b were refused "Nothing to do" in the same second (7 Dec 2026).
  "auto.leader.rebalance.enable": "false",
  "log.segment.bytes": String(64 * 1024 * 1024),
  // The active controller appends a no-op record to the metadata log every 500 ms by default, which every node then
  // fetches: an idle 3c3b spent 5.95 CPU-s a minute, 3.60 with one every 5 s (measured 27 Nov 2026, 2 cores).
  "metadata.max.idle.interval.ms": "5000",
  // A broker that cannot register within this time exits, and the harness starts the cluster afresh. A broker that
  // has not registered by then does not later either (seen at a load of 49: still unregistered after 5 minutes while
  // the others had), so a longer wait only delays the fresh start. Kafka's default, as on 27 Nov 2026.
  // a quiet machine: registered seconds after its controllers (a 3c3b ready in 12–16 s, 2 cores); ×4 margin
  "initial.broker.registration.timeout.ms": "60000",
};

function replicationSettings(brokerCount: number): Record<string, string> {
  const rf = String(Math.min(3, brokerCount));
  const minIsr = String(Math.min(2, brokerCount));
  return {
    "offsets.topic.replication.factor": rf,
    "transaction.state.log.replication.factor": rf,
    "transaction.state.log.min.isr": minIsr,
    "share.coordinator.state.topic.replication.factor": rf,
    "share.coordinator.state.topic.min.isr": minIsr,
  };
}

export interface NodePropertiesInput {
  id: number;
  roles: NodeRole[];
  rack?: string;
  dir: string;
  listeners: ListenerSpec[];
  brokerCount: number;
  /** `controller.quorum.bootstrap.servers` (dynamic quorum) or `controller.quorum.voters` (static). */
  quorum: { bootstrapServers: string } | { voters: string };
  /** Brokers only: this many log dirs (JBOD), `data`, `data-2`, ...; default 1. */
  logDirs?: number;
}

/** The node's log dirs: `data` first (it holds meta.properties and the metadata log), then `data-2`, ... */
export function logDirPaths(dir: string, count = 1): string[] {
  return Array.from({ length: Math.max(1, count) }, (_, i) => join(dir, i === 0 ? "data" : `data-${i + 1}`));
}

/** server.properties of one node, as `kafka.Kafka` reads it. */
export function nodeProperties(input: NodePropertiesInput): Record<string, string> {
  const listeners = input.listeners.map((l) => `${l.name}://${hostPort(l.port)}`).join(",");
  const protocolMap = input.listeners.map((l) => `${l.name}:${l.protocol}`);
  if (!input.listeners.some((l) => l.name === "CONTROLLER")) protocolMap.push("CONTROLLER:PLAINTEXT");
  const properties: Record<string, string> = {
    ...COMMON,
    ...replicationSettings(input.brokerCount),
    "process.roles": input.roles.join(","),
    "node.id": String(input.id),
    listeners,
    "advertised.listeners": listeners,
    "listener.security.protocol.map": protocolMap.join(","),
    "controller.listener.names": "CONTROLLER",
    "log.dirs": logDirPaths(input.dir, input.roles.includes("broker") ? input.logDirs : 1).join(","),
  };
  if (input.roles.includes("broker")) properties["inter.broker.listener.name"] = "PLAINTEXT";
  if (input.rack !== undefined) properties["broker.rack"] = input.rack;
  if ("voters" in input.quorum) properties["controller.quorum.voters"] = input.quorum.voters;
  else properties["controller.quorum.bootstrap.servers"] = input.quorum.bootstrapServers;
  return properties;
}

const SASL_MECHANISMS = ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "OAUTHBEARER"];

function saslListenerSettings(listenerName: string): Record<string, string> {
  const prefix = `listener.name.${listenerName.toLowerCase()}`;
  const plainUsers = Object.entries(PASSWORDS)
    .map(([user, password]) => `user_${user}="${password}"`)
    .join(" ");
  return {
    [`${prefix}.sasl.enabled.mechanisms`]: SASL_MECHANISMS.join(","),
    [`${prefix}.plain.sasl.jaas.config`]: `org.apache.kafka.common.security.plain.PlainLoginModule required username="admin" password="${PASSWORDS.admin}" ${plainUsers};`,
    [`${prefix}.scram-sha-256.sasl.jaas.config`]: "org.apache.kafka.common.security.scram.ScramLoginModule required;",
    [`${prefix}.scram-sha-512.sasl.jaas.config`]: "org.apache.kafka.common.security.scram.ScramLoginModule required;",
    [`${prefix}.oauthbearer.sasl.jaas.config`]:
      'org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required unsecuredLoginStringClaim_sub="admin";',
  };
}

function tlsListenerSettings(
  listenerName: string,
  tls: TlsMaterial,
  clientAuth: "requested" | "required",
): Record<string, string> {
  const prefix = `listener.name.${listenerName.toLowerCase()}`;
  return {
    [`${prefix}.ssl.keystore.type`]: "PEM",
    [`${prefix}.ssl.keystore.location`]: tls.brokerKeystoreFile,
    [`${prefix}.ssl.truststore.type`]: "PEM",
    [`${prefix}.ssl.truststore.location`]: tls.caFile,
    // "requested": a client may present a certificate (then it names the principal); "required": it must.
    [`${prefix}.ssl.client.auth`]: clientAuth,
  };
}

/**
 * The `secure` node's additions: SASL (PLAIN, SCRAM-SHA-256/512, OAUTHBEARER with the unsecured validator) on
 * SASL_PLAINTEXT and SASL_SSL, TLS on SSL and SASL_SSL (client certificate requested) and MTLS (an SSL listener that
 * requires a client certificate), the StandardAuthorizer with `admin` (and the plaintext and
 * controller listeners' ANONYMOUS principal) as super users; `alice` has no ACLs.
 */
export function securityProperties(tls: TlsMaterial): Record<string, string> {
  return {
    "authorizer.class.name": "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
    "super.users": "User:admin;User:ANONYMOUS",
    "allow.everyone.if.no.acl.found": "false",
    ...saslListenerSettings("SASL_PLAINTEXT"),
    ...saslListenerSettings("SASL_SSL"),
    ...tlsListenerSettings("SSL", tls, "requested"),
    ...tlsListenerSettings("SASL_SSL", tls, "requested"),
    ...tlsListenerSettings("MTLS", tls, "required"),
  };
}

export function scramFormatArgs(): string[] {
  return Object.entries(PASSWORDS).flatMap(([name, password]) =>
    ["SCRAM-SHA-256", "SCRAM-SHA-512"].map((mechanism) => `${mechanism}=[name=${name},password=${password}]`),
  );
}

export function renderProperties(properties: Record<string, string>): string {
  return `${Object.entries(properties)
    .map(([key, value]) => `${key}=${value}`)
    .join("\n")}\n`;
}
