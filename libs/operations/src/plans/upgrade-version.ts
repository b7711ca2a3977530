import { AppError, type Cluster, providerTraits } from "@kcp/shared";
import type { PlanBuilder } from "../plan-builder.js";
import type { RollNode } from "../rolling/nodes.js";
import { rollOrder } from "../rolling/roll-order.js";
import { type FeatureRaise, type UpgradePath, upgradePath } from "../rolling/upgrade-path.js";
import type { PlannedStep } from "../steps.js";
import { planOperatorUpgrade } from "./operator.js";
import { roleName, rollNodeSteps } from "./roll-steps.js";

const lineOf = (version: string) => version.split(".").slice(0, 2).join(".");
const listed = (ids: readonly number[]) => (ids.length === 1 ? `node ${ids[0]}` : `nodes ${ids.join(", ")}`);

/** The node's turn in the roll, switched to the new version while it is stopped. */
const nodeSteps = (node: RollNode, version: string): PlannedStep[] =>
  rollNodeSteps(node, {
    whileStopped: [
      {
        name: `Switch node ${node.nodeId} to Kafka ${version}`,
        kind: "switchVersion",
        args: { nodeId: node.nodeId, version },
        alwaysRun: false,
      },
    ],
  });

/** finalizeFeatures' two steps (validate-only, then applied) for the target line's levels. */
function finalizeSteps(raises: readonly FeatureRaise[]): PlannedStep[] {
  const levels = Object.fromEntries(raises.map((raise) => [raise.name, raise.to]));
  return [
    { name: "Validate the new levels", kind: "updateFeatures", args: { levels, validateOnly: true }, alwaysRun: false },
    {
      name: "Finalize the new levels",
      kind: "updateFeatures",
      args: { levels, validateOnly: false },
      alwaysRun: false,
    },
  ];
}

/** How the plan words the provider's part: node agents install a release, a container engine holds an image. */
function providerWords(provider: Cluster["provider"], target: string) {
  if (providerTraits(provider).installs === "image")
    return {
      mustAnswer: "the container engine must answer",
      install: `The image of Kafka ${target} is on the container engine (checked when planning; a plan pulls no image); a node's container is replaced by one of that image on the same volume, so its data stays.`,
      installStep: `Make sure the container engine has the image of Kafka ${target}`,
      goBack: "whose image stays on the engine, by switching its container back to that image and restarting it",
      runsUnder: "as containers of the cluster's project",
    };
  return {
    mustAnswer: "every node agent must answer",
    install: `Kafka ${target} is installed on every node agent first, from its artifact source (each agent was asked when planning; checksum verified; a version a node runs is never touched).`,
    installStep: `Install Kafka ${target} on every node agent`,
    goBack: "which stays installed on its agent, by switching it back through its node agent and restarting it",
    runsUnder: "under the cluster's node agents",
  };
}

/**
 * upgradeVersion: a rolling upgrade through the cluster's node provider. The path is checked first
 * (upgradePath: every node's version as the provider reports it in the snapshot's `providerNodes`, the finalized
 * features, KRaft); nodes already at the target are left alone. Steps: the version installed on every agent, then one
 * node at a time in the roll order the restartNodes gates (safe to stop, stop, switch the version, start, healthy
 * again); with `finalize`, metadata.version and the other features raised to the target line's levels, validated by
 * Kafka first (irreversible). Without it, every node can still go back to the version it ran.
 */
export const planUpgradeVersion: PlanBuilder<"upgradeVersion"> = (input) => {
  if (providerTraits(input.cluster.provider).nodeActions === "operator") return planOperatorUpgrade(input);
  const { cluster, snapshot, params } = input;
  const target = params.version;
  const words = providerWords(cluster.provider, target);
  const finalize = params.finalize === true;
  const reported = snapshot.providerNodes;
  if (!reported)
    throw new AppError(
      "invalid_request",
      `The nodes' versions are not known: the cluster's provider reported no node (${words.mustAnswer})`,
    );
  // A KRaft cluster (metadata.version finalized) whose quorum this collection could not read would roll its brokers
  // only: the controllers are known from DescribeQuorum.
  if (!snapshot.quorum && snapshot.features.some((f) => f.name === "metadata.version"))
    throw new AppError(
      "invalid_request",
      "The controllers are not known: the quorum could not be read (DescribeQuorum) in this collection; plan again",
    );
  const order = rollOrder(snapshot);
  if (order.length === 0) throw new AppError("invalid_request", "Nothing to do: the cluster shows no node");
  const versionOf = new Map(reported.map((node) => [node.nodeId, node.version]));
  const path = upgradePath({
    nodes: order.map((node) => ({ nodeId: node.nodeId, version: versionOf.get(node.nodeId) })),
    target,
    features: snapshot.features,
    kraft: snapshot.quorum !== undefined,
  });
  if (!path.ok)
    throw new AppError(
      "invalid_request",
      `The cluster cannot be upgraded to Kafka ${target}: ${path.reasons.join("; ")}`,
    );

  const upgrading = order.filter((node) => path.nodesToUpgrade.includes(node.nodeId));
  const raises = finalize ? path.finalize : [];
  if (upgrading.length === 0 && raises.length === 0)
    throw new AppError(
      "invalid_request",
      `Nothing to do: every node runs Kafka ${target} already${finalize ? " and every feature is at its level" : ""}`,
    );

  const unseen = reported.map((node) => node.nodeId).filter((id) => !order.some((node) => node.nodeId === id));
  const told = { target, words, finalize, upgrading, raises, path, unseen };
  const summary = upgradeSummary({ ...told, fromVersions: upgrading.map((node) => versionOf.get(node.nodeId)) });
  const warnings = upgradeWarnings(told);
  const steps: PlannedStep[] = [
    ...(upgrading.length > 0
      ? [
          {
            name: words.installStep,
            kind: "installVersion",
            args: { version: target },
            alwaysRun: false,
          } satisfies PlannedStep,
        ]
      : []),
    ...upgrading.flatMap((node) => nodeSteps(node, target)),
    ...(raises.length > 0 ? finalizeSteps(raises) : []),
  ];
  return {
    plan: { summary, warnings, irreversible: raises.length > 0 },
    steps,
  };
};

/** What an upgrade plan says it does, and what it warns of. */
interface UpgradeTold {
  target: string;
  words: ReturnType<typeof providerWords>;
  finalize: boolean;
  upgrading: readonly RollNode[];
  raises: readonly FeatureRaise[];
  path: Extract<UpgradePath, { ok: true }>;
  unseen: readonly number[];
}

/** The nodes upgraded (from which versions, in which order), those already at the target, the features finalized. */
function upgradeSummary(told: UpgradeTold & { fromVersions: readonly (string | undefined)[] }): string {
  const { target, upgrading, raises, path } = told;
  const fromVersions = [...new Set(told.fromVersions)].sort();
  const parts: string[] = [];
  if (upgrading.length > 0)
    parts.push(
      `Rolling upgrade of ${upgrading.length} node${upgrading.length > 1 ? "s" : ""} from Kafka ${fromVersions.join(" and ")} to ${target}, one at a time: ${upgrading
        .map((node) => `${node.nodeId} (${roleName(node)})`)
        .join(", ")}`,
    );
  if (path.alreadyAtTarget.length > 0) parts.push(`${listed(path.alreadyAtTarget)} already run ${target}`);
  if (raises.length > 0)
    parts.push(
      `${upgrading.length > 0 ? "then finalize" : "Finalize"} ${raises.map((r) => `${r.name}: ${r.from} → ${r.to}`).join(", ")}`,
    );
  return parts.join("; ");
}

/** The install and roll-safety notes, what finalizing means (or not finalizing), the path's notes, nodes not seen. */
function upgradeWarnings(told: UpgradeTold): string[] {
  const { target, words, finalize, upgrading, raises, path, unseen } = told;
  return [
    ...(upgrading.length > 0
      ? [
          words.install,
          "Each node is stopped only when the roll-safety rules allow it (no partition below min.insync.replicas, a caught-up majority of voters); otherwise the operation waits, then pauses with the reason.",
        ]
      : []),
    ...(finalize
      ? raises.length > 0
        ? [
            `finalize is irreversible: after the last node the features are raised to Kafka ${lineOf(target)}'s levels, validated by Kafka first.`,
          ]
        : [`Every feature is at Kafka ${target}'s level already: nothing is finalized.`]
      : [
          `Features are not finalized: until they are (upgradeVersion with finalize: true, or finalizeFeatures), each node can go back to the version it ran, ${words.goBack}.`,
        ]),
    ...path.notes.filter((note) => finalize || !note.startsWith("finalizing")),
    ...(unseen.length > 0
      ? [
          `${listed(unseen)} ${unseen.length > 1 ? "run" : "runs"} ${words.runsUnder} but the cluster does not show ${unseen.length > 1 ? "them" : "it"}: not upgraded.`,
        ]
      : []),
  ];
}
