import { z } from "zod";
import { OperationApprovalSchema } from "./approval.js";
import { OperationExplanationSchema } from "./autopilot.js";
import type { CapabilityName } from "./capabilities.js";
import {
  BrokerIdSchema,
  DateTimeSchema,
  IdSchema,
  Int16Schema,
  Int32Schema,
  Int64Schema,
  LimitQuerySchema,
  offsetQuery,
  PortSchema,
} from "./common.js";
import { cursorQuery } from "./cursor.js";
import { DESIRED_CHANGES_MAX, DesiredChangeSchema } from "./desired-state.js";
import { OPERATION_STATUSES, type OPERATION_TYPE_CAPABILITY, REQUESTED_ACTIONS, STEP_STATUSES } from "./lists.js";
import { TopicNameSchema } from "./topics.js";

export const OperationStatusSchema = z.enum(OPERATION_STATUSES);
export const StepStatusSchema = z.enum(STEP_STATUSES);
export type OperationStatus = z.infer<typeof OperationStatusSchema>;
export type StepStatus = z.infer<typeof StepStatusSchema>;
export const RequestedActionSchema = z.enum(REQUESTED_ACTIONS);
export type RequestedAction = z.infer<typeof RequestedActionSchema>;

function unique<T>(items: T[], key: (item: T) => unknown = (item) => item): boolean {
  return new Set(items.map(key)).size === items.length;
}

const brokerList = z
  .array(BrokerIdSchema)
  .min(1)
  .max(1000)
  .refine((items) => unique(items), "must not repeat a broker")
  .meta({ uniqueItems: true });
const nodeEndpoint = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9_-]{1,255}$/, "must be a listener name such as CONTROLLER"),
  host: z.string().min(1).max(253),
  port: PortSchema,
});
const directoryId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22}$/, "must be a Kafka directory id (22 characters)")
  .describe("The node's metadata log directory id (base64url Uuid)");
const partitionRef = z.strictObject({ topic: TopicNameSchema, partition: Int32Schema.min(0) });
const positiveInt = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The rebalance goals; their priority is fixed (hard: rack, capacity; soft: disk, replicas, leaders, topics, leaderBytesIn). */
export const REBALANCE_GOALS = ["replicas", "leaders", "disk", "rack", "capacity", "topics", "leaderBytesIn"] as const;
export const ELECTION_TYPES = ["preferred", "unclean"] as const;
export const NODE_ROLES = ["broker", "controller"] as const;

const cordonParams = z.strictObject({
  brokers: brokerList,
  logDirs: z
    .array(z.string().min(1).max(4096))
    .min(1)
    .refine((items) => unique(items), "must not repeat a log dir")
    .meta({ uniqueItems: true })
    .optional()
    .describe("Only these log dirs (default: every log dir of the brokers)"),
});

const capacityOverrides = z
  .record(z.string().regex(/^\d+$/), positiveInt)
  .optional()
  .describe(
    "Disk capacity per broker id, bytes, instead of what its log dirs report (free space plus Kafka's data, per dir)",
  );
const maxDiskUse = z
  .number()
  .gt(0)
  .max(100)
  .optional()
  .describe("Capacity goal: no broker's replicas above this % of its capacity, copies in flight counted (default 80)");

/** Facts beyond the params that decide irreversibility: a node pool's current size. */
export interface IrreversibilityFacts {
  poolReplicas?: number;
}

/** One operation type of the contract: the capability flag it needs, when it is irreversible, its params. */
export interface OperationTypeDefinition<P extends z.ZodType = z.ZodType, C extends CapabilityName = CapabilityName> {
  capability: C;
  /** Whether the type, with these params, needs the cluster name typed back on confirm. */
  irreversible: (params: Partial<z.infer<P>>, facts?: IrreversibilityFacts) => boolean;
  params: P;
}

/** A definition with every part given, its `irreversible` typed by its own params. */
function operationType<P extends z.ZodType, C extends CapabilityName>(
  definition: OperationTypeDefinition<P, C>,
): OperationTypeDefinition<P, C> {
  return definition;
}

/**
 * The operation types, in the contract's order, each defined once: the capability flag it needs, when it is
 * irreversible (the cluster's name typed back on confirm), and its params (each named after its type in the OpenAPI
 * document). Clients that take no zod read the types and their capabilities from src/generated/operation-types.ts,
 * which `npm run generate -w @kcp/shared` writes from this table.
 */
export const OPERATION_TYPE_DEFINITIONS = {
  rebalance: operationType({
    capability: "reassign",
    irreversible: () => false,
    params: z
      .strictObject({
        brokers: brokerList.optional().describe("Target brokers (default: every broker)"),
        excludeBrokers: brokerList
          .optional()
          .describe("Brokers that keep no replica; none of them may also be in brokers"),
        goals: z
          .array(z.enum(REBALANCE_GOALS))
          .min(1)
          .refine((items) => unique(items), "must not repeat a goal")
          .meta({ uniqueItems: true })
          .optional()
          .describe(
            "The goals to pursue (default: all). Priority is fixed: hard rack, capacity (always enforced), then soft disk (band), replicas, leaders, topics, leaderBytesIn",
          ),
        capacityBytes: capacityOverrides,
        maxDiskUsePercent: maxDiskUse,
        diskBandPercent: z
          .number()
          .gt(0)
          .max(100)
          .optional()
          .describe("Disk goal: each broker's data within ± this % of the capacity-weighted mean (default 10)"),
        throttleBytesPerSec: positiveInt.optional().describe("Replication throttle while moving, bytes per second"),
        maxConcurrentMoves: positiveInt.max(1000).optional().describe("Partition moves in flight at once"),
      })
      .refine((p) => !p.brokers || !p.excludeBrokers || !p.brokers.some((id) => p.excludeBrokers?.includes(id)), {
        path: ["excludeBrokers"],
        message: "a broker cannot be both a target and excluded",
      }),
  }),
  drainBrokers: operationType({
    capability: "reassign",
    irreversible: () => false,
    params: z.strictObject({
      brokers: brokerList.describe("Brokers to move every replica and leadership off"),
      capacityBytes: capacityOverrides,
      maxDiskUsePercent: maxDiskUse,
    }),
  }),
  electLeaders: operationType({
    capability: "electLeaders",
    irreversible: (p) => p.electionType === "unclean",
    params: z.strictObject({
      electionType: z.enum(ELECTION_TYPES).describe("unclean may lose committed data: irreversible"),
      partitions: z
        .array(partitionRef)
        .min(1)
        .max(100_000)
        .refine((items) => unique(items, (p) => `${p.topic}:${p.partition}`), "must not repeat a partition")
        .meta({ uniqueItems: true }) // {topic, partition} only: equal items are the same partition
        .optional()
        .describe("Omitted = every partition"),
    }),
  }),
  cordonBrokers: operationType({
    capability: "cordon",
    irreversible: () => false,
    params: cordonParams,
  }),
  uncordonBrokers: operationType({
    capability: "cordon",
    irreversible: () => false,
    // A schema of its own: each type's params are named after the type in the OpenAPI document.
    params: cordonParams.clone(),
  }),
  unregisterBrokers: operationType({
    capability: "unregisterBrokers",
    irreversible: () => true,
    params: z.strictObject({
      brokers: brokerList.describe("Brokers holding no replica, shut down or fenced"),
    }),
  }),
  addControllers: operationType({
    capability: "addControllers",
    irreversible: () => false,
    params: z.strictObject({
      controllers: z
        .array(
          z.strictObject({
            nodeId: BrokerIdSchema,
            directoryId: directoryId.optional(),
            endpoints: z.array(nodeEndpoint).min(1).optional(),
          }),
        )
        .min(1)
        .max(10)
        .refine((items) => unique(items, (c) => c.nodeId), "must not repeat a node")
        .describe("Each nodeId at most once"),
    }),
  }),
  removeVoters: operationType({
    capability: "removeVoters",
    irreversible: () => true,
    params: z.strictObject({
      voters: z
        .array(z.strictObject({ nodeId: BrokerIdSchema, directoryId }))
        .min(1)
        .max(10)
        .refine((items) => unique(items, (v) => v.nodeId), "must not repeat a node")
        .describe("Each nodeId at most once"),
    }),
  }),
  finalizeFeatures: operationType({
    capability: "finalizeFeatures",
    irreversible: () => true,
    params: z.strictObject({
      features: z
        .record(z.string().regex(/^[a-z][a-z0-9._-]{0,254}$/, "must be a feature name"), Int16Schema.min(0))
        .refine((features) => Object.keys(features).length > 0, "give at least one feature, or omit features")
        .meta({ minProperties: 1 })
        .optional()
        .describe("Feature name to level (default: every feature to its supported maximum)"),
    }),
  }),
  migrateQuorum: operationType({
    capability: "migrateQuorum",
    irreversible: () => true,
    params: z.strictObject({}),
  }),
  restartNodes: operationType({
    capability: "restartNodes",
    irreversible: () => false,
    params: z.strictObject({
      nodes: brokerList.optional().describe("Default: every node, one at a time"),
      waitHealthy: z.boolean().default(true).describe("Wait for the cluster to be healthy before the next node"),
    }),
  }),
  upgradeVersion: operationType({
    capability: "upgradeVersion",
    irreversible: (p) => p.finalize === true,
    params: z.strictObject({
      version: z.string().regex(/^\d+\.\d+\.\d+$/, "must be a version such as 4.1.0"),
      finalize: z.boolean().default(false).describe("Also finalize the new metadata version: irreversible"),
    }),
  }),
  provisionNodes: operationType({
    capability: "provisionNodes",
    irreversible: () => false,
    params: z.strictObject({ role: z.enum(NODE_ROLES), count: z.number().int().min(1).max(50) }),
  }),
  scaleNodePools: operationType({
    capability: "scaleNodePools",
    // Shrinking only; without the pool's current size, count it as shrinking (the safe side).
    irreversible: (p, facts) =>
      p.replicas === undefined || facts?.poolReplicas === undefined || p.replicas < facts.poolReplicas,
    params: z.strictObject({
      pool: z.string().regex(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/, "must be a node pool name (lowercase DNS label)"),
      replicas: z.number().int().min(0).max(1000).describe("The new number of nodes; fewer than now is irreversible"),
    }),
  }),
  applyDesiredState: operationType({
    capability: "manageTopics",
    // Deleting, or fewer replicas: the cluster's name typed back.
    irreversible: (p) =>
      (p.changes ?? []).some(
        (c) =>
          c.kind === "deleteTopic" ||
          c.kind === "deleteAcl" ||
          c.kind === "deleteQuota" ||
          c.kind === "deleteScramCredential" ||
          (c.kind === "changeReplicationFactor" && c.after < c.before),
      ),
    params: z.strictObject({
      digest: z
        .string()
        .regex(/^[0-9a-f]{64}$/, "must be a SHA-256 in hex")
        .describe("SHA-256 of the files as planned (POST /clusters/{id}/desired-state/plan computes it)"),
      files: z.array(z.string().max(4096)).max(100).describe("The files' paths"),
      changes: z
        .array(DesiredChangeSchema)
        .min(1)
        .max(DESIRED_CHANGES_MAX)
        .describe("The changes, in the order they are applied"),
      throttleBytesPerSec: positiveInt
        .optional()
        .describe("Replication throttle while a replication factor grows, bytes per second"),
      maxConcurrentMoves: positiveInt.max(1000).optional().describe("Partition moves in flight at once"),
    }),
  }),
};
type Definitions = typeof OPERATION_TYPE_DEFINITIONS;
export type OperationType = keyof Definitions;
export type OperationParams<T extends OperationType> = z.infer<Definitions[T]["params"]>;
/** The types in the table's order: the contract's, the same as OPERATION_TYPES in `@kcp/shared/lists`. */
const operationTypes = Object.keys(OPERATION_TYPE_DEFINITIONS) as [OperationType, ...OperationType[]];
export const OperationTypeSchema = z.enum(operationTypes);

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/**
 * The generated list (`@kcp/shared/lists`) names the table's types with their capabilities: after a change to the
 * table, `npm run generate -w @kcp/shared` makes this line type-check again (`npm run lint` checks the order too).
 */
const _generatedListIsCurrent: Same<
  typeof OPERATION_TYPE_CAPABILITY,
  { [T in OperationType]: Definitions[T]["capability"] }
> = true;

/** Params of each operation type. */
export const OPERATION_PARAMS = Object.fromEntries(
  Object.entries(OPERATION_TYPE_DEFINITIONS).map(([type, definition]) => [type, definition.params]),
) as unknown as { readonly [T in OperationType]: Definitions[T]["params"] };

export interface OperationTypeInfo<T extends OperationType = OperationType> {
  capability: CapabilityName;
  /** Whether the type, with these params, needs the cluster name typed back on confirm. */
  irreversible: (params: Partial<OperationParams<T>>, facts?: IrreversibilityFacts) => boolean;
}

/** The capability each type needs and when it is irreversible: shared by gateway and planner. */
export const OPERATION_TYPE_INFO = Object.fromEntries(
  Object.entries(OPERATION_TYPE_DEFINITIONS).map(([type, { capability, irreversible }]) => [
    type,
    { capability, irreversible },
  ]),
) as unknown as { readonly [T in OperationType]: OperationTypeInfo<T> };

/** POST /clusters/{id}/operations (17): the type, and its params checked against that type's schema. */
export type PlanOperationRequest = { [T in OperationType]: { type: T; params: OperationParams<T> } }[OperationType];

// A missing `params` is parsed as {} (prefault), so types with required params name the missing field.
export const PlanOperationRequestSchema = z.discriminatedUnion(
  "type",
  operationTypes.map((type) =>
    z.strictObject({ type: z.literal(type), params: (OPERATION_PARAMS[type] as z.ZodObject).prefault({}) }),
  ) as unknown as [z.ZodObject, ...z.ZodObject[]],
) as unknown as z.ZodType<PlanOperationRequest, unknown>;

export function isIrreversible(request: PlanOperationRequest, facts?: IrreversibilityFacts): boolean {
  const info = OPERATION_TYPE_INFO[request.type] as OperationTypeInfo;
  return info.irreversible(request.params, facts);
}

/** POST /operations/{op}/confirm (19): irreversible operations need the cluster name typed back. */
export const ConfirmRequestSchema = z.strictObject({
  confirmName: z.string().max(256).optional().describe("The cluster name, required for irreversible operations"),
});
export type ConfirmRequest = z.infer<typeof ConfirmRequestSchema>;

/** The moves (and the items of each list in a step's args) an Operation shows; the rest page through /moves. */
export const MOVES_SHOWN = 1000;

export const MoveSchema = z.object({
  topic: z.string(),
  partition: z.number().int(),
  from: z.array(z.number().int()),
  to: z.array(z.number().int()),
  sizeBytes: Int64Schema,
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
      dataBytes: Int64Schema,
      bytesInPerSec: z.number().optional(),
      excluded: z.boolean(),
    }),
  ),
  replicaSpread: z.number().int(),
  leaderSpread: z.number().int(),
  dataSpreadBytes: Int64Schema,
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
  dataToMoveBytes: Int64Schema.optional(),
  dataToMoveLowerBoundBytes: Int64Schema.optional().describe(
    "The least data any plan must move to reach the same replica spread: how close this plan is to the best",
  ),
  lowerBounds: z
    .object({
      replicas: Int64Schema.describe("The least data any plan must move to reach the replica spread (as above)"),
      disk: Int64Schema.describe("The least data any plan must move to bring every broker into the disk band"),
    })
    .optional()
    .describe("Per goal, the least data any plan must move to reach it"),
  goals: z
    .array(
      z.object({
        goal: z.enum(REBALANCE_GOALS),
        kind: z.enum(["hard", "soft"]),
        status: z.enum(["met", "improved", "unchanged", "impossible"]),
        before: z.number().describe("The goal's figure before the plan (lower is better; docs/operations.md)"),
        after: z.number().describe("The goal's figure once the plan has run"),
        why: z.string().optional().describe("Why no plan can meet it"),
      }),
    )
    .optional()
    .describe("Each goal, hard then soft in priority order: met, improved, unchanged or impossible"),
  etaSeconds: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      "How long the data movement should take: the bytes each broker receives and sends at the throttle (or an assumed rate), the concurrency limit; the summary says how",
    ),
  movesTotal: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      `How many moves the plan has: \`moves\` lists at most the first ${MOVES_SHOWN}; all of them page through GET /operations/{id}/moves`,
    ),
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
  startedAt: DateTimeSchema.nullable(),
  finishedAt: DateTimeSchema.nullable(),
});
export type Step = z.infer<typeof StepSchema>;

export const OperationSchema = z.object({
  id: IdSchema,
  clusterId: IdSchema,
  type: OperationTypeSchema,
  status: OperationStatusSchema,
  summary: z.string(),
  params: z.record(z.string(), z.unknown()),
  plan: PlanSchema,
  details: z.record(z.string(), z.unknown()),
  irreversible: z.boolean(),
  currentStep: z.number().int(),
  requestedAction: RequestedActionSchema.nullable().describe("Set by pause/resume/cancel until the worker honours it"),
  error: z.string().nullable(),
  createdBy: z.string(),
  confirmedBy: z.string().nullable().describe("Who confirmed it; null while planned"),
  explanation: OperationExplanationSchema.optional().describe("Planned by the autopilot: why (docs/autopilot.md)"),
  approval: OperationApprovalSchema.optional().describe(
    "Four-eyes approval: present when a rule (APPROVAL_RULES_FILE) applies — another person than its planner confirms it (docs/identity.md)",
  ),
  createdAt: DateTimeSchema,
  expiresAt: DateTimeSchema.describe("When the plan expires if not confirmed: createdAt + 15 minutes"),
  startedAt: DateTimeSchema.nullable(),
  finishedAt: DateTimeSchema.nullable(),
  updatedAt: DateTimeSchema,
  steps: z.array(StepSchema),
});
export type Operation = z.infer<typeof OperationSchema>;

/** GET /operations/{id}/moves: the plan's moves in plan order, a page at a time. */
export const OperationMovesQuerySchema = z.strictObject({
  limit: LimitQuerySchema.describe("How many moves to return (1-1000, default 100)"),
  offset: offsetQuery("How many moves to skip"),
});
export type OperationMovesQuery = z.infer<typeof OperationMovesQuerySchema>;
export const OperationMovesResponseSchema = z.object({
  moves: z.array(MoveSchema),
  total: z.number().int().describe("Moves of the plan, all pages"),
});
export type OperationMovesResponse = z.infer<typeof OperationMovesResponseSchema>;

/** GET /clusters/{id}/operations (18): newest first, a page at a time. */
export const OperationListQuerySchema = z.strictObject({
  limit: LimitQuerySchema,
  status: z
    .string()
    .transform((text) => text.split(","))
    .pipe(z.array(OperationStatusSchema).min(1))
    .optional()
    .describe("Only operations in these statuses, comma-separated (e.g. running,paused)"),
  before: cursorQuery("operation", "The nextCursor of the previous page: the operations created before its last one"),
});
export type OperationListQuery = z.infer<typeof OperationListQuerySchema>;

export const OperationListResponseSchema = z.object({
  operations: z.array(OperationSchema),
  nextCursor: z.string().optional().describe("Present when older operations match: pass it as before="),
});
export type OperationListResponse = z.infer<typeof OperationListResponseSchema>;
