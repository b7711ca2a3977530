import { z } from "zod";

/** The capability flags of the interface, in its order. */
export const CAPABILITY_NAMES = [
  "manageTopics",
  "manageConfigs",
  "manageAcls",
  "manageScram",
  "manageQuotas",
  "manageGroups",
  "browseMessages",
  "reassign",
  "electLeaders",
  "cordon",
  "unregisterBrokers",
  "describeQuorum",
  "removeVoters",
  "addControllers",
  "provisionNodes",
  "restartNodes",
  "upgradeVersion",
  "finalizeFeatures",
  "migrateQuorum",
  "scaleNodePools",
] as const;
export type CapabilityName = (typeof CAPABILITY_NAMES)[number];

const flags = Object.fromEntries(CAPABILITY_NAMES.map((name) => [name, z.boolean().optional()])) as Record<
  CapabilityName,
  z.ZodOptional<z.ZodBoolean>
>;

export const CapabilitiesSchema = z.object({
  ...flags,
  notes: z.array(z.string()).describe("Why each flag a user might expect is false"),
  error: z.string().optional().describe("Set when the capabilities could not be derived"),
});
export type Capabilities = z.infer<typeof CapabilitiesSchema>;
