import { AppError, type QuorumNode, type Snapshot } from "@kcp/shared";
import type { PlanBuilder } from "../plan-builder.js";

/** A voter counts toward a majority when it is close to the leader's log end and caught up with it recently. */
const CAUGHT_UP_LAG = 1000;
const CAUGHT_UP_WITHIN_MS = 30_000;

function caughtUp(voter: QuorumNode, collectedAt: number): boolean {
  if (voter.role === "leader") return true;
  // A stopped voter's lag grows slowly (the leader writes a record every half second); its last catch-up tells sooner.
  const recently = voter.lastCaughtUpTimestamp >= collectedAt - CAUGHT_UP_WITHIN_MS;
  return voter.lag >= 0 && voter.lag <= CAUGHT_UP_LAG && recently;
}

function currentVoters(snapshot: Snapshot): QuorumNode[] {
  const voters = snapshot.quorum?.voters;
  if (!voters || voters.length === 0) throw new AppError("invalid_request", "The quorum could not be described");
  return voters;
}

/**
 * removeVoters: voters leave one at a time (one RemoveRaftVoter each). Refused when it would remove the
 * last voter, or when after any removal the remaining voters would not have a caught-up majority (the quorum could
 * not commit). A named voter must be a voter with that directory id. Irreversible.
 */
export const planRemoveVoters: PlanBuilder<"removeVoters"> = ({ snapshot, params }) => {
  let remaining = currentVoters(snapshot);
  for (const { nodeId, directoryId } of params.voters) {
    const voter = remaining.find((v) => v.nodeId === nodeId);
    if (!voter) throw new AppError("invalid_request", `Node ${nodeId} is not a voter of the quorum`);
    if (voter.directoryId !== directoryId)
      throw new AppError(
        "invalid_request",
        `Voter ${nodeId} has directory id ${voter.directoryId}, not ${directoryId}`,
      );
    remaining = remaining.filter((v) => v.nodeId !== nodeId);
    if (remaining.length === 0) throw new AppError("invalid_request", "Removing the last voter would end the quorum");
    const healthy = remaining.filter((v) => caughtUp(v, Date.parse(snapshot.collectedAt))).length;
    if (healthy <= remaining.length / 2)
      throw new AppError(
        "invalid_request",
        `After removing voter ${nodeId}, only ${healthy} of the ${remaining.length} remaining voters are caught up: the quorum would lose its majority`,
      );
  }
  const leaving = params.voters.map((v) => v.nodeId);
  const warnings = [
    ...(leaving.includes(snapshot.quorum?.leaderId ?? -1)
      ? ["The quorum leader is removed: a new leader is elected."]
      : []),
    "The removed controllers keep running as observers until they are shut down.",
  ];
  return {
    plan: {
      summary: `Remove voter(s) ${leaving.join(", ")} from the metadata quorum (${remaining.length} voter(s) remain)`,
      warnings,
      irreversible: true,
    },
    steps: params.voters.map((voter) => ({
      name: `Remove voter ${voter.nodeId}`,
      kind: "removeRaftVoter",
      args: voter,
      alwaysRun: false,
    })),
  };
};
