import { z } from "zod";

/**
 * The node agent's API v1 answers (docs/node-agent.md), as the agent provider reads them. Objects are not strict: an
 * agent of a later version may add fields.
 */

export const NodeRoleSchema = z.enum(["broker", "controller"]);

export const NodeStatusSchema = z.object({
  nodeId: z.number().int().min(0),
  roles: z.array(NodeRoleSchema),
  version: z.string(),
  state: z.enum(["running", "stopped", "starting", "stopping"]),
  pid: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  uptimeSeconds: z.number().nullable(),
  lastExit: z
    .object({ code: z.number().int().nullable(), signal: z.string().nullable(), at: z.string() })
    .nullable()
    .describe("How the node's process last ended; null when it never did"),
  configuredVersion: z.string().describe("The version of its next start"),
  clusterId: z.string().optional(),
  desiredState: z.enum(["running", "stopped"]).optional().describe("What its last command asked"),
  problem: z.string().nullable().optional().describe("Set when the node should run but its process is gone"),
});
export type NodeStatus = z.infer<typeof NodeStatusSchema>;

export const AgentHealthSchema = z.object({ status: z.literal("ok"), agentId: z.string() });
export const NodeListSchema = z.object({ nodes: z.array(NodeStatusSchema) });
export const InstallationSchema = z.object({ version: z.string(), path: z.string(), sha512: z.string() });
export type Installation = z.infer<typeof InstallationSchema>;
export const InstallationListSchema = z.object({ installations: z.array(InstallationSchema) });
export const NodeConfigSchema = z.object({ config: z.record(z.string(), z.string()) });

/**
 * `GET /v1/artifacts/{version}`: whether the agent can run `version` — installed already, or available from its
 * artifact source (the version's files and their checksum are there); `reason` says why not when it cannot.
 */
export const ArtifactAvailabilitySchema = z.object({
  version: z.string(),
  installed: z.boolean(),
  available: z.boolean().describe("The agent's artifact source has the version and its checksum"),
  reason: z.string().optional(),
});
export type ArtifactAvailability = z.infer<typeof ArtifactAvailabilitySchema>;
