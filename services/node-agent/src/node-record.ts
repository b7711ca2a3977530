export type Role = "broker" | "controller";
/**
 * How a controller's storage is formatted (kafka-storage format): `standalone` (a one-voter dynamic quorum),
 * `initial-controllers` (the first voters of a dynamic quorum), `observer` (`--no-initial-controllers`: joins as an
 * observer, made a voter later by AddRaftVoter), `static` (a `controller.quorum.voters` quorum: no flag).
 */
export type ControllerMode = "standalone" | "initial-controllers" | "observer" | "static";

export interface ProvisionRequest {
  roles: Role[];
  clusterId: string;
  version: string;
  config: Record<string, string>;
  controllerMode?: ControllerMode | undefined;
  initialControllers?: string | undefined;
  jvmOptions?: string[] | undefined;
}

export interface ProcessRecord {
  pid: number;
  /** /proc/<pid>/stat start time: tells the node's process from a later process that got the same pid. */
  startTicks: string;
  startedAt: string;
  version: string;
}

export interface LastExit {
  /** Null when the process was not the agent's child (adopted after a restart of the agent): its code is unknown. */
  code: number | null;
  signal: string | null;
  at: string;
}

/** What the agent keeps of a node, in `<state>/nodes/<id>/node.json`. */
export interface NodeRecord {
  nodeId: number;
  roles: Role[];
  clusterId: string;
  configuredVersion: string;
  controllerMode: ControllerMode | null;
  jvmOptions: string[];
  config: Record<string, string>;
  provisionHash: string;
  provisionedAt: string;
  /** What the last command asked for: a node that should run but does not is reported, never restarted silently. */
  desired: "running" | "stopped";
  process: ProcessRecord | null;
  lastExit: LastExit | null;
  /** The latest restart ids (bounded), each with when the restart began. */
  restarts: { restartId: string; at: string }[];
}

export const now = () => new Date().toISOString();
