import { z } from "zod";
import { LabelsSchema } from "./clusters.js";
import { BrokerIdSchema, DateTimeSchema, IdSchema, LimitQuerySchema } from "./common.js";
import { cursorQuery } from "./cursor.js";
import { ANOMALY_STATES } from "./lists.js";
import type { OperationType } from "./operations.js";

/** What an autopilot policy watches for: each is found in a cluster's stored view (libs/autopilot `findAnomalies`). */
export const AUTOPILOT_TRIGGERS = [
  "broker_down",
  "broker_fenced",
  "disk_high",
  "disk_imbalance",
  "leader_imbalance",
  "log_dir_failed",
  "replicas_on_removed_broker",
] as const;
export type AutopilotTrigger = (typeof AUTOPILOT_TRIGGERS)[number];

/** The operation each trigger may answer with: a policy names one of these, never another type. */
export const AUTOPILOT_ACTIONS: { readonly [T in AutopilotTrigger]: readonly OperationType[] } = {
  broker_down: ["restartNodes"],
  broker_fenced: ["restartNodes"],
  disk_high: ["rebalance"],
  disk_imbalance: ["rebalance"],
  leader_imbalance: ["electLeaders"],
  log_dir_failed: ["drainBrokers"],
  replicas_on_removed_broker: ["rebalance"],
};

export const AUTOPILOT_MODES = ["observe", "propose", "auto"] as const;
export type AutopilotMode = (typeof AUTOPILOT_MODES)[number];

const DURATION = /^([1-9]\d{0,5})(s|m|h|d)$/;
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A duration as people write it: a whole number and s, m, h or d ("30s", "2m", "1h", "7d"). */
export const DurationSchema = z
  .string()
  .regex(DURATION, "must be a whole number and s, m, h or d, e.g. 30s, 2m, 1h")
  .describe("A whole number and s, m, h or d, e.g. 30s, 2m, 1h");

/** Milliseconds of a duration the schema accepted. */
export function durationMs(duration: string): number {
  const match = DURATION.exec(duration);
  if (!match) throw new RangeError(`not a duration: ${duration}`);
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const TIME_OF_DAY = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day, HH:MM (00:00-23:59)")
  .describe("HH:MM, 24-hour");

/** A weekly window: on each of `days`, from `start` to `end` (an end before the start runs past midnight). */
export const MaintenanceWindowSchema = z.strictObject({
  days: z.array(z.enum(WEEKDAYS)).min(1).max(7).describe("The days the window opens on"),
  start: TIME_OF_DAY,
  end: TIME_OF_DAY,
});
export type MaintenanceWindow = z.infer<typeof MaintenanceWindowSchema>;

/** An IANA time zone name that this runtime knows. */
const TimeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en-GB", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "must be an IANA time zone, e.g. Europe/Berlin")
  .describe("An IANA time zone, e.g. Europe/Berlin");

const bytes = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const GuardRailsSchema = z.strictObject({
  windows: z
    .array(MaintenanceWindowSchema)
    .max(50)
    .default([])
    .describe("When the policy may act in auto mode (outside: it only proposes); none: any time"),
  timeZone: TimeZoneSchema.default("UTC"),
  maxBytesPerAction: bytes.optional().describe("An action whose plan moves more bytes is not started"),
  maxBytesPer24h: bytes.optional().describe("Bytes the policy's actions may move in any 24 hours"),
  cooldown: DurationSchema.default("30m").describe("After an action, how long the policy waits before the next"),
  excludeBrokers: z.array(BrokerIdSchema).max(1000).default([]).describe("Brokers the policy never acts on"),
  excludeTopics: z
    .array(z.string().min(1).max(249))
    .max(1000)
    .default([])
    .describe("Topics the policy's actions never move"),
  minHealthyBrokers: z
    .number()
    .int()
    .min(0)
    .max(10_000)
    .default(0)
    .describe("Below this many alive, unfenced brokers the policy touches nothing"),
});
export type GuardRails = z.infer<typeof GuardRailsSchema>;

export const AutopilotTriggerSchema = z.strictObject({
  code: z.enum(AUTOPILOT_TRIGGERS),
  for: DurationSchema.default("2m").describe("How long the anomaly persists before the policy acts"),
  bandPercent: z
    .number()
    .gt(0)
    .max(100)
    .optional()
    .describe("disk_imbalance: the fullest log dir above the mean by more than this % (default 10)"),
  thresholdPercent: z
    .number()
    .gt(0)
    .max(100)
    .optional()
    .describe("leader_imbalance: share of partitions not led by their preferred replica (default 10)"),
});
export type AutopilotTriggerSpec = z.infer<typeof AutopilotTriggerSchema>;

/** Which clusters a policy covers: one by id, or every cluster whose labels include all of `labels`. */
export const PolicyScopeSchema = z.union([
  z.strictObject({ clusterId: IdSchema }),
  z.strictObject({ labels: LabelsSchema.describe("Every cluster whose labels include all of these") }),
]);
export type PolicyScope = z.infer<typeof PolicyScopeSchema>;

export const PolicySpecSchema = z
  .strictObject({
    name: z
      .string()
      .regex(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/, "must be a lowercase DNS label")
      .describe("Unique; the actor of its actions is autopilot:<name>"),
    enabled: z.boolean().default(true),
    scope: PolicyScopeSchema,
    trigger: AutopilotTriggerSchema,
    action: z.strictObject({
      type: z.enum(["restartNodes", "rebalance", "electLeaders", "drainBrokers"]),
      throttleBytesPerSec: z
        .number()
        .int()
        .min(1)
        .max(Number.MAX_SAFE_INTEGER)
        .optional()
        .describe("rebalance: Kafka's replication throttle while its moves run, bytes per second"),
      maxConcurrentMoves: z
        .number()
        .int()
        .min(1)
        .max(1000)
        .optional()
        .describe("rebalance: partition moves in flight at once"),
    }),
    mode: z.enum(AUTOPILOT_MODES).default("observe"),
    guardRails: GuardRailsSchema.prefault({}),
  })
  .refine((p) => AUTOPILOT_ACTIONS[p.trigger.code].includes(p.action.type), {
    path: ["action", "type"],
    message:
      "is not an action of the trigger (broker_down, broker_fenced: restartNodes; disk_high, disk_imbalance, replicas_on_removed_broker: rebalance; leader_imbalance: electLeaders; log_dir_failed: drainBrokers)",
  })
  .refine(
    (p) =>
      p.action.type === "rebalance" ||
      (p.action.throttleBytesPerSec === undefined && p.action.maxConcurrentMoves === undefined),
    { path: ["action"], message: "throttleBytesPerSec and maxConcurrentMoves are for rebalance only" },
  );
export type PolicySpec = z.infer<typeof PolicySpecSchema>;

export const PolicySchema = z.object({
  id: IdSchema,
  spec: PolicySpecSchema,
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type Policy = z.infer<typeof PolicySchema>;

/** Why an autopilot did not act (or acted only in part): data, never a sentence other code parses. */
export const AUTOPILOT_REASONS = [
  "observe_only",
  "waiting",
  "paused",
  "outside_window",
  "irreversible",
  "cooldown",
  "operation_active",
  "too_few_healthy_brokers",
  "excluded_broker",
  "excluded_topic",
  "capability_missing",
  "over_action_cap",
  "over_daily_cap",
  "nothing_to_do",
  "plan_failed",
  "approval_required",
] as const;
export type AutopilotReasonCode = (typeof AUTOPILOT_REASONS)[number];

export const AutopilotReasonSchema = z.object({ code: z.enum(AUTOPILOT_REASONS), message: z.string() });
export type AutopilotReason = z.infer<typeof AutopilotReasonSchema>;

export const ANOMALY_EVENT_KINDS = ["observed", "proposed", "acted", "refused"] as const;

/** One thing a policy did about an anomaly, or why it did nothing. */
export const AnomalyEventSchema = z.object({
  at: DateTimeSchema,
  policy: z.string(),
  kind: z.enum(ANOMALY_EVENT_KINDS),
  operationId: IdSchema.optional(),
  reason: AutopilotReasonSchema.optional(),
});
export type AnomalyEvent = z.infer<typeof AnomalyEventSchema>;

/** Measured facts of an anomaly (which broker, which figures): names to numbers or short strings. */
export const AnomalyFactsSchema = z.record(z.string(), z.union([z.number(), z.string()]));

export const AnomalySchema = z.object({
  id: IdSchema,
  clusterId: IdSchema,
  code: z.enum(AUTOPILOT_TRIGGERS),
  /** What it is about, stable while it lasts: `broker:5`, `broker:5:/data`, `cluster`. */
  subject: z.string(),
  brokerId: BrokerIdSchema.optional(),
  message: z.string(),
  facts: AnomalyFactsSchema,
  firstSeenAt: DateTimeSchema,
  lastSeenAt: DateTimeSchema,
  clearedAt: DateTimeSchema.nullable(),
  events: z.array(AnomalyEventSchema),
});
export type Anomaly = z.infer<typeof AnomalySchema>;

/**
 * Why an autopilot operation exists: the policy, the anomaly as measured, the guard rails that admitted it, and why
 * it was only proposed when it was. The plan itself carries the planner's before → after, the bytes and the ETA.
 */
export const OperationExplanationSchema = z.object({
  policy: z.string().describe("The policy that planned it (the operation's createdBy is autopilot:<policy>)"),
  mode: z.enum(AUTOPILOT_MODES),
  anomaly: AnomalySchema.pick({ id: true, code: true, subject: true, message: true, facts: true, firstSeenAt: true }),
  admitted: z.array(z.string()).describe("The guard rails it passed, as checked"),
  proposedBecause: AutopilotReasonSchema.optional().describe("Why the policy did not confirm it itself"),
});
export type OperationExplanation = z.infer<typeof OperationExplanationSchema>;

/** /policies/{id} */
export const PolicyPathSchema = z.strictObject({ id: IdSchema });
export type PolicyPath = z.infer<typeof PolicyPathSchema>;
export const PolicyResponseSchema = z.object({ policy: PolicySchema });
export const PolicyListResponseSchema = z.object({ policies: z.array(PolicySchema).describe("Oldest first") });

/** GET /clusters/{id}/anomalies: newest first, a page at a time, by trigger and state. */
export const AnomalyListQuerySchema = z.strictObject({
  limit: LimitQuerySchema,
  code: z.enum(AUTOPILOT_TRIGGERS).optional().describe("Only anomalies of this trigger"),
  state: z.enum(ANOMALY_STATES).optional().describe("Only open (still seen) or cleared anomalies"),
  before: cursorQuery("anomaly", "The nextCursor of the previous page: the anomalies stored before its last one"),
});
export type AnomalyListQuery = z.infer<typeof AnomalyListQuerySchema>;
export const AnomalyListResponseSchema = z.object({
  anomalies: z.array(AnomalySchema),
  nextCursor: z.string().optional().describe("Present when older anomalies match: pass it as before="),
});
export type AnomalyListResponse = z.infer<typeof AnomalyListResponseSchema>;

/** The scope a pause of the whole service is stored under (a cluster's pause: its id). */
export const AUTOPILOT_SERVICE_SCOPE = "*";

/** A veto in force: the autopilot paused for one cluster, or (no clusterId) for every cluster. */
export const AutopilotPauseSchema = z.object({
  clusterId: IdSchema.optional().describe("Absent: paused for the whole service"),
  reason: z.string(),
  by: z.string(),
  at: DateTimeSchema,
  until: DateTimeSchema.optional().describe("When the pause ends by itself; absent: until resumed"),
});
export type AutopilotPause = z.infer<typeof AutopilotPauseSchema>;

export const AutopilotStatusSchema = z.object({
  enabled: z.boolean().describe("false when AUTOPILOT_ENABLED=false (the kill switch): nothing is found or done"),
  pauses: z.array(AutopilotPauseSchema).describe("Pauses in force (ended ones left out)"),
});
export type AutopilotStatus = z.infer<typeof AutopilotStatusSchema>;

export const PauseAutopilotRequestSchema = z.strictObject({
  clusterId: IdSchema.optional().describe("Pause for this cluster only (default: every cluster)"),
  reason: z.string().trim().min(1).max(500).describe("Why: shown with every refusal it causes and in the audit log"),
  until: DateTimeSchema.optional().describe("Resume by itself at this time (default: until resumed)"),
});
export type PauseAutopilotRequest = z.infer<typeof PauseAutopilotRequestSchema>;

export const ResumeAutopilotRequestSchema = z.strictObject({
  clusterId: IdSchema.optional().describe("Resume for this cluster (default: the service-wide pause)"),
});
export type ResumeAutopilotRequest = z.infer<typeof ResumeAutopilotRequestSchema>;
