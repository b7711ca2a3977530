import { type AgentEndpoint, AgentsSettingSchema, AppError, agentServes, type Snapshot } from "@kcp/shared";
import type { PlanBuilder } from "../plan-builder.js";
import { type RollNode, rollNodes } from "../rolling/nodes.js";
import type { PlannedStep } from "../steps.js";

type Role = "broker" | "controller";

/** A new node as the plan places it. */
export interface NewNode {
  nodeId: number;
  agentId: string;
  /** The existing node of the same role whose configuration it copies. */
  likeNodeId: number;
}

const isRole = (node: RollNode, role: Role) =>
  role === "broker" ? node.broker && !node.controller : node.controller && !node.broker;

/**
 * Pure: where `count` new nodes of `role` go. Only agents with a `provisioning` section take new nodes; each new node
 * goes to the one of them serving the fewest nodes so far (its nodeIds, the snapshot's nodes in its range, the new
 * nodes placed before it; ties: settings order), with the lowest id of its range that no registered broker, voter,
 * observer, agent's nodeIds or node an agent reports (`providerNodes`) uses. Its configuration is copied from a node
 * of the same role (brokers only, or controllers only) that an agent lists: one on the same agent if any, else the
 * lowest id.
 */
export function placeNewNodes(
  snapshot: Snapshot,
  agents: readonly AgentEndpoint[],
  role: Role,
  count: number,
): NewNode[] {
  const known = rollNodes(snapshot);
  const used = new Set<number>([
    ...known.map((n) => n.nodeId),
    ...(snapshot.quorum?.observers.map((o) => o.nodeId) ?? []),
    ...agents.flatMap((a) => a.nodeIds),
    // Nodes the agents report but Kafka does not show (provisioned and never started, or stopped).
    ...(snapshot.providerNodes?.map((n) => n.nodeId) ?? []),
  ]);
  const hosts = agents.filter((a) => a.provisioning);
  if (hosts.length === 0)
    throw new AppError(
      "invalid_request",
      "No agent takes new nodes: give an agent of the cluster's settings.agents a provisioning section (node ids, ports, data folder)",
    );
  const templates = known.filter((n) => isRole(n, role) && agents.some((a) => a.nodeIds.includes(n.nodeId)));
  if (templates.length === 0)
    throw new AppError(
      "invalid_request",
      `The cluster has no ${role} of its own (${role === "broker" ? "a broker that is not a controller" : "a controller that is not a broker"}) run by an agent to copy the configuration of`,
    );
  const load = new Map(
    hosts.map((a) => [
      a.agentId,
      a.nodeIds.length + known.filter((n) => !a.nodeIds.includes(n.nodeId) && agentServes(a, n.nodeId)).length,
    ]),
  );
  const placed: NewNode[] = [];
  for (let i = 0; i < count; i++) {
    const candidates = hosts
      .map((agent) => {
        const range = agent.provisioning?.nodeIds as { from: number; to: number };
        let id = range.from;
        while (id <= range.to && used.has(id)) id++;
        return { agent, id: id <= range.to ? id : undefined };
      })
      .filter((c) => c.id !== undefined);
    if (candidates.length === 0)
      throw new AppError(
        "invalid_request",
        `The provisioning ranges of the agents have ${i} free node id(s); ${count} new ${role}s were asked`,
      );
    const least = Math.min(...candidates.map((c) => load.get(c.agent.agentId) ?? 0));
    const chosen = candidates.find((c) => (load.get(c.agent.agentId) ?? 0) === least) as (typeof candidates)[number];
    const nodeId = chosen.id as number;
    const like = templates.find((t) => chosen.agent.nodeIds.includes(t.nodeId)) ?? (templates[0] as RollNode);
    placed.push({ nodeId, agentId: chosen.agent.agentId, likeNodeId: like.nodeId });
    used.add(nodeId);
    load.set(chosen.agent.agentId, least + 1);
  }
  return placed;
}

function stepsOf(node: NewNode, role: Role, clusterId: string): PlannedStep[] {
  const { nodeId, likeNodeId } = node;
  const steps: PlannedStep[] = [
    {
      name: `Provision ${role} ${nodeId} on agent ${node.agentId} (configured like node ${likeNodeId})`,
      kind: "provisionNode",
      args: { nodeId, role, likeNodeId, clusterId },
      alwaysRun: false,
    },
    { name: `Start node ${nodeId}`, kind: "startNode", args: { nodeId }, alwaysRun: false },
    {
      name:
        role === "broker"
          ? `Wait until broker ${nodeId} is registered and unfenced`
          : `Wait until controller ${nodeId} is caught up as an observer`,
      kind: "waitNodeHealthy",
      args: { nodeId, roles: { broker: role === "broker", controller: role === "controller" } },
      alwaysRun: false,
    },
  ];
  if (role === "controller")
    steps.push({
      name: `Add voter ${nodeId}`,
      kind: "addObserverAsVoter",
      args: { nodeId },
      alwaysRun: false,
    });
  return steps;
}

/**
 * provisionNodes (contract §5): `count` new nodes of `role` on the agents that take new nodes (placeNewNodes), one
 * after the other: provisioned (storage formatted by the version the copied node runs; a controller as an observer),
 * started, waited for (a broker registered and unfenced, a controller caught up as an observer) and, for a
 * controller, made a voter with AddRaftVoter. Controllers need a dynamic quorum.
 */
export const planProvisionNodes: PlanBuilder<"provisionNodes"> = ({ cluster, snapshot, params }) => {
  const { role, count } = params;
  if (role === "controller") {
    const kraft = snapshot.features.find((f) => f.name === "kraft.version")?.finalized ?? 0;
    if (kraft < 1)
      throw new AppError(
        "invalid_request",
        "A new controller needs a dynamic quorum (kraft.version 1) to become a voter; this quorum is static: run migrateQuorum first",
      );
  }
  const agents = AgentsSettingSchema.safeParse((cluster.settings as { agents?: unknown } | undefined)?.agents);
  if (!agents.success)
    throw new AppError("invalid_request", "New nodes need provider agent with valid settings.agents");
  const placed = placeNewNodes(snapshot, agents.data, role, count);
  const voters = (snapshot.quorum?.voters.length ?? 0) + (role === "controller" ? count : 0);
  const warnings = [
    ...placed.map(
      (n) =>
        `Node ${n.nodeId} goes to agent ${n.agentId}, configured like node ${n.likeNodeId} (its listeners on ports the agent keeps for new nodes) and running the version node ${n.likeNodeId} runs.`,
    ),
    ...(role === "broker"
      ? ["A new broker holds no partitions until a rebalance (or a reassignment) moves some to it."]
      : []),
    ...(role === "controller" && voters % 2 === 0
      ? [`An even number of voters (${voters}) tolerates no more failures than ${voters - 1}.`]
      : []),
  ];
  return {
    plan: {
      summary: `Provision ${count} new ${role}${count > 1 ? "s" : ""}: ${placed.map((n) => `${n.nodeId} on ${n.agentId}`).join(", ")}${role === "controller" ? `, each made a voter (${voters} voters after)` : ""}`,
      warnings,
      irreversible: false,
    },
    steps: placed.flatMap((node) => stepsOf(node, role, snapshot.clusterId)),
  };
};
