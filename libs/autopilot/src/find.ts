import { type AutopilotTrigger, diskUsedPercent, type Snapshot, usedPercent } from "@kcp/shared";

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
  broker_down: (snapshot) =>
    snapshot.brokers
      .filter((b) => !b.alive)
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
    const dirs = snapshot.brokers
      .filter((b) => b.alive && !b.fenced)
      .flatMap((b) =>
        (b.logDirs ?? [])
          .filter((d) => d.error === undefined)
          .map((d) => ({ broker: b.id, path: d.path, used: usedPercent(d.totalBytes, d.usableBytes) })),
      );
    if (dirs.length < 2 || dirs.some((d) => d.used === undefined)) return [];
    const mean = dirs.reduce((n, d) => n + (d.used as number), 0) / dirs.length;
    const fullest = dirs.reduce((a, b) => ((b.used as number) > (a.used as number) ? b : a));
    const above = (fullest.used as number) - mean;
    if (above <= thresholds.diskBandPercent) return [];
    return [
      {
        code: "disk_imbalance",
        subject: "cluster",
        brokerId: fullest.broker,
        message: `Log dir ${fullest.path} of broker ${fullest.broker} is ${round1(fullest.used as number)} % used, ${round1(above)} points above the mean of ${dirs.length} log dirs (${round1(mean)} %)`,
        facts: {
          broker: fullest.broker,
          logDir: fullest.path,
          usedPercent: round1(fullest.used as number),
          meanPercent: round1(mean),
          abovePercent: round1(above),
          logDirs: dirs.length,
        },
      },
    ];
  },
  leader_imbalance: (snapshot, thresholds) => {
    let led = 0;
    let notPreferred = 0;
    for (const topic of snapshot.topics)
      for (const p of topic.partitions) {
        if (p.leader < 0 || p.replicas.length < 2) continue;
        led++;
        if (p.leader !== p.replicas[0]) notPreferred++;
      }
    const share = led === 0 ? 0 : (notPreferred / led) * 100;
    if (share <= thresholds.leaderImbalancePercent) return [];
    return [
      {
        code: "leader_imbalance",
        subject: "cluster",
        message: `${notPreferred} of ${led} partitions (${round1(share)} %) are not led by their preferred replica`,
        facts: { notPreferred, partitions: led, notPreferredPercent: round1(share) },
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
    const registered = new Set(snapshot.brokers.map((b) => b.id));
    const gone = new Set<number>();
    let partitions = 0;
    for (const topic of snapshot.topics)
      for (const p of topic.partitions) {
        const missing = p.replicas.filter((id) => !registered.has(id));
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
