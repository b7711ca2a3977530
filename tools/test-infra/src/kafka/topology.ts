import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { freePort } from "../common/index.js";
import { generateTlsMaterial } from "./certificates.js";
import { nodeProperties, scramFormatArgs, securityProperties } from "./properties.js";
import {
  type ClusterSpec,
  hostPort,
  type ListenerSpec,
  type NodeRole,
  type NodeSpec,
  PASSWORDS,
  type Topology,
} from "./spec.js";
import { kafkaUuid } from "./uuid.js";
import type { KafkaVersion } from "./versions.js";

export interface PlanOptions {
  name: string;
  topology: Topology;
  version: KafkaVersion;
  dir: string;
  /** 3c3b: one more controller, formatted without initial controllers: an observer ready to become a voter. */
  extraController?: boolean;
  /** Every broker with this many log dirs (JBOD); default 1. */
  logDirs?: number;
}

const RACKS = ["a", "b", "c"];

async function listenersFor(roles: NodeRole[], secure: boolean): Promise<ListenerSpec[]> {
  const listeners: ListenerSpec[] = [];
  if (roles.includes("broker")) listeners.push({ name: "PLAINTEXT", protocol: "PLAINTEXT", port: await freePort() });
  if (roles.includes("controller"))
    listeners.push({ name: "CONTROLLER", protocol: "PLAINTEXT", port: await freePort() });
  if (secure) {
    for (const protocol of ["SASL_PLAINTEXT", "SSL", "SASL_SSL"] as const) {
      listeners.push({ name: protocol, protocol, port: await freePort() });
    }
    listeners.push({ name: "MTLS", protocol: "SSL", port: await freePort() });
  }
  return listeners;
}

interface Draft {
  id: number;
  roles: NodeRole[];
  rack?: string;
  observer?: boolean;
  listeners: ListenerSpec[];
  directoryId: string;
}

async function drafts(topology: Topology, extraController: boolean): Promise<Draft[]> {
  const secure = topology === "secure";
  if (topology === "single" || secure) {
    const roles: NodeRole[] = ["broker", "controller"];
    return [{ id: 1, roles, listeners: await listenersFor(roles, secure), directoryId: kafkaUuid() }];
  }
  const nodes: Draft[] = [];
  for (const id of [1, 2, 3]) {
    nodes.push({
      id,
      roles: ["controller"],
      listeners: await listenersFor(["controller"], false),
      directoryId: kafkaUuid(),
    });
  }
  for (const [index, id] of [4, 5, 6].entries()) {
    nodes.push({
      id,
      roles: ["broker"],
      rack: RACKS[index],
      listeners: await listenersFor(["broker"], false),
      directoryId: kafkaUuid(),
    });
  }
  if (extraController && topology === "3c3b") {
    nodes.push({
      id: 7,
      roles: ["controller"],
      observer: true,
      listeners: await listenersFor(["controller"], false),
      directoryId: kafkaUuid(),
    });
  }
  return nodes;
}

const controllerPort = (draft: Draft) => draft.listeners.find((l) => l.name === "CONTROLLER")?.port ?? 0;

/** Ports, folders, properties and format modes of every node of a topology. */
export async function planCluster(options: PlanOptions): Promise<ClusterSpec> {
  const all = await drafts(options.topology, options.extraController ?? false);
  const voters = all.filter((d) => d.roles.includes("controller") && !d.observer);
  const brokerCount = all.filter((d) => d.roles.includes("broker")).length;
  const staticQuorum = options.topology === "static";
  const quorum = staticQuorum
    ? { voters: voters.map((v) => `${v.id}@${hostPort(controllerPort(v))}`).join(",") }
    : { bootstrapServers: voters.map((v) => hostPort(controllerPort(v))).join(",") };
  const initialControllers = voters.map((v) => `${v.id}@${hostPort(controllerPort(v))}:${v.directoryId}`).join(",");
  const secure = options.topology === "secure";
  const tls = secure ? await generateTlsMaterial(await mkdirp(join(options.dir, "tls"))) : undefined;

  const nodes: NodeSpec[] = all.map((draft) => {
    const dir = join(options.dir, `node-${draft.id}`);
    const properties = nodeProperties({
      ...draft,
      dir,
      brokerCount,
      quorum,
      ...(options.logDirs === undefined ? {} : { logDirs: options.logDirs }),
    });
    if (tls) Object.assign(properties, securityProperties(tls));
    return {
      ...draft,
      dir,
      properties,
      format: formatMode(draft, { staticQuorum, single: all.length === 1, initialControllers }),
      scram: secure ? scramFormatArgs() : [],
    };
  });

  return {
    name: options.name,
    topology: options.topology,
    version: options.version,
    clusterId: kafkaUuid(),
    dir: options.dir,
    nodes,
    ...(secure && tls
      ? {
          tls,
          credentials: {
            superUser: { username: "admin", password: PASSWORDS.admin },
            unprivilegedUser: { username: "alice", password: PASSWORDS.alice },
          },
        }
      : {}),
  };
}

function formatMode(
  draft: Draft,
  context: { staticQuorum: boolean; single: boolean; initialControllers: string },
): NodeSpec["format"] {
  if (context.staticQuorum) return { kind: "static" };
  if (context.single) return { kind: "standalone" };
  if (draft.roles.includes("controller") && !draft.observer) {
    return { kind: "initial-controllers", value: context.initialControllers };
  }
  return { kind: "no-initial-controllers" };
}

async function mkdirp(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  return dir;
}
