import { AppError } from "@kcp/shared";
import type { PlanBuilder } from "../plan-builder.js";

/**
 * migrateQuorum (contract §5): a static quorum (kraft.version 0) becomes dynamic (1) with UpdateFeatures, validated
 * first. Kafka does the rest of the change itself; what the provider cannot do is the nodes' configuration, so the
 * plan lists it: `controller.quorum.voters` gives way to `controller.quorum.bootstrap.servers` (the voters' controller
 * endpoints), on every node, at its next restart. Irreversible.
 */
export const planMigrateQuorum: PlanBuilder<"migrateQuorum"> = ({ snapshot }) => {
  const kraft = snapshot.features.find((f) => f.name === "kraft.version");
  if ((kraft?.finalized ?? 0) >= 1)
    throw new AppError("invalid_request", "Nothing to do: the quorum is already dynamic");
  if ((kraft?.supportedMax ?? 0) < 1)
    throw new AppError("invalid_request", "Not every node supports kraft.version 1: upgrade them to Kafka 4.1+ first");
  const voters = snapshot.quorum?.voters ?? [];
  const bootstrap = voters.flatMap((v) => v.endpoints.slice(0, 1).map((e) => `${e.host}:${e.port}`));
  return {
    plan: {
      summary: "Make the metadata quorum dynamic (kraft.version 0 → 1)",
      warnings: [
        "kraft.version cannot be lowered again.",
        bootstrap.length === voters.length && bootstrap.length > 0
          ? `Afterwards, on every node: remove controller.quorum.voters and set controller.quorum.bootstrap.servers=${bootstrap.join(",")}; it takes effect at each node's next restart.`
          : "Afterwards, on every node: replace controller.quorum.voters with controller.quorum.bootstrap.servers (the controllers' endpoints); it takes effect at each node's next restart.",
      ],
      irreversible: true,
    },
    steps: [
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
    ],
  };
};
