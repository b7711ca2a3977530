import type { Move } from "@kcp/shared";
import type { PlannedStep } from "../steps.js";

/** The default of `maxConcurrentMoves`: no rule fixes it; Cruise Control's default per broker is 5. */
export const DEFAULT_MAX_CONCURRENT_MOVES = 5;

/** setReplicationThrottle's args for moves: the leaders they copy from and the followers they add, per topic. */
export function throttleArgs(moves: readonly Move[], rateBytesPerSec: number) {
  const topics: Record<string, { leader: string[]; follower: string[] }> = {};
  const brokers = new Set<number>();
  for (const m of moves.filter((move) => move.replicaMoves > 0)) {
    topics[m.topic] ??= { leader: [], follower: [] };
    const entry = topics[m.topic] as { leader: string[]; follower: string[] };
    for (const id of m.from) entry.leader.push(`${m.partition}:${id}`);
    for (const id of m.to.filter((b) => !m.from.includes(b))) entry.follower.push(`${m.partition}:${id}`);
    for (const id of [...m.from, ...m.to]) brokers.add(id);
  }
  return { rateBytesPerSec, brokers: [...brokers].sort((a, b) => a - b), topics };
}

export type ThrottleArgs = ReturnType<typeof throttleArgs>;

/**
 * The steps that move partitions' replicas, the same in every plan that moves data: the replication throttle set
 * (when the plan gives one), the reassignment in batches of `maxConcurrentMoves`, the throttle removed (always, after
 * a failure too). The step names say what the plan moves.
 */
export function reassignSteps(
  moves: readonly Move[],
  options: { throttle: ThrottleArgs | undefined; maxConcurrentMoves: number | undefined },
  names: { reassign: string; throttle: string },
): PlannedStep[] {
  const { throttle } = options;
  return [
    ...(throttle
      ? [{ name: names.throttle, kind: "setReplicationThrottle" as const, args: throttle, alwaysRun: false }]
      : []),
    {
      name: names.reassign,
      kind: "reassignPartitions",
      args: {
        moves: moves.map((m) => ({
          topic: m.topic,
          partition: m.partition,
          replicas: m.to,
          bytes: m.replicaMoves * m.sizeBytes,
        })),
        maxConcurrentMoves: options.maxConcurrentMoves ?? DEFAULT_MAX_CONCURRENT_MOVES,
      },
      alwaysRun: false,
    },
    ...(throttle
      ? [
          {
            name: "Remove the replication throttle",
            kind: "clearReplicationThrottle" as const,
            args: { brokers: throttle.brokers, topics: Object.keys(throttle.topics).sort() },
            alwaysRun: true,
          },
        ]
      : []),
  ];
}
