import type { LastExit, NodeRecord, Role } from "./node-record.js";

export type Transition = "starting" | "stopping";

export interface NodeStatus {
  nodeId: number;
  roles: Role[];
  clusterId: string;
  version: string;
  state: "running" | "stopped" | Transition;
  pid: number | null;
  startedAt: string | null;
  uptimeSeconds: number | null;
  lastExit: LastExit | null;
  configuredVersion: string;
  desiredState: "running" | "stopped";
  /** Set when the node should run (its last command was start or restart) but its process is gone. */
  problem: string | null;
}

/** A node's status as the API answers it, from its record, whether its process is alive and any start/stop under way. */
export function nodeStatus(record: NodeRecord, alive: boolean, transition: Transition | undefined): NodeStatus {
  const id = record.nodeId;
  const p = alive ? record.process : null;
  const state = transition ?? (alive ? "running" : "stopped");
  const problem =
    !alive && record.desired === "running" && state === "stopped"
      ? `node ${id} should be running but its process is gone${record.lastExit ? ` (since ${record.lastExit.at})` : ""}; the agent does not restart it on its own`
      : null;
  return {
    nodeId: id,
    roles: record.roles,
    clusterId: record.clusterId,
    version: p?.version ?? record.configuredVersion,
    state,
    pid: p?.pid ?? null,
    startedAt: p?.startedAt ?? null,
    uptimeSeconds: p ? Math.max(0, Math.floor((Date.now() - Date.parse(p.startedAt)) / 1000)) : null,
    lastExit: record.lastExit,
    configuredVersion: record.configuredVersion,
    desiredState: record.desired,
    problem,
  };
}
