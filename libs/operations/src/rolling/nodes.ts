import type { Snapshot } from "@kcp/shared";

/** What a node is in the snapshot: a broker, a controller (a voter or an observer controller), or both (combined). */
export interface RollNode {
  nodeId: number;
  broker: boolean;
  controller: boolean;
  /** A voter of the KRaft quorum (an observer controller is a controller that is not a voter). */
  voter: boolean;
  /** The quorum leader (the active controller). */
  activeController: boolean;
}

/**
 * Every node the snapshot shows, by id. Brokers are the snapshot's brokers (registered, fenced or not). Controllers are
 * the quorum's voters, and the quorum's observers that are not brokers (brokers are observers of the metadata log too,
 * so an observer that is no broker is a controller not yet made a voter). A voter that is also a broker is a combined
 * node.
 */
export function rollNodes(snapshot: Snapshot): RollNode[] {
  const brokers = new Set(snapshot.brokers.map((b) => b.id));
  const voters = new Set(snapshot.quorum?.voters.map((v) => v.nodeId) ?? []);
  const observerControllers = (snapshot.quorum?.observers ?? [])
    .map((o) => o.nodeId)
    .filter((id) => !brokers.has(id) && !voters.has(id));
  const controllers = new Set([...voters, ...observerControllers]);
  const ids = [...new Set([...brokers, ...controllers])].sort((a, b) => a - b);
  return ids.map((nodeId) => ({
    nodeId,
    broker: brokers.has(nodeId),
    controller: controllers.has(nodeId),
    voter: voters.has(nodeId),
    activeController: snapshot.quorum?.leaderId === nodeId,
  }));
}

/** `t-0, t-1, t-2, … and 7 more`: a list short enough for a pause reason. */
export function namesList(names: readonly string[], max = 10): string {
  if (names.length <= max) return names.join(", ");
  return `${names.slice(0, max).join(", ")}, … and ${names.length - max} more`;
}
