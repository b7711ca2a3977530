import { metadataVersionName } from "@kcp/kafka";
import type { Feature } from "@kcp/shared";

/**
 * The feature levels a Kafka release line finalizes (`kafka-features upgrade --release-version <line>`): its
 * LATEST_PRODUCTION metadata.version and the latest production level of each other feature (server-common
 * MetadataVersion.java and Feature.java). 3.9, 4.2, 4.3 and 4.4 were read from the jars of 3.9.2, 4.2.2, 4.3.1 and
 * 4.4.0; 4.0 and 4.1 from ../shared/notes (the metadata.version levels from the tags; the other features from the
 * levels each one became production at).
 */
export const RELEASE_FEATURE_LEVELS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  "3.9": { "metadata.version": 21, "kraft.version": 1, "transaction.version": 0 },
  "4.0": { "metadata.version": 25, "kraft.version": 1, "transaction.version": 2, "group.version": 1 },
  "4.1": {
    "metadata.version": 27,
    "kraft.version": 1,
    "transaction.version": 2,
    "group.version": 1,
    "eligible.leader.replicas.version": 1,
  },
  "4.2": {
    "metadata.version": 29,
    "kraft.version": 1,
    "transaction.version": 2,
    "group.version": 1,
    "eligible.leader.replicas.version": 1,
    "share.version": 1,
    "streams.version": 1,
  },
  "4.3": {
    "metadata.version": 30,
    "kraft.version": 1,
    "transaction.version": 2,
    "group.version": 1,
    "eligible.leader.replicas.version": 1,
    "share.version": 1,
    "streams.version": 1,
  },
  "4.4": {
    "metadata.version": 33,
    "kraft.version": 1,
    "transaction.version": 2,
    "group.version": 1,
    "eligible.leader.replicas.version": 1,
    "share.version": 2,
    "streams.version": 1,
  },
};

/** metadata.version 3.3-IV3: the lowest level Kafka 4.x starts on (MetadataVersion.MINIMUM_VERSION). */
export const MIN_METADATA_LEVEL_FOR_4 = 7;

export interface UpgradePathInput {
  /** Each node's running version (`undefined` when it is not known). */
  nodes: readonly { nodeId: number; version: string | undefined }[];
  /** The version to upgrade to, e.g. "4.4.0". */
  target: string;
  /** The snapshot's features (finalized levels). */
  features: readonly Feature[];
  /** Whether the cluster runs in KRaft mode (the snapshot has a quorum); a ZooKeeper cluster has none. */
  kraft: boolean;
}

export interface FeatureRaise {
  name: string;
  from: number;
  to: number;
}

export type UpgradePath =
  | {
      ok: true;
      /** Nodes whose version is older than the target, by id. */
      nodesToUpgrade: number[];
      /** Nodes already running the target version. */
      alreadyAtTarget: number[];
      /** What finalizing raises afterwards (irreversible): metadata.version first, then the other features. */
      finalize: FeatureRaise[];
      notes: string[];
    }
  | { ok: false; reasons: string[] };

interface Version {
  major: number;
  minor: number;
  patch: number;
}

/** `4.4.0` → {4, 4, 0}; a suffix after the patch (`-rc1`, `-custom`) is ignored; anything else is undefined. */
export function parseKafkaVersion(text: string): Version | undefined {
  const match = /^(\d+)\.(\d+)(?:\.(\d+))?(?:[-+].*)?$/.exec(text.trim());
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3] ?? 0) };
}

const compare = (a: Version, b: Version) => a.major - b.major || a.minor - b.minor || a.patch - b.patch;
const lineOf = (v: Version) => `${v.major}.${v.minor}`;
const levelName = (level: number) => `${metadataVersionName(level)} (level ${level})`;

/**
 * Whether a rolling upgrade to `target` may start (pure), and what finalizing it would raise. Refused: an unknown
 * target line (no feature table for it), a node whose version is unknown or newer than the target (no downgrade), a
 * finalized metadata.version above what the target supports, and 3.x → 4.x unless the cluster is KRaft, every node
 * runs 3.3 or newer and metadata.version is at least 3.3-IV3 (Kafka's upgrade notes of every 4.x line: "from any
 * version 3.3.x"; ZooKeeper clusters migrate to KRaft on 3.x first; older KRaft clusters go through 3.9 first).
 * kraft.version is never raised by an upgrade: going from a static to a dynamic quorum is migrateQuorum's work.
 */
export function upgradePath(input: UpgradePathInput): UpgradePath {
  const reasons: string[] = [];
  const target = parseKafkaVersion(input.target);
  if (!target) return { ok: false, reasons: [`"${input.target}" is not a Kafka version (major.minor.patch)`] };
  const levels = RELEASE_FEATURE_LEVELS[lineOf(target)];
  if (!levels)
    return {
      ok: false,
      reasons: [
        `Kafka ${lineOf(target)} is not known here (feature levels are known for ${Object.keys(RELEASE_FEATURE_LEVELS).join(", ")})`,
      ],
    };
  const targetLevel = levels["metadata.version"] ?? 0;
  const metadata = input.features.find((f) => f.name === "metadata.version");

  const nodesToUpgrade: number[] = [];
  const alreadyAtTarget: number[] = [];
  const versions: Version[] = [];
  for (const node of [...input.nodes].sort((a, b) => a.nodeId - b.nodeId)) {
    const current = node.version === undefined ? undefined : parseKafkaVersion(node.version);
    if (!current) {
      reasons.push(`the version of node ${node.nodeId} is not known${node.version ? ` ("${node.version}")` : ""}`);
      continue;
    }
    versions.push(current);
    const order = compare(current, target);
    if (order > 0) reasons.push(`node ${node.nodeId} runs ${node.version}, newer than ${input.target}: no downgrade`);
    else if (order === 0) alreadyAtTarget.push(node.nodeId);
    else nodesToUpgrade.push(node.nodeId);
  }
  if (input.nodes.length === 0) reasons.push("no node to upgrade");

  if (metadata && metadata.finalized > targetLevel)
    reasons.push(
      `metadata.version is finalized at ${levelName(metadata.finalized)}, above the ${levelName(targetLevel)} Kafka ${lineOf(target)} supports: a finalized metadata.version cannot be lowered`,
    );

  if (target.major >= 4) {
    if (!input.kraft)
      reasons.push(
        `Kafka ${target.major}.x runs only in KRaft mode: migrate the cluster from ZooKeeper to KRaft on 3.x first`,
      );
    const old = versions.filter((v) => v.major < 3 || (v.major === 3 && v.minor < 3));
    if (old.length > 0)
      reasons.push(
        `Kafka ${lineOf(target)} upgrades only from 3.3 or newer: upgrade the nodes on ${[...new Set(old.map(lineOf))].join(", ")} to 3.9 first`,
      );
    if (input.kraft && !metadata)
      reasons.push("the finalized metadata.version is not known (the snapshot has no metadata.version feature)");
    else if (metadata && metadata.finalized < MIN_METADATA_LEVEL_FOR_4)
      reasons.push(
        `Kafka ${target.major}.x needs metadata.version ${levelName(MIN_METADATA_LEVEL_FOR_4)} or newer; it is ${levelName(metadata.finalized)}: finalize it on the current version first`,
      );
  }
  if (reasons.length > 0) return { ok: false, reasons };

  const finalize: FeatureRaise[] = Object.entries(levels)
    .filter(([name]) => name !== "kraft.version")
    .map(([name, to]) => ({ name, from: input.features.find((f) => f.name === name)?.finalized ?? 0, to }))
    .filter((raise) => raise.from < raise.to)
    .sort((a, b) =>
      a.name === "metadata.version" ? -1 : b.name === "metadata.version" ? 1 : a.name.localeCompare(b.name),
    );
  const notes: string[] = [];
  const kraftVersion = input.features.find((f) => f.name === "kraft.version")?.finalized ?? 0;
  if (kraftVersion < 1)
    notes.push("kraft.version stays 0 (a static quorum): raising it is migrateQuorum's work, not the upgrade's");
  if (compare(target, { major: 4, minor: 4, patch: 0 }) >= 0)
    notes.push(
      "from 4.4, storage formatted by a newer kafka-storage is not readable by an older broker: a node provisioned during or after the upgrade is formatted with its own version",
    );
  if (finalize.length > 0)
    notes.push(
      `finalizing raises metadata.version to ${levelName(targetLevel)}; afterwards no node can go back to a version older than Kafka ${lineOf(target)}`,
    );
  return { ok: true, nodesToUpgrade, alreadyAtTarget, finalize, notes };
}
