import type { RollNode } from "../rolling/nodes.js";
import type { PlannedStep } from "../steps.js";

/** How a plan names a node of the roll: its role, and whether it leads the quorum. */
export function roleName(node: RollNode): string {
  const role = node.broker && node.controller ? "combined" : node.controller ? "controller" : "broker";
  return node.activeController ? `${role}, the active controller` : role;
}

export interface RollStepOptions {
  /** Wait until the node is healthy again after its start (default true). */
  waitHealthy?: boolean;
  /** Steps run while the node is stopped (upgradeVersion's switch of version). */
  whileStopped?: PlannedStep[];
}

/**
 * One node's turn in a roll (restartNodes, upgradeVersion, migrateQuorum): the roll-safety gate, stop, what happens
 * while it is down, start and the wait until it is healthy again.
 */
export function rollNodeSteps(node: RollNode, options: RollStepOptions = {}): PlannedStep[] {
  const { nodeId } = node;
  const steps: PlannedStep[] = [
    { name: `Check that node ${nodeId} is safe to stop`, kind: "rollSafetyCheck", args: { nodeId }, alwaysRun: false },
    { name: `Stop node ${nodeId}`, kind: "stopNode", args: { nodeId }, alwaysRun: false },
    ...(options.whileStopped ?? []),
    { name: `Start node ${nodeId}`, kind: "startNode", args: { nodeId }, alwaysRun: false },
  ];
  if (options.waitHealthy !== false)
    steps.push({
      name: `Wait until node ${nodeId} is healthy again`,
      kind: "waitNodeHealthy",
      args: { nodeId, roles: { broker: node.broker, controller: node.controller } },
      alwaysRun: false,
    });
  return steps;
}
