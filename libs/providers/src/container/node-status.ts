import type { NodeStatus } from "@kcp/shared";
import type { ContainerInspect } from "./engine.js";
import { LABELS } from "./node-container.js";

/** The engine's zero time: a container that never started or never ended. */
const NEVER = (at: string) => !at || at.startsWith("0001-01-01");

/** Exit codes of Kafka's own ends: a clean exit, or the controlled shutdown a stop's SIGTERM makes. */
const CLEAN_EXITS = new Set([0, 143]);

const SIGNALS: Record<number, string> = { 9: "SIGKILL", 15: "SIGTERM", 6: "SIGABRT", 11: "SIGSEGV", 2: "SIGINT" };

function stateOf(status: string): NodeStatus["state"] {
  if (status === "running") return "running";
  if (status === "stopping" || status === "removing") return "stopping";
  return "stopped";
}

/**
 * Pure: a node's status from its container. `problem` is set when the container ended other than by a clean exit or
 * a controlled shutdown (killed, crashed, out of memory): the engine never restarts it, so it stays down until an
 * operation starts it.
 */
export function nodeStatusOf(container: ContainerInspect, now = new Date()): NodeStatus {
  const labels = container.Config.Labels ?? {};
  const state = stateOf(container.State.Status);
  const running = state === "running";
  const startedAt = running && !NEVER(container.State.StartedAt) ? new Date(container.State.StartedAt) : null;
  const ended = !running && !NEVER(container.State.FinishedAt);
  const code = container.State.ExitCode;
  const signal = code > 128 ? (SIGNALS[code - 128] ?? `signal ${code - 128}`) : null;
  const version = labels[LABELS.version] ?? "unknown";
  const problem =
    ended && !CLEAN_EXITS.has(code)
      ? `its container ended with exit code ${code}${signal ? ` (${signal})` : ""}${container.State.OOMKilled ? ", out of memory" : ""}`
      : null;
  return {
    nodeId: Number(labels[LABELS.nodeId]),
    roles: (labels[LABELS.roles] ?? "").split(",").filter((role) => role === "broker" || role === "controller"),
    version,
    configuredVersion: version,
    state,
    pid: running && container.State.Pid > 0 ? container.State.Pid : null,
    startedAt: startedAt?.toISOString() ?? null,
    uptimeSeconds: startedAt ? Math.max(0, Math.round((now.getTime() - startedAt.getTime()) / 1000)) : null,
    lastExit: ended ? { code, signal, at: new Date(container.State.FinishedAt).toISOString() } : null,
    ...(labels[LABELS.clusterId] ? { clusterId: labels[LABELS.clusterId] } : {}),
    problem,
  };
}
