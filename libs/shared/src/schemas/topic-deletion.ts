import { z } from "zod";

/**
 * DELETE /clusters/{id}/topics/{topic}: deleting a topic destroys its data, so the request names the topic again
 * (as an irreversible operation is confirmed with the cluster's name).
 */
export const DeleteTopicRequestSchema = z.strictObject({
  confirmName: z.string().min(1).max(249).describe("The topic's name again, exactly; anything else is refused (422)"),
});
export type DeleteTopicRequest = z.infer<typeof DeleteTopicRequestSchema>;

export const DeleteTopicResponseSchema = z.object({
  topic: z.string(),
  id: z.string().describe("Kafka's id of the deleted topic"),
});
export type DeleteTopicResponse = z.infer<typeof DeleteTopicResponseSchema>;
