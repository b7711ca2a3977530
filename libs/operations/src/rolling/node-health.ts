import type { Snapshot } from "@kcp/shared";
import { rollNodes } from "./nodes.js";
import { brokerNotCaughtUp, DEFAULT_QUORUM_CATCH_UP, type QuorumCatchUp, voterCaughtUp } from "./roll-safety.js";

export type NodeHealth = { healthy: true } | { healthy: false; reason: string };

/**
 * How long a quorum leader may hold a follower's fetch before it answers (KafkaRaftClient's fetchMaxWaitMs). A fetch
 * the old process sent just before it stopped can be answered, and stamped as the follower's last fetch, up to this
 * long after: seen on 3.9.2, a controller stopped and started within 0.5 s looked caught up 83 ms after its start.
 */
export const RAFT_FETCH_MAX_WAIT_MS = 500;

export interface NodeHealthOptions {
  catchUp?: QuorumCatchUp;
  /**
   * When the node was started: a snapshot collected before it says nothing about the restarted node (compared with
   * the snapshot's `collectedAt`), nor does a controller's last fetch from before it.
   */
  startedAt?: Date;
  /**
   * What the node is expected to be (the roles it had before it was stopped). A stopped broker can vanish from a
   * snapshot and a stopped controller from the quorum's observers, so without it a node the snapshot no longer shows
   * is reported as unknown rather than judged by what is left of it.
   */
  roles?: { broker: boolean; controller: boolean };
}

/**
 * Whether a node is healthy again after a restart (pure): a broker registered, answering, unfenced and back in the
 * ISR of every partition it replicates; a controller that is a voter caught up with the leader (lag and last fetch
 * within `catchUp`), or an observer controller caught up the same way; a combined node both.
 */
export function nodeHealthy(snapshot: Snapshot, nodeId: number, options: NodeHealthOptions = {}): NodeHealth {
  const catchUp = options.catchUp ?? DEFAULT_QUORUM_CATCH_UP;
  if (options.startedAt && Date.parse(snapshot.collectedAt) <= options.startedAt.getTime())
    return { healthy: false, reason: `the snapshot predates the start of node ${nodeId}` };
  const seen = rollNodes(snapshot).find((n) => n.nodeId === nodeId);
  const roles = options.roles ?? seen;
  if (!roles) return { healthy: false, reason: `node ${nodeId} is neither a registered broker nor in the quorum` };
  if (roles.controller) {
    const quorum = snapshot.quorum;
    if (!quorum) return { healthy: false, reason: "the snapshot has no quorum information (DescribeQuorum)" };
    const voter = quorum.voters.find((v) => v.nodeId === nodeId);
    const observer = quorum.observers.find((o) => o.nodeId === nodeId);
    const replica = voter ?? observer;
    if (!replica) return { healthy: false, reason: `controller ${nodeId} is not in the quorum yet` };
    if (voter && quorum.leaderId < 0) return { healthy: false, reason: "the quorum has no leader" };
    // A voter stopped and started again within the catch-up window still shows the old process's last fetch, and the
    // leader may stamp a fetch the old process sent before it stopped up to RAFT_FETCH_MAX_WAIT_MS later: only a fetch
    // after both says the new process is caught up (the leader's clock against the provider's).
    if (
      options.startedAt &&
      quorum.leaderId !== nodeId &&
      replica.lastFetchTimestamp >= 0 &&
      replica.lastFetchTimestamp <= options.startedAt.getTime() + RAFT_FETCH_MAX_WAIT_MS
    )
      return {
        healthy: false,
        reason: `controller ${nodeId} has not fetched from the leader since its start (last fetch ${new Date(replica.lastFetchTimestamp).toISOString()})`,
      };
    if (!voterCaughtUp(snapshot, replica, catchUp)) {
      const fetched =
        replica.lastFetchTimestamp < 0
          ? "has not fetched yet"
          : `last fetched ${Math.max(0, Date.parse(snapshot.collectedAt) - replica.lastFetchTimestamp)} ms before the snapshot`;
      return {
        healthy: false,
        reason: `controller ${nodeId} is not caught up with the leader (lag ${replica.lag}, ${fetched}; at most ${catchUp.maxLag} records and ${catchUp.maxFetchAgeMs} ms)`,
      };
    }
  }
  if (roles.broker) {
    const notCaughtUp = brokerNotCaughtUp(snapshot, nodeId);
    if (notCaughtUp) return { healthy: false, reason: notCaughtUp };
  }
  return { healthy: true };
}
