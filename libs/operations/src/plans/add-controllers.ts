import { AppError, type QuorumNode, type Snapshot } from "@kcp/shared";
import type { PlanBuilder } from "../plan-builder.js";

type Endpoint = { name: string; host: string; port: number };

/** The observer the request names: it must be running (an observer of the quorum), not already a voter. */
function observerOf(snapshot: Snapshot, nodeId: number): QuorumNode {
  const quorum = snapshot.quorum;
  if (!quorum) throw new AppError("invalid_request", "The quorum could not be described");
  if (quorum.voters.some((v) => v.nodeId === nodeId))
    throw new AppError("invalid_request", `Node ${nodeId} is already a voter`);
  const observer = quorum.observers.find((o) => o.nodeId === nodeId);
  if (!observer)
    throw new AppError(
      "invalid_request",
      `Node ${nodeId} is not an observer of the quorum: start the controller first`,
    );
  return observer;
}

/**
 * addControllers: running observer controllers become voters (one AddRaftVoter each), with the
 * directory id from the request or DescribeQuorum and the endpoints from the request or DescribeQuorum; a controller
 * whose endpoints are known nowhere is refused (brokers are observers too, but have no controller endpoint).
 */
export const planAddControllers: PlanBuilder<"addControllers"> = ({ snapshot, params }) => {
  const controllers = params.controllers.map((wanted) => {
    const observer = observerOf(snapshot, wanted.nodeId);
    const directoryId = wanted.directoryId ?? observer.directoryId;
    if (!directoryId)
      throw new AppError("invalid_request", `The directory id of node ${wanted.nodeId} is not known: give it`);
    if (observer.directoryId && directoryId !== observer.directoryId)
      throw new AppError(
        "invalid_request",
        `Node ${wanted.nodeId} has directory id ${observer.directoryId}, not ${directoryId}`,
      );
    const endpoints: Endpoint[] = wanted.endpoints ?? observer.endpoints;
    if (endpoints.length === 0)
      throw new AppError(
        "invalid_request",
        `The controller endpoints of node ${wanted.nodeId} are not known: give them`,
      );
    return { nodeId: wanted.nodeId, directoryId, endpoints };
  });
  const voters = (snapshot.quorum?.voters.length ?? 0) + controllers.length;
  return {
    plan: {
      summary: `Add controller(s) ${controllers.map((c) => c.nodeId).join(", ")} to the metadata quorum (${voters} voters after)`,
      warnings:
        voters % 2 === 0 ? [`An even number of voters (${voters}) tolerates no more failures than ${voters - 1}.`] : [],
      irreversible: false,
    },
    steps: controllers.map((controller) => ({
      name: `Add voter ${controller.nodeId}`,
      kind: "addRaftVoter",
      args: controller,
      alwaysRun: false,
    })),
  };
};
