import { type AutopilotTrigger, diskImbalance, diskUsedPercent, leaderImbalance, type Snapshot } from "@kcp/shared";

/** An anomaly as one view shows it: what, about which subject, with the figures measured. */
export interface Finding {
  code: AutopilotTrigger;
  /** Stable while the anomaly lasts: `broker:5`, `broker:5:/data`, `cluster`. */
  subject: string;
  brokerId?: number;
  message: string;
  facts: Record<string, number | string>;
}

/** The thresholds anomalies are found at; a policy may ask for more (its own band or share, `policyMatches`). */
export interface FindThresholds {
  /** disk_high: a broker's disks at or above this % used (the health rule's HEALTH_DISK_HIGH_PERCENT). */
  diskHighPercent: number;
  /** disk_imbalance: the fullest log dir this many points above the mean of all dirs. */
  diskBandPercent: number;
  /** leader_imbalance: this % of led partitions not led by their preferred replica. */
  leaderImbalancePercent: number;
}

export const DEFAULT_FIND_THRESHOLDS: FindThresholds = {
  diskHighPercent: 80,
  diskBandPercent: 10,
  leaderImbalancePercent: 10,
};

const round1 = (n: number) => Math.round(n * 10) / 10;

type Rule = (snapshot: Snapshot, thresholds: FindThresholds) => Finding[];

/** One rule per trigger; each reads only the snapshot. */
const RULES: { readonly [T in AutopilotTrigger]: Rule } = {
  // An unregistered broker is gone for good, not down: replicas_on_removed_broker is its anomaly.
  broker_down: (snapshot) =>
    snapshot.brokers
      .filter((b) => !b.alive && b.registered !== false)
      .map((b) => ({
        code: "broker_down",
        subject: `broker:${b.id}`,
        brokerId: b.id,
        message: `Broker ${b.id} does not answer${b.fenced ? " and is fenced" : ""}`,
        facts: { broker: b.id, fenced: b.fenced ? "yes" : "no" },
      })),
  // A broker that answers but stays fenced; one that does not answer is broker_down (one anomaly per broker).
  broker_fenced: (snapshot) =>
    snapshot.brokers
      .filter((b) => b.alive && b.fenced)
      .map((b) => ({
        code: "broker_fenced",
        subject: `broker:${b.id}`,
        brokerId: b.id,
        message: `Broker ${b.id} answers but is fenced by the controller`,
        facts: { broker: b.id },
      })),
  disk_high: (snapshot, thresholds) =>
    snapshot.brokers.flatMap((b) => {
      const used = diskUsedPercent(b);
      if (used === undefined || used < thresholds.diskHighPercent) return [];
      return [
        {
          code: "disk_high" as const,
          subject: `broker:${b.id}`,
          brokerId: b.id,
          message: `Broker ${b.id}'s disks are ${round1(used)} % used (at or above ${thresholds.diskHighPercent} %)`,
          facts: { broker: b.id, usedPercent: round1(used), thresholdPercent: thresholds.diskHighPercent },
        },
      ];
    }),
  disk_imbalance: (snapshot, thresholds) => {
    const figures = diskImbalance(snapshot);
    if (!figures || figures.abovePercent <= thresholds.diskBandPercent) return [];
    const { broker, logDir, usedPercent, meanPercent, abovePercent, logDirs } = figures;
    return [
      {
        code: "disk_imbalance",
        subject: "cluster",
        brokerId: broker,
        message: `Log dir ${logDir} of broker ${broker} is ${round1(usedPercent)} % used, ${round1(abovePercent)} points above the mean of ${logDirs} log dirs (${round1(meanPercent)} %)`,
        facts: {
          broker,
          logDir,
          usedPercent: round1(usedPercent),
          meanPercent: round1(meanPercent),
          abovePercent: round1(abovePercent),
          logDirs,
        },
      },
    ];
  },
  leader_imbalance: (snapshot, thresholds) => {
    const { partitions, notPreferred, notPreferredPercent } = leaderImbalance(snapshot);
    if (notPreferredPercent <= thresholds.leaderImbalancePercent) return [];
    return [
      {
        code: "leader_imbalance",
        subject: "cluster",
        message: `${notPreferred} of ${partitions} partitions (${round1(notPreferredPercent)} %) are not led by their preferred replica`,
        facts: { notPreferred, partitions, notPreferredPercent: round1(notPreferredPercent) },
      },
    ];
  },
  log_dir_failed: (snapshot) =>
    snapshot.brokers.flatMap((b) =>
      (b.logDirs ?? [])
        .filter((d) => d.error !== undefined)
        .map((d) => ({
          code: "log_dir_failed" as const,
          subject: `broker:${b.id}:${d.path}`,
          brokerId: b.id,
          message: `Log dir ${d.path} of broker ${b.id} failed (${d.error})`,
          facts: { broker: b.id, logDir: d.path, error: d.error as string },
        })),
    ),
  replicas_on_removed_broker: (snapshot) => {
    // The snapshot lists every broker holding a replica; those the cluster no longer registers say so.
    const unregistered = new Set(snapshot.brokers.filter((b) => b.registered === false).map((b) => b.id));
    const gone = new Set<number>();
    let partitions = 0;
    for (const topic of snapshot.topics)
      for (const p of topic.partitions) {
        const missing = p.replicas.filter((id) => unregistered.has(id));
        if (missing.length === 0) continue;
        partitions++;
        for (const id of missing) gone.add(id);
      }
    if (partitions === 0) return [];
    const brokers = [...gone].sort((a, b) => a - b).join(", ");
    return [
      {
        code: "replicas_on_removed_broker",
        subject: "cluster",
        message: `${partitions} partition(s) keep replicas on broker(s) no longer registered: ${brokers}`,
        facts: { partitions, brokers },
      },
    ];
  },
};

/**
 * Every anomaly a snapshot shows, for the triggers asked (default: all), in trigger order. A pure function of the
 * snapshot: the timeline (`trackAnomalies`) decides what is new, still there or gone.
 */
export function findAnomalies(
  snapshot: Snapshot,
  thresholds: FindThresholds = DEFAULT_FIND_THRESHOLDS,
  triggers: readonly AutopilotTrigger[] = Object.keys(RULES) as AutopilotTrigger[],
): Finding[] {
  return triggers.flatMap((trigger) => RULES[trigger](snapshot, thresholds));
}
