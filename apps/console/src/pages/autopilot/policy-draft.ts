import type { PolicySpec } from "../../api/autopilot.js";

export type Trigger = PolicySpec["trigger"]["code"];
export type Action = PolicySpec["action"]["type"];
export type Mode = NonNullable<PolicySpec["mode"]>;
type Weekday = NonNullable<NonNullable<PolicySpec["guardRails"]>["windows"]>[number]["days"][number];

export const GIB = 1024 ** 3;
export const MIB = 1024 ** 2;

export interface PolicyTemplate {
  label: string;
  trigger: Trigger;
  action: Action;
  /** The name a new policy from this template starts with. */
  name: string;
}

/** The pairs a policy starts from: what it watches for and the operation that answers it (docs/autopilot.md). */
export const TEMPLATES: PolicyTemplate[] = [
  {
    label: "Restart a broker that does not answer",
    trigger: "broker_down",
    action: "restartNodes",
    name: "restart-down-brokers",
  },
  {
    label: "Restart a broker the controller keeps fenced",
    trigger: "broker_fenced",
    action: "restartNodes",
    name: "restart-fenced-brokers",
  },
  {
    label: "Rebalance when log dirs fill unevenly",
    trigger: "disk_imbalance",
    action: "rebalance",
    name: "even-out-disks",
  },
  {
    label: "Rebalance when a broker's disks run high",
    trigger: "disk_high",
    action: "rebalance",
    name: "relieve-full-disks",
  },
  {
    label: "Elect preferred leaders when leadership drifts",
    trigger: "leader_imbalance",
    action: "electLeaders",
    name: "prefer-leaders",
  },
  {
    label: "Drain a broker whose log dir failed",
    trigger: "log_dir_failed",
    action: "drainBrokers",
    name: "drain-failed-disks",
  },
  {
    label: "Restore replication after a broker is removed for good",
    trigger: "replicas_on_removed_broker",
    action: "rebalance",
    name: "restore-replication",
  },
];

export const MODES: { mode: Mode; label: string }[] = [
  { mode: "observe", label: "observe: record anomalies only" },
  { mode: "propose", label: "propose: plan it for a person to confirm" },
  { mode: "auto", label: "auto: confirm it inside the guard rails" },
];

/** The new-policy form as typed: text fields stay text until the spec is built from them. */
export interface PolicyDraft {
  /** The index of the chosen template in TEMPLATES. */
  template: number;
  name: string;
  /** A cluster's id; empty: every cluster. */
  scope: string;
  mode: Mode;
  /** How long the anomaly must last before the policy acts. */
  persist: string;
  cooldown: string;
  /** Window days, comma separated; empty: no window, any time. */
  days: string;
  start: string;
  end: string;
  timeZone: string;
  /** At most this many GiB moved per action; empty: no cap. */
  capGiB: string;
  /** A rebalance's throttle in MiB/s per broker; empty: none. */
  throttleMiB: string;
  minHealthy: number;
}

/** The chosen template (the first when the index is out of range). */
export function templateOf(draft: PolicyDraft): PolicyTemplate {
  return TEMPLATES[draft.template] ?? (TEMPLATES[0] as PolicyTemplate);
}

/** The form before anyone types: the first template, propose mode, a 02:00–06:00 UTC window once days are given. */
export function firstDraft(): PolicyDraft {
  return {
    template: 0,
    name: (TEMPLATES[0] as PolicyTemplate).name,
    scope: "",
    mode: "propose",
    persist: "2m",
    cooldown: "30m",
    days: "",
    start: "02:00",
    end: "06:00",
    timeZone: "UTC",
    capGiB: "",
    throttleMiB: "",
    minHealthy: 0,
  };
}

/** What choosing another template changes: the template and the name, which becomes the template's. */
export function templateChoice(index: number): Pick<PolicyDraft, "template" | "name"> {
  return { template: index, name: TEMPLATES[index]?.name ?? "" };
}

/**
 * The policy the draft asks for: a window only when days are given, a cap only when one is typed, a throttle only on a
 * rebalance that has one; every other guard rail always.
 */
export function policySpec(draft: PolicyDraft): PolicySpec {
  const chosen = templateOf(draft);
  const windowDays = draft.days
    .split(",")
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean) as Weekday[];
  return {
    name: draft.name,
    scope: draft.scope ? { clusterId: draft.scope } : { labels: {} },
    trigger: { code: chosen.trigger, for: draft.persist },
    action: {
      type: chosen.action,
      ...(chosen.action === "rebalance" && draft.throttleMiB
        ? { throttleBytesPerSec: Math.round(Number(draft.throttleMiB) * MIB) }
        : {}),
    },
    mode: draft.mode,
    guardRails: {
      cooldown: draft.cooldown,
      timeZone: draft.timeZone,
      minHealthyBrokers: draft.minHealthy,
      ...(windowDays.length > 0 ? { windows: [{ days: windowDays, start: draft.start, end: draft.end }] } : {}),
      ...(draft.capGiB ? { maxBytesPerAction: Math.round(Number(draft.capGiB) * GIB) } : {}),
    },
  };
}
