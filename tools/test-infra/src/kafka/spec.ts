import type { TlsMaterial } from "./certificates.js";
import type { KafkaVersion } from "./versions.js";

export const TOPOLOGIES = ["single", "3c3b", "static", "secure"] as const;
export type Topology = (typeof TOPOLOGIES)[number];

export type NodeRole = "broker" | "controller";

export interface ListenerSpec {
  name: string;
  /** Kafka's security protocol of the listener. */
  protocol: "PLAINTEXT" | "SSL" | "SASL_PLAINTEXT" | "SASL_SSL";
  port: number;
}

/** How a node's storage is formatted (kafka-storage format). */
export type FormatMode =
  | { kind: "standalone" }
  | { kind: "initial-controllers"; value: string }
  | { kind: "no-initial-controllers" }
  | { kind: "static" };

export interface NodeSpec {
  id: number;
  roles: NodeRole[];
  rack?: string;
  listeners: ListenerSpec[];
  /** The node's folder: data in `data/`, Kafka's log in `logs/`, its `server.properties`. */
  dir: string;
  directoryId?: string;
  format: FormatMode;
  properties: Record<string, string>;
  /** `--add-scram` values for formatting. */
  scram: string[];
  /** A controller that is not a voter (formatted without initial controllers): ready for AddRaftVoter. */
  observer?: boolean;
}

export interface Credentials {
  superUser: { username: string; password: string };
  unprivilegedUser: { username: string; password: string };
}

export interface ClusterSpec {
  name: string;
  topology: Topology;
  version: KafkaVersion;
  clusterId: string;
  dir: string;
  nodes: NodeSpec[];
  credentials?: Credentials;
  tls?: TlsMaterial;
}

export const PASSWORDS = { admin: "admin-secret", alice: "alice-secret" } as const;

export function hostPort(port: number): string {
  return `127.0.0.1:${port}`;
}

export function listener(node: NodeSpec, name: string): ListenerSpec | undefined {
  return node.listeners.find((l) => l.name === name);
}

export const isBroker = (node: NodeSpec) => node.roles.includes("broker");
export const isController = (node: NodeSpec) => node.roles.includes("controller");
