import {
  type AgentEndpoint,
  AgentsSettingSchema,
  AppError,
  agentServes,
  type Cluster,
  PORTS_PER_CONTAINER_NODE,
  providerTraits,
  type Snapshot,
} from "@kcp/shared";
import type { PlanBuilder } from "../plan-builder.js";
import { type RollNode, rollNodes } from "../rolling/nodes.js";
import type { PlannedStep } from "../steps.js";
import { planOperatorProvision } from "./operator.js";

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
 * The nodes whose configuration a new node of `role` may copy: those of that role alone; where the cluster has none
 * (combined nodes only), its combined nodes (the provisionNode step keeps only the role's listeners).
 */
function templatesOf(nodes: readonly RollNode[], role: Role): RollNode[] {
  const alone = nodes.filter((n) => isRole(n, role));
  return alone.length > 0 ? alone : nodes.filter((n) => n.broker && n.controller);
}

/** Every node id the snapshot shows: registered brokers, voters, observers and the provider's nodes. */
const usedIds = (snapshot: Snapshot, known: readonly RollNode[]) =>
  new Set<number>([
    ...known.map((n) => n.nodeId),
    ...(snapshot.quorum?.observers.map((o) => o.nodeId) ?? []),
    // Nodes the provider reports but Kafka does not show (provisioned and never started, or stopped).
    ...(snapshot.providerNodes?.map((n) => n.nodeId) ?? []),
  ]);

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
  const used = usedIds(snapshot, known);
  for (const id of agents.flatMap((a) => a.nodeIds)) used.add(id);
  const hosts = agents.filter((a) => a.provisioning);
  if (hosts.length === 0)
    throw new AppError(
      "invalid_request",
      "No agent takes new nodes: give an agent of the cluster's settings.agents a provisioning section (node ids, ports, data folder)",
    );
  const templates = templatesOf(
    known.filter((n) => agents.some((a) => a.nodeIds.includes(n.nodeId))),
    role,
  );
  if (templates.length === 0) throw noTemplate(role, "run by an agent");
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

const noTemplate = (role: Role, where: string) =>
  new AppError(
    "invalid_request",
    `The cluster has no ${role} (${role === "broker" ? "a broker, or combined node" : "a controller, or combined node"}) ${where} to copy the configuration of`,
  );

/**
 * Pure: where `count` new nodes of `role` go on a `container` cluster: the lowest ids above every id the cluster uses
 * (so that no port of a node that ever was is taken again), each configured like the lowest-id node of that role.
 * Node n's ports are portBase + n·10 … + 9: an id whose ports would pass 65535 is refused.
 */
export function placeContainerNodes(snapshot: Snapshot, portBase: number, role: Role, count: number): NewNode[] {
  const known = rollNodes(snapshot);
  const templates = templatesOf(known, role);
  if (templates.length === 0) throw noTemplate(role, "in the cluster");
  const like = [...templates].sort((a, b) => a.nodeId - b.nodeId)[0] as RollNode;
  const first = Math.max(0, ...usedIds(snapshot, known)) + 1;
  const placed = Array.from({ length: count }, (_, i) => ({
    nodeId: first + i,
    agentId: "",
    likeNodeId: like.nodeId,
  }));
  const last = placed[placed.length - 1]?.nodeId ?? first;
  if (portBase + (last + 1) * PORTS_PER_CONTAINER_NODE - 1 > 65_535)
    throw new AppError(
      "invalid_request",
      `node ${last} would listen on ports above 65535 (settings.portBase ${portBase} + id × ${PORTS_PER_CONTAINER_NODE})`,
    );
  return placed;
}

/** Where the plan says a new node goes. */
const placeName = (node: NewNode) => (node.agentId ? `agent ${node.agentId}` : "a new container");

function stepsOf(node: NewNode, role: Role, clusterId: string): PlannedStep[] {
  const { nodeId, likeNodeId } = node;
  const steps: PlannedStep[] = [
    {
      name: `Provision ${role} ${nodeId} on ${placeName(node)} (configured like node ${likeNodeId})`,
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
 * provisionNodes: `count` new nodes of `role` on the agents that take new nodes (placeNewNodes), one
 * after the other: provisioned (storage formatted by the version the copied node runs; a controller as an observer),
 * started, waited for (a broker registered and unfenced, a controller caught up as an observer) and, for a
 * controller, made a voter with AddRaftVoter. Controllers need a dynamic quorum.
 */
export const planProvisionNodes: PlanBuilder<"provisionNodes"> = (input) => {
  if (providerTraits(input.cluster.provider).nodeActions === "operator") return planOperatorProvision(input);
  const { cluster, snapshot, params } = input;
  const { role, count } = params;
  if (role === "controller") {
    const kraft = snapshot.features.find((f) => f.name === "kraft.version")?.finalized ?? 0;
    if (kraft < 1)
      throw new AppError(
        "invalid_request",
        "A new controller needs a dynamic quorum (kraft.version 1) to become a voter; this quorum is static: run migrateQuorum first",
      );
  }
  const placed = placeFor(cluster, snapshot, role, count);
  const voters = (snapshot.quorum?.voters.length ?? 0) + (role === "controller" ? count : 0);
  const warnings = [
    ...placed.map((n) =>
      n.agentId
        ? `Node ${n.nodeId} goes to agent ${n.agentId}, configured like node ${n.likeNodeId} (its listeners on ports the agent keeps for new nodes) and running the version node ${n.likeNodeId} runs.`
        : `Node ${n.nodeId} is a new container, configured like node ${n.likeNodeId} (its listeners on the ports settings.portBase gives id ${n.nodeId}, its data on a new volume) and running the version node ${n.likeNodeId} runs.`,
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
      summary: `Provision ${count} new ${role}${count > 1 ? "s" : ""}: ${placed.map((n) => (n.agentId ? `${n.nodeId} on ${n.agentId}` : `${n.nodeId}`)).join(", ")}${role === "controller" ? `, each made a voter (${voters} voters after)` : ""}`,
      warnings,
      irreversible: false,
    },
    steps: placed.flatMap((node) => stepsOf(node, role, snapshot.clusterId)),
  };
};

/** The new nodes' places by the cluster's provider: agents with a provisioning section, or new containers. */
function placeFor(cluster: Cluster, snapshot: Snapshot, role: Role, count: number): NewNode[] {
  const settings = (cluster.settings ?? {}) as { agents?: unknown; portBase?: unknown };
  if (providerTraits(cluster.provider).placement === "containers") {
    if (typeof settings.portBase !== "number")
      throw new AppError("invalid_request", "New containers need settings.portBase");
    return placeContainerNodes(snapshot, settings.portBase, role, count);
  }
  const agents = AgentsSettingSchema.safeParse(settings.agents);
  if (!agents.success)
    throw new AppError(
      "invalid_request",
      "New nodes need provider agent with valid settings.agents, or provider container",
    );
  return placeNewNodes(snapshot, agents.data, role, count);
}
