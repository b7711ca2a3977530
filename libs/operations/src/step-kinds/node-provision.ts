import { setTimeout as sleep } from "node:timers/promises";
import type { NewVoter } from "@kcp/kafka";
import { AppError, type NodeStatus, type Quorum, type QuorumNode } from "@kcp/shared";
import { type StepExecutor, StepInterrupted, StepPaused } from "../steps.js";
import { nodeProvider } from "./node-access.js";

/**
 * Provisions a new node through the cluster's provider: its configuration derived from `likeNodeId` on the ports and
 * folders its host keeps for new nodes, the version `likeNodeId` runs, storage formatted by that version (a controller
 * as an observer); not started. A node the provider already has is done when it is this one (same role and cluster,
 * e.g. a rerun after a crash) and refused otherwise.
 */
export const provisionNodeStep: StepExecutor<"provisionNode"> = async (context, args) => {
  const nodes = nodeProvider(context);
  const { nodeId, role, likeNodeId, clusterId } = args;
  let existing: NodeStatus | undefined;
  try {
    existing = await nodes.status(nodeId);
  } catch (error) {
    if (!(error instanceof AppError && error.code === "not_found")) throw error;
  }
  if (existing) {
    const sameRole = existing.roles.length === 1 && existing.roles[0] === role;
    const sameCluster = existing.clusterId === undefined || existing.clusterId === clusterId;
    if (!sameRole || !sameCluster)
      throw new AppError(
        "conflict",
        `node ${nodeId} already exists on its agent as ${existing.roles.join("+")} of cluster ${existing.clusterId ?? "?"}: not a new ${role} of ${clusterId}`,
      );
    return { outcome: "already provisioned", version: existing.version, state: existing.state };
  }
  const spec = await nodes.newNodeSpec(nodeId, likeNodeId);
  spec.config = configForRole(spec.config, role);
  const status = await nodes.provision({
    nodeId,
    roles: [role],
    clusterId,
    ...spec,
    ...(role === "controller" ? { controllerMode: "observer" as const } : {}),
  });
  return {
    outcome: "provisioned",
    version: spec.version,
    listeners: spec.config.listeners ?? null,
    logDirs: spec.config["log.dirs"] ?? spec.config["log.dir"] ?? null,
    state: status.state,
  };
};

/**
 * Pure: a configuration copied from a node cut down to `role`: `listeners` and `advertised.listeners` keep only that
 * role's entries (a controller's are those `controller.listener.names` names). A configuration of that role alone
 * is left as it is; one copied from a combined node loses the other role's listeners, which Kafka refuses.
 */
export function configForRole(config: Record<string, string>, role: "broker" | "controller"): Record<string, string> {
  const controllerNames = new Set((config["controller.listener.names"] ?? "").split(",").map((n) => n.trim()));
  const keep = (entry: string) => {
    const name = /^([A-Za-z0-9_]+):\/\//.exec(entry.trim())?.[1] ?? "";
    return role === "controller" ? controllerNames.has(name) : !controllerNames.has(name);
  };
  const result = { ...config };
  for (const key of ["listeners", "advertised.listeners"]) {
    const value = config[key];
    if (value === undefined) continue;
    const kept = value.split(",").filter((entry) => entry.trim().length > 0 && keep(entry));
    if (kept.length > 0) result[key] = kept.join(",");
    else delete result[key];
  }
  return result;
}

/** How often, and how long by default, addObserverAsVoter reads the quorum again while it waits for the observer. */
const POLL_MS = 2_000;
const DEFAULT_WAIT_MS = 600_000;

type Endpoint = NewVoter["endpoints"][number];

/**
 * Pure: a controller's endpoints as its configuration gives them: the entries of `advertised.listeners` (else of
 * `listeners`) whose name is in `controller.listener.names`, the way Kafka advertises a controller.
 */
export function controllerEndpoints(config: Record<string, string>): Endpoint[] {
  const names = new Set((config["controller.listener.names"] ?? "").split(",").map((n) => n.trim()));
  const parse = (value: string | undefined) =>
    (value ?? "")
      .split(",")
      .map((entry) => /^([A-Za-z0-9_]+):\/\/(.*):(\d+)$/.exec(entry.trim()))
      .filter((m): m is RegExpExecArray => m !== null && names.has(m[1] as string))
      .map((m) => ({ name: m[1] as string, host: m[2] as string, port: Number(m[3]) }));
  const advertised = parse(config["advertised.listeners"]);
  return advertised.length > 0 ? advertised : parse(config.listeners);
}

/** What the quorum shows of the observer now: its directory id, or why AddRaftVoter cannot be sent yet. */
function observerOf(
  quorum: Quorum,
  nodeId: number,
): { observer: QuorumNode & { directoryId: string } } | { done: QuorumNode } | { missing: string } {
  const voter = quorum.voters.find((v) => v.nodeId === nodeId);
  if (voter) return { done: voter };
  const observer = quorum.observers.find((o) => o.nodeId === nodeId);
  if (!observer) return { missing: `node ${nodeId} is not an observer of the quorum` };
  if (!observer.directoryId) return { missing: `the quorum does not report the directory id of node ${nodeId} yet` };
  return { observer: { ...observer, directoryId: observer.directoryId } };
}

/**
 * AddRaftVoter for an observer controller (a node provisioned by this operation), with the directory id DescribeQuorum
 * reports for it and its controller endpoints (from DescribeQuorum when it tells them, else from the node's
 * configuration as its provider keeps it: DescribeQuorum does not tell an observer's endpoints). Until the quorum shows
 * the observer with its directory id, the step reads it again every 2 s, and past the node wait
 * (OPERATIONS_NODE_HEALTHY_WAIT_MS) pauses the operation with the reason. A voter already: done.
 */
export const addObserverAsVoterStep: StepExecutor<"addObserverAsVoter"> = async (context, { nodeId }) => {
  const started = Date.now();
  const limitMs = context.nodeWaits?.healthyMs ?? DEFAULT_WAIT_MS;
  for (let checks = 1; ; checks++) {
    const found = observerOf(await context.admin.describeQuorum(), nodeId);
    if (checks > 1 && !("missing" in found)) await context.report({ waitingFor: null });
    if ("done" in found) return { added: false, directoryId: found.done.directoryId ?? null, checks };
    if ("observer" in found) {
      const { directoryId } = found.observer;
      const endpoints =
        found.observer.endpoints.length > 0
          ? found.observer.endpoints.map(({ name, host, port }) => ({ name, host, port }))
          : controllerEndpoints(await nodeProvider(context).config(nodeId));
      if (endpoints.length === 0)
        throw new AppError("invalid_request", `node ${nodeId} has no controller listener in its configuration`);
      const result = await context.admin.addVoter({ nodeId, directoryId, endpoints });
      return { ...result, directoryId, endpoints, checks };
    }
    const waitedMs = Date.now() - started;
    await context.report({
      waitingFor: { what: `node ${nodeId} ready to be a voter`, reason: found.missing, waitedMs },
    });
    if (waitedMs >= limitMs)
      throw new StepPaused(
        `node ${nodeId} could not be made a voter after ${Math.round(waitedMs / 1000)} s: ${found.missing}`,
        {
          waitedMs,
          checks,
        },
      );
    if (await context.interrupted()) throw new StepInterrupted({ waitedMs, checks, reason: found.missing });
    await sleep(Math.min(POLL_MS, Math.max(0, limitMs - waitedMs)));
  }
};
