import { AppError, type Capabilities, type Cluster, capabilityNote, providerTraits } from "@kcp/shared";
import type { PlanBuilder } from "../plan-builder.js";
import { rollOrder } from "../rolling/roll-order.js";
import type { PlannedStep } from "../steps.js";
import { rollNodeSteps } from "./roll-steps.js";

/**
 * Whether the plan rewrites and restarts the nodes itself: when the provider can act on every node now (the
 * restartNodes capability). An agent or container cluster whose provider cannot now is refused with the reason rather
 * than left to a person; providers without node actions (external) or acting through an operator (Strimzi: static
 * quorums) leave the rewrite to the operator.
 */
function providerActs(cluster: Cluster, capabilities: Capabilities): boolean {
  if (capabilities.restartNodes === true) return true;
  const traits = providerTraits(cluster.provider);
  if (traits.nodeActions !== "nodes" || !traits.actors) return false;
  const refusal = capabilities.refusals.find((r) => r.capability === "restartNodes");
  throw new AppError(
    "capability_unavailable",
    `The ${traits.actors.name} cannot rewrite and restart the nodes now (${refusal ? capabilityNote(refusal) : "restartNodes is not offered"}); try again once ${traits.actors.pronoun} can`,
  );
}

/**
 * migrateQuorum: a static quorum (kraft.version 0) becomes dynamic (1) with UpdateFeatures, validated
 * first. Then every node's configuration gives up `controller.quorum.voters` for `controller.quorum.bootstrap.servers`
 * (the voters' controller endpoints), which takes effect at its next start. When the cluster's provider can act on
 * the nodes (providerActs), the plan does that itself: per node in the roll order (controllers first, the active
 * controller last of them, then brokers), setNodeConfig, then the roll steps of restartNodes (safety gate, stop,
 * start, wait until healthy). Otherwise (provider external) a warning leaves it to the operator. Irreversible.
 */
export const planMigrateQuorum: PlanBuilder<"migrateQuorum"> = ({ cluster, snapshot, capabilities }) => {
  const kraft = snapshot.features.find((f) => f.name === "kraft.version");
  if ((kraft?.finalized ?? 0) >= 1)
    throw new AppError("invalid_request", "Nothing to do: the quorum is already dynamic");
  if ((kraft?.supportedMax ?? 0) < 1)
    throw new AppError("invalid_request", "Not every node supports kraft.version 1: upgrade them to Kafka 4.1+ first");
  const voters = snapshot.quorum?.voters ?? [];
  const bootstrap = voters.flatMap((v) => v.endpoints.slice(0, 1).map((e) => `${e.host}:${e.port}`));
  const known = bootstrap.length === voters.length && bootstrap.length > 0;
  const acts = providerActs(cluster, capabilities);
  if (acts && !known)
    throw new AppError(
      "invalid_request",
      "The quorum does not report every voter's controller endpoint: controller.quorum.bootstrap.servers cannot be written",
    );
  const features: PlannedStep[] = [
    {
      name: "Validate kraft.version 1",
      kind: "updateFeatures",
      args: { levels: { "kraft.version": 1 }, validateOnly: true },
      alwaysRun: false,
    },
    {
      name: "Finalize kraft.version 1",
      kind: "updateFeatures",
      args: { levels: { "kraft.version": 1 }, validateOnly: false },
      alwaysRun: false,
    },
  ];
  if (!acts)
    return {
      plan: {
        summary: "Make the metadata quorum dynamic (kraft.version 0 → 1)",
        warnings: [
          "kraft.version cannot be lowered again.",
          known
            ? `Afterwards, on every node: remove controller.quorum.voters and set controller.quorum.bootstrap.servers=${bootstrap.join(",")}; it takes effect at each node's next restart.`
            : "Afterwards, on every node: replace controller.quorum.voters with controller.quorum.bootstrap.servers (the controllers' endpoints); it takes effect at each node's next restart.",
        ],
        irreversible: true,
      },
      steps: features,
    };
  const order = rollOrder(snapshot);
  const servers = bootstrap.join(",");
  const rewrite = order.flatMap((node): PlannedStep[] => [
    {
      name: `Set controller.quorum.bootstrap.servers on node ${node.nodeId} (controller.quorum.voters removed)`,
      kind: "setNodeConfig",
      args: {
        nodeId: node.nodeId,
        set: { "controller.quorum.bootstrap.servers": servers },
        delete: ["controller.quorum.voters"],
      },
      alwaysRun: false,
    },
    ...rollNodeSteps(node),
  ]);
  return {
    plan: {
      summary: `Make the metadata quorum dynamic (kraft.version 0 → 1), then rewrite and restart ${order.length} nodes one at a time: ${order.map((n) => n.nodeId).join(", ")}`,
      warnings: [
        "kraft.version cannot be lowered again.",
        `Every node's controller.quorum.voters is replaced by controller.quorum.bootstrap.servers=${servers}, then the node is restarted (rolling, with the roll-safety rules of restartNodes).`,
      ],
      irreversible: true,
    },
    steps: [...features, ...rewrite],
  };
};
