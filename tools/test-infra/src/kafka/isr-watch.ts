import { backgroundTask } from "../common/index.js";
import type { KafkaClients } from "./clients.js";
import { withAdmin } from "./helpers.js";

/** What an ISR watch saw, once stopped. */
export interface IsrWatchResult {
  /** Reads that got an answer. */
  polls: number;
  /** Reads no broker answered (a broker that just stopped: the next read asks another). */
  failedPolls: number;
  /** The smallest ISR any partition showed (Infinity when no read got an answer). */
  smallestIsr: number;
  /** Every sighting of a partition below min ISR: `topic-partition isr a,b at <time>`. */
  below: string[];
  /** Time during which at least one partition was below min ISR, from one read to the next. */
  belowMinIsrMs: number;
}

export interface IsrWatch {
  stop(): Promise<IsrWatchResult>;
}

/**
 * Reads every partition's ISR of `topic` (Metadata from any broker that answers) every `intervalMs` until stopped:
 * for rolling restarts and upgrades, which must never leave a partition below its min.insync.replicas.
 */
export function watchIsr(cluster: KafkaClients, topic: string, minIsr: number, intervalMs = 500): IsrWatch {
  let watching = true;
  const result: IsrWatchResult = {
    polls: 0,
    failedPolls: 0,
    smallestIsr: Number.POSITIVE_INFINITY,
    below: [],
    belowMinIsrMs: 0,
  };
  const done = withAdmin(cluster, async (admin) => {
    let last = Date.now();
    while (watching) {
      const now = Date.now();
      try {
        const metadata = await admin.metadata({ topics: [topic], forceUpdate: true });
        result.polls += 1;
        let below = false;
        (metadata.topics.get(topic)?.partitions ?? []).forEach((p, id) => {
          result.smallestIsr = Math.min(result.smallestIsr, p.isr.length);
          if (p.isr.length >= minIsr) return;
          below = true;
          result.below.push(`${topic}-${id} isr ${p.isr.join(",")} at ${new Date(now).toISOString()}`);
        });
        if (below) result.belowMinIsrMs += now - last;
      } catch {
        result.failedPolls += 1;
      }
      last = now;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  });
  const stop = async () => {
    watching = false;
    await done;
    return result;
  };
  const task = backgroundTask(stop);
  return {
    stop() {
      task.ended();
      return stop();
    },
  };
}
