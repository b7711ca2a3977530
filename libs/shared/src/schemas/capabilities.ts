import { z } from "zod";
import { CAPABILITY_NAMES } from "./lists.js";

export type CapabilityName = (typeof CAPABILITY_NAMES)[number];

export const CapabilityNameSchema = z.enum(CAPABILITY_NAMES);

/** Why a capability is not offered, for code to act on; docs/health-and-capabilities.md says when each applies. */
export const CAPABILITY_REFUSAL_CODES = [
  /** The cluster's flavor (a managed service) does not allow the action. */
  "flavor_forbids",
  /** Some broker does not serve an API the action needs, or not at the version the service sends. */
  "api_unsupported",
  /** Not every node supports the feature level the action needs: their Kafka release is too old. */
  "feature_unsupported",
  /** The finalized feature levels do not allow it: metadata.version not finalized high enough, nothing to finalize. */
  "feature_state",
  /** The quorum's kind does not allow it: static (kraft.version 0) where dynamic is needed, or already dynamic. */
  "quorum_state",
  /** The principal lacks a permission on the cluster: advice only, Kafka decides at the request (resource ACLs). */
  "permission_missing",
  /** The node provider cannot act now, does not control nodes, or what it can do is not known. */
  "provider_unable",
] as const;
export type CapabilityRefusalCode = (typeof CAPABILITY_REFUSAL_CODES)[number];
export const CapabilityRefusalCodeSchema = z.enum(CAPABILITY_REFUSAL_CODES);

export const CapabilityRefusalSchema = z.object({
  capability: CapabilityNameSchema.describe("The flag that is false"),
  code: CapabilityRefusalCodeSchema.describe(
    "Why, as code reads it; permission_missing is advice (Kafka decides each request), every other code a refusal",
  ),
  message: z.string().describe("Why, for people, e.g. 'managed-b clusters do not allow configs'"),
});
export type CapabilityRefusal = z.infer<typeof CapabilityRefusalSchema>;

/** The note of a refusal, as `notes` holds it: `<flag>: not offered — <why>`. */
export const capabilityNote = (refusal: CapabilityRefusal): string =>
  `${refusal.capability}: not offered — ${refusal.message}`;

const flags = Object.fromEntries(CAPABILITY_NAMES.map((name) => [name, z.boolean().optional()])) as Record<
  CapabilityName,
  z.ZodOptional<z.ZodBoolean>
>;

export const CapabilitiesSchema = z.object({
  ...flags,
  refusals: z
    .array(CapabilityRefusalSchema)
    .describe("One per false flag, in the flags' order: why it is not offered, for code to read"),
  notes: z
    .array(z.string())
    .describe(
      "The refusals as sentences for people, one per false flag in the same order ('<flag>: not offered — <why>'); " +
        "code reads refusals",
    ),
  error: z.string().optional().describe("Set when the capabilities could not be derived"),
});
export type Capabilities = z.infer<typeof CapabilitiesSchema>;
