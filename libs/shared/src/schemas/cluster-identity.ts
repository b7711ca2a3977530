import { z } from "zod";

/**
 * POST /clusters/{id}/confirm-identity: the operator types back the Kafka cluster id the bootstrap address now
 * reaches (named in the `cluster_identity_changed` health issue), which becomes the registered one.
 */
export const ConfirmIdentityRequestSchema = z.strictObject({
  brokerClusterId: z
    .string()
    .min(1)
    .max(256)
    .describe("The cluster id Kafka now reports, as the health issue names it"),
});
export type ConfirmIdentityRequest = z.infer<typeof ConfirmIdentityRequestSchema>;
