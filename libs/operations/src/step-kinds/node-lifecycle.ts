import { setTimeout as sleep } from "node:timers/promises";
import { AppError, type NodeStatus, type Snapshot } from "@kcp/shared";
import { nodeHealthy } from "../rolling/node-health.js";
import { rollSafety } from "../rolling/roll-safety.js";
import {
  type StepContext,
  type StepDetail,
  type StepExecutor,
  StepInterrupted,
  type StepNodes,
  StepPaused,
} from "../steps.js";

/** How often the gates read the cluster again while they wait. */
const POLL_MS = 2_000;
/** The waits' limits when the worker gives none. */
const DEFAULT_WAITS = { safeToStopMs: 300_000, healthyMs: 600_000 };
/** One read of the cluster may take this long (a stopped broker answers at once on loopback, not across networks). */
const SNAPSHOT_TIMEOUT_MS = 15_000;

/** Which process of a node a step saw: a process restarted since has another pid or start time. */
export interface ProcessMark {
  state: NodeStatus["state"];
  pid: number | null;
  startedAt: string | null;
}

export const markOf = (status: NodeStatus): ProcessMark => ({
  state: status.state,
  pid: status.pid,
  startedAt: status.startedAt,
});

const sameProcess = (a: ProcessMark, b: ProcessMark) => a.pid === b.pid && a.startedAt === b.startedAt;
const isUp = (state: NodeStatus["state"]) => state === "running" || state === "starting";

/**
 * Pure: what a stopNode run does, from the node as its provider reports it now and the process the step's first run
 * recorded (`before`; absent on a first run). Stopped already: done. Running another process than the one the first
 * run saw (restarted since the step began: by this operation before a crash, or by anyone): done, never stopped twice.
 * Otherwise: stop.
 */
export function stopDecision(now: ProcessMark, before: ProcessMark | undefined): { stop: boolean; reason: string } {
  if (now.state === "stopped") return { stop: false, reason: "already stopped" };
  if (before && isUp(now.state) && !sameProcess(now, before))
    return {
      stop: false,
      reason: `restarted since this step first ran (pid ${before.pid ?? "none"} → ${now.pid ?? "none"}): not stopped again`,
    };
  return { stop: true, reason: "stopped" };
}

/** Pure: what a startNode run does. Running (or starting) already: done; otherwise start. */
export function startDecision(now: ProcessMark): { start: boolean; reason: string } {
  if (isUp(now.state)) return { start: false, reason: `already ${now.state}` };
  return { start: true, reason: "started" };
}

/** The cluster's nodes as the worker offers them to steps, or a capability_unavailable error saying why not. */
export function nodesOf(context: StepContext): StepNodes {
  const nodes = context.nodes;
  if (!nodes) throw new AppError("capability_unavailable", "the worker has no provider to act on this cluster's nodes");
  if ("unavailable" in nodes) throw new AppError("capability_unavailable", nodes.unavailable);
  return nodes;
}

function previousMark(previous: StepDetail | undefined): ProcessMark | undefined {
  const before = previous?.before as ProcessMark | undefined;
  return before && typeof before === "object" && "state" in before ? before : undefined;
}

/**
 * Stops a node through its provider (controlled: SIGTERM, then SIGKILL after the provider's timeout). The first run
 * records the node's process (pid, start time) in the step's detail before it acts; a run after a crash compares, so a
 * node already restarted since is never stopped again.
 */
export const stopNodeStep: StepExecutor<"stopNode"> = async (context, { nodeId }) => {
  const nodes = nodesOf(context);
  const now = markOf(await nodes.status(nodeId));
  const before = previousMark(context.previous) ?? now;
  if (!context.previous?.before) await context.checkpoint?.({ before });
  const decision = stopDecision(now, previousMark(context.previous));
  if (!decision.stop) return { before, after: now, outcome: decision.reason };
  const after = markOf(await nodes.stop(nodeId));
  return { before, after, outcome: decision.reason };
};

/** Starts a node through its provider; a node running already is left as it is (whichever process it runs). */
export const startNodeStep: StepExecutor<"startNode"> = async (context, { nodeId }) => {
  const nodes = nodesOf(context);
  const now = markOf(await nodes.status(nodeId));
  const before = previousMark(context.previous) ?? now;
  if (!context.previous?.before) await context.checkpoint?.({ before });
  const decision = startDecision(now);
  if (!decision.start) return { before, after: now, outcome: decision.reason };
  const after = markOf(await nodes.start(nodeId));
  return { before, after, outcome: decision.reason };
};

export async function freshSnapshot(context: StepContext): Promise<Snapshot | string> {
  try {
    return await context.admin.snapshot(SNAPSHOT_TIMEOUT_MS);
  } catch (error) {
    return `the cluster could not be read: ${(error as Error).message}`;
  }
}

/**
 * Reads again every 2 s until `check` answers undefined (done), for at most `limitMs`; then pauses the operation with
 * `check`'s last reason. Pause, cancel and a stopping worker end the wait (the step runs again later).
 */
export async function waitUntil(
  context: StepContext,
  what: string,
  limitMs: number,
  check: () => Promise<{ reason: string; detail?: StepDetail } | undefined>,
): Promise<StepDetail> {
  const started = Date.now();
  for (let checks = 1; ; checks++) {
    const blocked = await check();
    if (!blocked) return { waitedMs: Date.now() - started, checks };
    const waitedMs = Date.now() - started;
    await context.report({ waitingFor: { what, reason: blocked.reason, waitedMs } });
    if (waitedMs >= limitMs)
      throw new StepPaused(`${what}: not so after ${Math.round(waitedMs / 1000)} s: ${blocked.reason}`, {
        waitedMs,
        checks,
        reason: blocked.reason,
        ...blocked.detail,
      });
    const stop = await context.interrupted();
    if (stop) throw new StepInterrupted({ waitedMs, checks, reason: blocked.reason });
    await sleep(Math.min(POLL_MS, Math.max(0, limitMs - waitedMs)));
  }
}

/**
 * Why the gate has nothing to guard: the node's provider reports it stopped (crashed, killed, or stopped by hand), so
 * its turn in the roll only starts it, which takes nothing away from the cluster. Undefined otherwise, or when the
 * provider cannot tell (then the gate reads the cluster as usual).
 */
async function stoppedAlready(context: StepContext, nodeId: number): Promise<string | undefined> {
  const nodes = context.nodes;
  if (!nodes || "unavailable" in nodes) return undefined;
  const status = await nodes.status(nodeId).catch(() => undefined);
  if (status?.state !== "stopped") return undefined;
  return `node ${nodeId} is stopped already${status.problem ? ` (${status.problem})` : ""}: starting it takes nothing away`;
}

/**
 * The roll-safety gate before a node is stopped: the pure rollSafety rule over a fresh read of the cluster, again
 * every 2 s while it says no. Never goes on unsafely: past OPERATIONS_ROLL_SAFETY_WAIT_MS, the operation pauses with
 * the reason (which names the partitions at risk; all of them are in the step's detail). A node its provider reports
 * stopped already passes at once (stoppedAlready).
 */
export const rollSafetyCheckStep: StepExecutor<"rollSafetyCheck"> = async (context, { nodeId }) => {
  const down = await stoppedAlready(context, nodeId);
  if (down) return { outcome: down };
  const limitMs = (context.nodeWaits ?? DEFAULT_WAITS).safeToStopMs;
  const done = await waitUntil(context, `node ${nodeId} safe to stop`, limitMs, async () => {
    const snapshot = await freshSnapshot(context);
    if (typeof snapshot === "string") return { reason: snapshot };
    const safety = rollSafety(snapshot, nodeId);
    if (safety.safe) return undefined;
    return {
      reason: safety.reason,
      ...(safety.partitionsAtRisk ? { detail: { partitionsAtRisk: safety.partitionsAtRisk } } : {}),
    };
  });
  await context.report({ waitingFor: null });
  return done;
};

/**
 * Waits until a restarted node is healthy again (the pure nodeHealthy rule over fresh reads): running as its provider
 * reports it, a broker registered, unfenced and back in the ISR of every partition it replicates, a controller in the
 * quorum and caught up; a read collected before the node's start does not count. Past OPERATIONS_NODE_HEALTHY_WAIT_MS
 * the operation pauses with the reason.
 */
export const waitNodeHealthyStep: StepExecutor<"waitNodeHealthy"> = async (context, { nodeId, roles }) => {
  const nodes = nodesOf(context);
  let process: ProcessMark | undefined;
  const limitMs = (context.nodeWaits ?? DEFAULT_WAITS).healthyMs;
  const done = await waitUntil(context, `node ${nodeId} healthy again`, limitMs, async () => {
    const status = await nodes.status(nodeId);
    process = markOf(status);
    if (status.state !== "running")
      return { reason: `node ${nodeId} is ${status.state}${status.problem ? ` (${status.problem})` : ""}` };
    const snapshot = await freshSnapshot(context);
    if (typeof snapshot === "string") return { reason: snapshot };
    const health = nodeHealthy(snapshot, nodeId, {
      roles,
      ...(status.startedAt ? { startedAt: new Date(status.startedAt) } : {}),
    });
    return health.healthy ? undefined : { reason: health.reason };
  });
  await context.report({ waitingFor: null });
  return { ...done, process };
};
