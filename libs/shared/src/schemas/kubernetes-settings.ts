import { z } from "zod";

const dnsLabel = z
  .string()
  .regex(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/, "must be a lowercase DNS label (letters, digits, dashes; 1–63)");

/**
 * `settings.kubernetes` of a cluster whose provider is `operator-managed`: the Strimzi `Kafka` resource that owns the
 * cluster. The API server and the credentials come from the write-only secret `kubeconfig`, or, without it, from the
 * service's own pod (its service account).
 */
export const KubernetesSettingSchema = z
  .strictObject({
    namespace: dnsLabel.describe("The namespace of the Kafka resource and its KafkaNodePools"),
    kafka: dnsLabel.describe("The name of the Strimzi Kafka resource (kafka.strimzi.io/v1)"),
    context: z
      .string()
      .min(1)
      .max(253)
      .optional()
      .describe("The kubeconfig context to use (default: its current-context)"),
  })
  .describe("Which Strimzi Kafka resource owns the cluster (provider operator-managed only, and required there)");
export type KubernetesSetting = z.infer<typeof KubernetesSettingSchema>;

/** A condition of a Strimzi resource's status, as the cluster view reports it. */
export const OperatorConditionSchema = z.object({
  resource: z.string().describe("e.g. Kafka orders, pool brokers"),
  type: z.string(),
  status: z.string(),
  reason: z.string().optional(),
  message: z.string().optional(),
});

/** A KafkaNodePool as the operator reports it. */
export const NodePoolSchema = z.object({
  name: z.string(),
  roles: z.array(z.enum(["broker", "controller"])),
  replicas: z.number().int().describe("Wanted (spec.replicas)"),
  readyReplicas: z.number().int().nullable().describe("As the operator last reconciled it (status.replicas)"),
  nodeIds: z.array(z.number().int()).describe("The node ids the operator gave the pool's nodes (status.nodeIds)"),
});
export type NodePool = z.infer<typeof NodePoolSchema>;

/** What the cluster's operator says of it at collection time (operator-managed clusters). */
export const OperatorStatusSchema = z.object({
  kind: z.literal("strimzi"),
  resource: z.string().describe("namespace/name of the Kafka resource"),
  ready: z.boolean().describe("Reconciled and Ready: the operator can take a change now"),
  reasons: z.array(z.string()).describe("Why it is not ready"),
  kafkaVersion: z.string().optional().describe("spec.kafka.version"),
  metadataVersion: z.string().optional().describe("spec.kafka.metadataVersion"),
  conditions: z.array(OperatorConditionSchema),
  pools: z.array(NodePoolSchema),
});
export type OperatorStatus = z.infer<typeof OperatorStatusSchema>;
