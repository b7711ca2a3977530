import { z } from "zod";
import { AclBindingSchema } from "./acls.js";
import { BrokerIdSchema, Int16Schema, Int32Schema, PortSchema } from "./common.js";
import { QuotaRequestSchema } from "./quotas.js";
import { SCRAM_MAX_ITERATIONS, SCRAM_MIN_ITERATIONS, ScramMechanismSchema, ScramUserNameSchema } from "./scram.js";
import { ConfigNameSchema, TopicNameSchema } from "./topics.js";

/** A Kafka release as the agents install it, e.g. 4.4.0. */
const KafkaVersionSchema = z.string().regex(/^\d+\.\d+\.\d+$/, "must be a version such as 4.4.0");

/**
 * The args of each step kind (a step's `kind` and `args` in the Operation resource). Plan builders write them, the
 * worker parses them again before it runs a step, so a stored step that does not match its kind fails cleanly.
 */
export const STEP_ARGS = {
  electLeaders: z.strictObject({
    electionType: z.enum(["preferred", "unclean"]),
    partitions: z.array(z.strictObject({ topic: TopicNameSchema, partition: Int32Schema.min(0) })).min(1),
  }),
  unregisterBroker: z.strictObject({ broker: BrokerIdSchema }),
  addRaftVoter: z.strictObject({
    nodeId: BrokerIdSchema,
    directoryId: z.string().length(22),
    endpoints: z.array(z.strictObject({ name: z.string().min(1), host: z.string().min(1), port: PortSchema })).min(1),
  }),
  removeRaftVoter: z.strictObject({ nodeId: BrokerIdSchema, directoryId: z.string().length(22) }),
  updateFeatures: z.strictObject({
    levels: z.record(z.string().min(1), Int16Schema.min(0)),
    validateOnly: z.boolean(),
  }),
  setBrokerConfig: z
    .strictObject({
      broker: BrokerIdSchema,
      set: z.record(ConfigNameSchema, z.string()).optional(),
      delete: z.array(ConfigNameSchema).optional(),
    })
    .refine((args) => Object.keys(args.set ?? {}).length + (args.delete?.length ?? 0) > 0, "nothing to set or delete"),
  setReplicationThrottle: z.strictObject({
    rateBytesPerSec: z.number().int().positive(),
    brokers: z.array(BrokerIdSchema),
    /** Per topic: the replicas that send (`partition:broker`, the current ones) and that receive (the new ones). */
    topics: z.record(TopicNameSchema, z.strictObject({ leader: z.array(z.string()), follower: z.array(z.string()) })),
  }),
  clearReplicationThrottle: z.strictObject({ brokers: z.array(BrokerIdSchema), topics: z.array(TopicNameSchema) }),
  reassignPartitions: z.strictObject({
    moves: z
      .array(
        z.strictObject({
          topic: TopicNameSchema,
          partition: Int32Schema.min(0),
          replicas: z.array(BrokerIdSchema).min(1),
          /** Data the new replicas copy (size × replicas added), for progress. */
          bytes: z.number().int().min(0),
        }),
      )
      .min(1),
    maxConcurrentMoves: z.number().int().positive(),
    /** The plan's ETA of the movement (seconds): the progress ETA until a rate is measured, and planned vs actual. */
    plannedSeconds: z.number().int().min(0).optional(),
  }),
  /**
   * Replicas moved between the log dirs of their broker (JBOD, AlterReplicaLogDirs). `arriving`: the replicas are not
   * on the broker yet; the broker only notes the dir they are to be created in when the reassignment brings them.
   */
  alterReplicaLogDirs: z.strictObject({
    moves: z
      .array(
        z.strictObject({
          broker: BrokerIdSchema,
          topic: TopicNameSchema,
          partition: Int32Schema.min(0),
          logDir: z.string().min(1),
          /** The replica's size, for progress. */
          bytes: z.number().int().min(0),
        }),
      )
      .min(1),
    /** Moves in flight per broker at a time. */
    maxConcurrentMoves: z.number().int().positive(),
    arriving: z.boolean().optional(),
  }),
  /** Rolling restarts: through the cluster's node provider (NodeLifecycle), gated by fresh reads of Kafka. */
  rollSafetyCheck: z.strictObject({ nodeId: BrokerIdSchema }),
  stopNode: z.strictObject({ nodeId: BrokerIdSchema }),
  startNode: z.strictObject({ nodeId: BrokerIdSchema }),
  waitNodeHealthy: z.strictObject({
    nodeId: BrokerIdSchema,
    /** What the node was before it stopped: a node the snapshot does not show yet is judged by these. */
    roles: z.strictObject({ broker: z.boolean(), controller: z.boolean() }),
  }),
  /** Version upgrades: a version installed on every agent of the cluster, a node switched to it for its next start. */
  installVersion: z.strictObject({ version: KafkaVersionSchema }),
  switchVersion: z.strictObject({ nodeId: BrokerIdSchema, version: KafkaVersionSchema }),
  /** New nodes and node configuration (provisionNodes, migrateQuorum), through the cluster's node provider. */
  provisionNode: z.strictObject({
    nodeId: BrokerIdSchema,
    role: z.enum(["broker", "controller"]),
    /** The existing node of the same role whose configuration the new node's is derived from. */
    likeNodeId: BrokerIdSchema,
    clusterId: z.string().min(1),
  }),
  setNodeConfig: z
    .strictObject({
      nodeId: BrokerIdSchema,
      set: z.record(ConfigNameSchema, z.string()).optional(),
      delete: z.array(ConfigNameSchema).optional(),
    })
    .refine((args) => Object.keys(args.set ?? {}).length + (args.delete?.length ?? 0) > 0, "nothing to set or delete"),
  /** AddRaftVoter of an observer controller, with the directory id and endpoints the quorum reports for it then. */
  addObserverAsVoter: z.strictObject({ nodeId: BrokerIdSchema }),
  /**
   * Operator-managed clusters (Strimzi): the operator's manual rolling update of the nodes (all of them when absent),
   * a node pool's replicas through its scale subresource, the Kafka resource's version or metadata version; each
   * waits until the operator has reconciled it.
   */
  operatorRollNodes: z.strictObject({ nodeIds: z.array(BrokerIdSchema).optional() }),
  operatorScalePool: z.strictObject({
    pool: z.string().min(1).max(63),
    replicas: Int32Schema.min(0),
    /** The node ids the operator removes on a shrink (Strimzi's strimzi.io/remove-node-ids). */
    removeNodeIds: z.array(BrokerIdSchema).optional(),
  }),
  operatorSetVersion: z.strictObject({ version: KafkaVersionSchema }),
  operatorSetMetadataVersion: z.strictObject({ metadataVersion: z.string().regex(/^\d+\.\d+(-IV\d+)?$/) }),
  /**
   * Desired state's resource changes (applyDesiredState), each safe to run again: a topic that exists with at least the
   * partitions asked is done, a config already so is set again, an ACL that exists is created again (Kafka keeps one),
   * one already gone is not deleted twice.
   */
  createTopics: z.strictObject({
    topics: z
      .array(
        z.strictObject({
          name: TopicNameSchema,
          partitions: Int32Schema.min(1),
          replicationFactor: Int16Schema.min(1),
          configs: z.record(ConfigNameSchema, z.string()),
        }),
      )
      .min(1),
  }),
  addPartitions: z.strictObject({
    topics: z.array(z.strictObject({ name: TopicNameSchema, count: Int32Schema.min(1) })).min(1),
  }),
  alterTopicConfigs: z.strictObject({
    topics: z
      .array(
        z.strictObject({
          name: TopicNameSchema,
          set: z.record(ConfigNameSchema, z.string()),
          delete: z.array(ConfigNameSchema),
        }),
      )
      .min(1),
  }),
  createAcls: z.strictObject({ bindings: z.array(AclBindingSchema).min(1) }),
  deleteAcls: z.strictObject({ bindings: z.array(AclBindingSchema).min(1) }),
  alterQuotas: z.strictObject({ quotas: z.array(QuotaRequestSchema).min(1) }),
  setScramCredentials: z.strictObject({
    credentials: z
      .array(
        z.strictObject({
          user: ScramUserNameSchema,
          mechanism: ScramMechanismSchema,
          iterations: Int32Schema.min(SCRAM_MIN_ITERATIONS).max(SCRAM_MAX_ITERATIONS),
        }),
      )
      .min(1)
      .describe("Salted at plan time and kept sealed beside the operation: the args hold no secret"),
  }),
  deleteScramCredentials: z.strictObject({
    credentials: z.array(z.strictObject({ user: ScramUserNameSchema, mechanism: ScramMechanismSchema })).min(1),
  }),
  deleteTopics: z.strictObject({ topics: z.array(TopicNameSchema).min(1) }),
  recordDesiredState: z.strictObject({
    digest: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe("The SHA-256 of the files staged when the plan was made"),
  }),
} as const;

export type StepKindName = keyof typeof STEP_ARGS;
export type StepArgs<K extends StepKindName> = z.infer<(typeof STEP_ARGS)[K]>;
