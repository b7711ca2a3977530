import { z } from "zod";
import type { CapabilityName } from "./capabilities.js";
import { BrokerId, DateTime, IdSchema, Int16, Int64 } from "./common.js";
import { TopicNameSchema } from "./topics.js";

export const OPERATION_STATUSES = [
  "planned",
  "pending",
  "running",
  "paused",
  "succeeded",
  "failed",
  "cancelled",
] as const;
export const ACTIVE_OPERATION_STATUSES = ["pending", "running", "paused"] as const;
export const FINAL_OPERATION_STATUSES = ["succeeded", "failed", "cancelled"] as const;
export const STEP_STATUSES = ["pending", "running", "succeeded", "failed", "skipped"] as const;
export const REQUESTED_ACTIONS = ["pause", "resume", "cancel"] as const;

export const OperationStatusSchema = z.enum(OPERATION_STATUSES);
export const StepStatusSchema = z.enum(STEP_STATUSES);
export type OperationStatus = z.infer<typeof OperationStatusSchema>;
export type StepStatus = z.infer<typeof StepStatusSchema>;
export type RequestedAction = (typeof REQUESTED_ACTIONS)[number];

const brokerList = z
  .array(BrokerId)
  .min(1)
  .max(1000)
  .refine((ids) => new Set(ids).size === ids.length, "must not repeat a broker");
const nodeEndpoint = z.strictObject({
  name: z.string().min(1),
  host: z.string().min(1),
  port: z.number().int().min(1).max(65535),
});
const directoryId = z.string().regex(/^[A-Za-z0-9_-]{22}$/, "must be a Kafka directory id (22 characters)");
const partitionRef = z.strictObject({ topic: TopicNameSchema, partition: z.number().int().min(0) });

/** Params of each operation type (contract §5). */
export const OPERATION_PARAMS = {
  rebalance: z.strictObject({
    brokers: brokerList.optional().describe("Target brokers (default: every broker)"),
    excludeBrokers: brokerList.optional(),
    goals: z
      .array(z.enum(["replicas", "leaders", "disk", "rack"]))
      .min(1)
      .optional(),
    throttleBytesPerSec: z.number().int().positive().optional(),
    maxConcurrentMoves: z.number().int().min(1).max(1000).optional(),
  }),
  drainBrokers: z.strictObject({
    brokers: brokerList,
    throttleBytesPerSec: z.number().int().positive().optional(),
    maxConcurrentMoves: z.number().int().min(1).max(1000).optional(),
  }),
  electLeaders: z.strictObject({
    electionType: z.enum(["preferred", "unclean"]),
    partitions: z.array(partitionRef).min(1).max(100_000).optional().describe("Omitted = every partition"),
  }),
  cordonBrokers: z.strictObject({ brokers: brokerList, logDirs: z.array(z.string().min(1)).min(1).optional() }),
  uncordonBrokers: z.strictObject({ brokers: brokerList, logDirs: z.array(z.string().min(1)).min(1).optional() }),
  unregisterBrokers: z.strictObject({ brokers: brokerList }),
  addControllers: z.strictObject({
    controllers: z
      .array(
        z.strictObject({
          nodeId: BrokerId,
          directoryId: directoryId.optional(),
          endpoints: z.array(nodeEndpoint).min(1).optional(),
        }),
      )
      .min(1)
      .max(10),
  }),
  removeVoters: z.strictObject({
    voters: z
      .array(z.strictObject({ nodeId: BrokerId, directoryId }))
      .min(1)
      .max(10),
  }),
  finalizeFeatures: z.strictObject({
    features: z
      .record(z.string().min(1), Int16.min(0))
      .optional()
      .describe("Default: every feature to its supported maximum"),
  }),
  migrateQuorum: z.strictObject({}),
  restartNodes: z.strictObject({ nodes: brokerList.optional(), waitHealthy: z.boolean().default(true) }),
  upgradeVersion: z.strictObject({
    version: z.string().regex(/^\d+\.\d+\.\d+$/),
    finalize: z.boolean().default(false),
  }),
  provisionNodes: z.strictObject({ role: z.enum(["broker", "controller"]), count: z.number().int().min(1).max(50) }),
  scaleNodePools: z.strictObject({ pool: z.string().min(1).max(253), replicas: z.number().int().min(0).max(1000) }),
} as const;

export type OperationType = keyof typeof OPERATION_PARAMS;
export const OPERATION_TYPES = Object.keys(OPERATION_PARAMS) as OperationType[];
export type OperationParams<T extends OperationType> = z.infer<(typeof OPERATION_PARAMS)[T]>;

export interface OperationTypeInfo {
  capability: CapabilityName;
  /**
   * Whether the type (with these params) needs the cluster name typed back on confirm. `current` carries the facts
   * some types need: a node pool's current size (shrinking a pool is irreversible, growing it is not).
   */
  irreversible: (params: Record<string, unknown>, current?: { poolReplicas?: number }) => boolean;
}

/** The capability each type needs and when it is irreversible (contract §5). */
export const OPERATION_TYPE_INFO: Record<OperationType, OperationTypeInfo> = {
  rebalance: { capability: "reassign", irreversible: () => false },
  drainBrokers: { capability: "reassign", irreversible: () => false },
  electLeaders: { capability: "electLeaders", irreversible: (p) => p.electionType === "unclean" },
  cordonBrokers: { capability: "cordon", irreversible: () => false },
  uncordonBrokers: { capability: "cordon", irreversible: () => false },
  unregisterBrokers: { capability: "unregisterBrokers", irreversible: () => true },
  addControllers: { capability: "addControllers", irreversible: () => false },
  removeVoters: { capability: "removeVoters", irreversible: () => true },
  finalizeFeatures: { capability: "finalizeFeatures", irreversible: () => true },
  migrateQuorum: { capability: "migrateQuorum", irreversible: () => true },
  restartNodes: { capability: "restartNodes", irreversible: () => false },
  upgradeVersion: { capability: "upgradeVersion", irreversible: (p) => p.finalize === true },
  provisionNodes: { capability: "provisionNodes", irreversible: () => false },
  scaleNodePools: {
    capability: "scaleNodePools",
    irreversible: (p, current) => current?.poolReplicas !== undefined && Number(p.replicas) < current.poolReplicas,
  },
};

/** POST /clusters/{id}/operations: the type, and its params checked against that type's schema. */
export const PlanOperationRequestSchema = z.discriminatedUnion(
  "type",
  OPERATION_TYPES.map((type) =>
    z.strictObject({ type: z.literal(type), params: (OPERATION_PARAMS[type] as z.ZodObject).default({}) }),
  ) as unknown as [z.ZodObject, ...z.ZodObject[]],
);
export type PlanOperationRequest = { [T in OperationType]: { type: T; params: OperationParams<T> } }[OperationType];

export const ConfirmRequestSchema = z.strictObject({ confirmName: z.string().max(256).optional() });

export const MoveSchema = z.object({
  topic: z.string(),
  partition: z.number().int(),
  from: z.array(z.number().int()),
  to: z.array(z.number().int()),
  sizeBytes: Int64,
  replicaMoves: z.number().int(),
  leaderChange: z.boolean(),
});
export type Move = z.infer<typeof MoveSchema>;

export const LoadSchema = z.object({
  brokers: z.array(
    z.object({
      id: z.number().int(),
      rack: z.string().optional(),
      replicas: z.number().int(),
      leaders: z.number().int(),
      dataBytes: Int64,
      bytesInPerSec: z.number().optional(),
      excluded: z.boolean(),
    }),
  ),
  replicaSpread: z.number().int(),
  leaderSpread: z.number().int(),
  dataSpreadBytes: Int64,
  score: z.number(),
});
export type Load = z.infer<typeof LoadSchema>;

export const PlanSchema = z.object({
  summary: z.string(),
  warnings: z.array(z.string()),
  irreversible: z.boolean(),
  moves: z.array(MoveSchema).optional(),
  before: LoadSchema.optional(),
  after: LoadSchema.optional(),
  dataToMoveBytes: Int64.optional(),
});
export type Plan = z.infer<typeof PlanSchema>;

export const StepSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  kind: z.string(),
  args: z.unknown(),
  alwaysRun: z.boolean(),
  status: StepStatusSchema,
  detail: z.unknown().optional(),
  error: z.string().optional(),
  startedAt: DateTime.nullable(),
  finishedAt: DateTime.nullable(),
});
export type Step = z.infer<typeof StepSchema>;

export const OperationSchema = z.object({
  id: IdSchema,
  clusterId: IdSchema,
  type: z.enum(OPERATION_TYPES as [OperationType, ...OperationType[]]),
  status: OperationStatusSchema,
  summary: z.string(),
  params: z.record(z.string(), z.unknown()),
  plan: PlanSchema,
  details: z.record(z.string(), z.unknown()),
  irreversible: z.boolean(),
  currentStep: z.number().int(),
  requestedAction: z.enum(REQUESTED_ACTIONS).nullable(),
  error: z.string().nullable(),
  createdBy: z.string(),
  createdAt: DateTime,
  startedAt: DateTime.nullable(),
  finishedAt: DateTime.nullable(),
  updatedAt: DateTime,
  steps: z.array(StepSchema),
});
export type Operation = z.infer<typeof OperationSchema>;
