import { AppError } from "@kcp/shared";
import type { PlanBuilder } from "../plan-builder.js";

/**
 * finalizeFeatures: raise feature levels (default: every feature to the highest level all nodes support),
 * validated by Kafka first (UpdateFeatures validate-only), then applied. Each level must be supported by every node and
 * above the finalized one; the plan lists every change as `name: current → target`. Irreversible.
 */
export const planFinalizeFeatures: PlanBuilder<"finalizeFeatures"> = ({ snapshot, params }) => {
  const requested =
    params.features ??
    Object.fromEntries(
      snapshot.features.filter((f) => f.finalized < f.supportedMax).map((f) => [f.name, f.supportedMax]),
    );
  const changes = Object.entries(requested).map(([name, level]) => {
    const feature = snapshot.features.find((f) => f.name === name);
    if (!feature) throw new AppError("invalid_request", `Unknown feature ${name}`);
    if (level > feature.supportedMax)
      throw new AppError(
        "invalid_request",
        `${name} ${level} is above the highest level every node supports (${feature.supportedMax})`,
      );
    if (level <= feature.finalized)
      throw new AppError(
        "invalid_request",
        `${name} is already at ${feature.finalized}; a level can only be raised here`,
      );
    return { name, from: feature.finalized, to: level };
  });
  if (changes.length === 0)
    throw new AppError("invalid_request", "Nothing to do: every feature is at the highest level all nodes support");
  const levels = Object.fromEntries(changes.map((c) => [c.name, c.to]));
  return {
    plan: {
      summary: `Finalize ${changes.map((c) => `${c.name}: ${c.from} → ${c.to}`).join(", ")}`,
      warnings: [
        "Finalized feature levels cannot be lowered without risk: nodes older than these levels cannot rejoin.",
      ],
      irreversible: true,
    },
    steps: [
      {
        name: "Validate the new levels",
        kind: "updateFeatures",
        args: { levels, validateOnly: true },
        alwaysRun: false,
      },
      {
        name: "Finalize the new levels",
        kind: "updateFeatures",
        args: { levels, validateOnly: false },
        alwaysRun: false,
      },
    ],
  };
};
