import { AppError, type Snapshot } from "@kcp/shared";
import { type RollNode, rollNodes } from "./nodes.js";

/**
 * The order of a rolling restart or upgrade (pure): controllers before brokers, combined nodes counted as controllers;
 * among controllers, observer controllers and followers first and the active controller (the quorum leader) last, so
 * the quorum changes leader once; brokers by id. With `nodes`, only those nodes, in the same order; an id the snapshot
 * does not show is refused.
 */
export function rollOrder(snapshot: Snapshot, nodes?: readonly number[]): RollNode[] {
  const all = rollNodes(snapshot);
  if (nodes) {
    const known = new Set(all.map((n) => n.nodeId));
    const unknown = [...new Set(nodes)].filter((id) => !known.has(id)).sort((a, b) => a - b);
    if (unknown.length > 0)
      throw new AppError(
        "invalid_request",
        `Node${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")} ${unknown.length > 1 ? "are" : "is"} neither a broker nor a controller of the cluster`,
      );
  }
  const wanted = nodes ? new Set(nodes) : undefined;
  const rank = (n: RollNode) => {
    if (!n.controller) return 3;
    if (n.activeController) return 2;
    return n.voter ? 1 : 0;
  };
  return all.filter((n) => !wanted || wanted.has(n.nodeId)).sort((a, b) => rank(a) - rank(b) || a.nodeId - b.nodeId);
}
