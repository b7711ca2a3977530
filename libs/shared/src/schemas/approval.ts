import { z } from "zod";
import { ClusterScopeSchema } from "./access.js";
import { OPERATION_TYPES } from "./lists.js";

/**
 * Which plans a rule holds for: `typed-name`, those whose confirm needs the cluster's name typed back (irreversible);
 * `all`, every plan the rule's clusters and types cover.
 */
export const APPROVAL_RISKS = ["typed-name", "all"] as const;
export type ApprovalRisk = (typeof APPROVAL_RISKS)[number];

/**
 * A four-eyes rule: on the clusters it covers, a plan of the types it names (every type when none) and of its risk
 * class is confirmed by another person than its planner. `risk` defaults to `typed-name` when no types are named, to
 * `all` when some are (naming a type means its every plan).
 */
export const ApprovalRuleSchema = z.strictObject({
  name: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]{0,62}$/, "must be 1-63 lower-case letters, digits, '.', '_' or '-'")
    .optional()
    .describe("A name the refusals and the audit quote (else the rule's position in the file)"),
  clusters: ClusterScopeSchema,
  operationTypes: z
    .array(z.enum(OPERATION_TYPES as [(typeof OPERATION_TYPES)[number], ...(typeof OPERATION_TYPES)[number][]]))
    .min(1)
    .max(100)
    .optional(),
  risk: z.enum(APPROVAL_RISKS).optional(),
});
export type ApprovalRule = z.infer<typeof ApprovalRuleSchema>;

/** The rules file (APPROVAL_RULES_FILE): a JSON list of rules; the first that applies to a plan is the one it names. */
export const ApprovalRulesSchema = z.array(ApprovalRuleSchema).max(1000);

/** The four-eyes approval an operation needs, as the API shows it (absent when no rule applies to it). */
export const OperationApprovalSchema = z.object({
  required: z.literal(true),
  rule: ApprovalRuleSchema.describe("The rule that applies (the first of APPROVAL_RULES_FILE's that does)"),
  awaiting: z.boolean().describe("Planned and not confirmed yet: awaiting approval by another person"),
  plannedBy: z.string(),
  approvers: z.string().describe("Who may approve (confirm) it, in words"),
  approvedBy: z.string().nullable().describe("Who confirmed it (never its planner); null while awaiting"),
});
export type OperationApproval = z.infer<typeof OperationApprovalSchema>;
