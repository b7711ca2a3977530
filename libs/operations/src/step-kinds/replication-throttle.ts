import type { StepExecutor } from "../steps.js";

const RATE_KEYS = ["leader.replication.throttled.rate", "follower.replication.throttled.rate"];
const REPLICA_KEYS = ["leader.replication.throttled.replicas", "follower.replication.throttled.replicas"];

/**
 * Throttles the replication of the partitions being moved, as kafka-reassign-partitions does: a rate on every broker
 * involved, and per topic the replicas that send (current) and receive (new). Setting it again is the same.
 */
export const setReplicationThrottleStep: StepExecutor<"setReplicationThrottle"> = async ({ admin }, args) => {
  const rate = String(args.rateBytesPerSec);
  for (const broker of args.brokers)
    await admin.applyConfigs(
      { type: "broker", id: broker },
      { set: Object.fromEntries(RATE_KEYS.map((k) => [k, rate])), delete: [] },
    );
  for (const [topic, replicas] of Object.entries(args.topics))
    await admin.applyConfigs(
      { type: "topic", name: topic },
      {
        set: {
          "leader.replication.throttled.replicas": replicas.leader.join(","),
          "follower.replication.throttled.replicas": replicas.follower.join(","),
        },
        delete: [],
      },
    );
  return { brokers: args.brokers.length, topics: Object.keys(args.topics).length };
};

/** Removes the throttle again (a cleanup step: it runs after a failure or a cancel too); deleting twice is harmless. */
export const clearReplicationThrottleStep: StepExecutor<"clearReplicationThrottle"> = async ({ admin }, args) => {
  for (const broker of args.brokers)
    await admin.applyConfigs({ type: "broker", id: broker }, { set: {}, delete: RATE_KEYS });
  for (const topic of args.topics)
    await admin.applyConfigs({ type: "topic", name: topic }, { set: {}, delete: REPLICA_KEYS });
  return { brokers: args.brokers.length, topics: args.topics.length };
};
