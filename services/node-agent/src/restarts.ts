import { type NodeRecord, now } from "./node-record.js";

/** Restart ids are kept so that a repeated request (a retry) restarts once. */
const RESTART_IDS_KEPT = 100;

export type RestartEntry = NodeRecord["restarts"][number];

export function findRestart(record: NodeRecord, restartId: string): RestartEntry | undefined {
  return record.restarts.find((r) => r.restartId === restartId);
}

/** Notes that the restart begins now, dropping the oldest ids beyond the bound. */
export function noteRestart(record: NodeRecord, restartId: string): void {
  record.restarts = [...record.restarts, { restartId, at: now() }].slice(-RESTART_IDS_KEPT);
}

/** Whether the node's recorded process was started by that restart or later (its liveness is checked apart). */
export function startedSince(record: NodeRecord, restart: RestartEntry): boolean {
  const p = record.process;
  return p !== null && p.startedAt >= restart.at;
}
