import type { Snapshot, Topic } from "@kcp/shared";

export type Rates = Pick<Topic, "bytesInPerSec" | "messagesInPerSec">;

interface TopicFigures {
  id: string;
  /** Its size when collected (the leaders' replicas). */
  sizeBytes: number;
  rates: Rates;
  partitions: Map<number, Rates>;
}

/**
 * What live reads and the metrics take from the last collection, indexed: each topic's rates (by name, with its id),
 * each group's total lag, each voter's lag. Small beside the snapshot it comes from, so it can be kept between
 * requests (see CollectedFiguresCache).
 */
export interface CollectedFigures {
  /** When that collection was made (the last that reached Kafka: an unreachable cluster keeps its last snapshot). */
  collectedAt: Date;
  topics: Map<string, TopicFigures>;
  groupLag: Map<string, number>;
  /** Each quorum voter's lag behind the leader (records). */
  voterLag: Map<number, number>;
}

function ratesOf(measured: Rates): Rates {
  return {
    ...(measured.bytesInPerSec === undefined ? {} : { bytesInPerSec: measured.bytesInPerSec }),
    ...(measured.messagesInPerSec === undefined ? {} : { messagesInPerSec: measured.messagesInPerSec }),
  };
}

/** Pure: the figures of one collection. */
export function figuresOf(snapshot: Snapshot): CollectedFigures {
  const topics = new Map<string, TopicFigures>();
  for (const topic of snapshot.topics) {
    const partitions = new Map<number, Rates>();
    for (const partition of topic.partitions) {
      const rates = ratesOf(partition);
      if (Object.keys(rates).length > 0) partitions.set(partition.id, rates);
    }
    topics.set(topic.name, { id: topic.id, sizeBytes: topic.sizeBytes, rates: ratesOf(topic), partitions });
  }
  return {
    collectedAt: new Date(snapshot.collectedAt),
    topics,
    groupLag: new Map(snapshot.groups.map((group) => [group.id, group.lag])),
    voterLag: new Map((snapshot.quorum?.voters ?? []).map((voter) => [voter.nodeId, voter.lag])),
  };
}

/**
 * Pure: the topics of the last collection whose name contains `search`, for a search that finds no listing kept: Kafka
 * is then asked about those names only instead of every topic (a few milliseconds instead of a few hundred at 50,000
 * partitions). A topic created elsewhere since that collection is missing from this one answer only: the listing
 * read it starts has it, and so has every later list. Our own writes re-collect at once.
 */
export function searchCandidates(figures: CollectedFigures, search: string): string[] {
  return [...figures.topics.keys()].filter((name) => name.includes(search));
}

/** Pure: the size of each of these topics when last collected (those the collection knew). */
export function collectedSizes(figures: CollectedFigures, names: string[]): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const name of names) {
    const size = figures.topics.get(name)?.sizeBytes;
    if (size !== undefined) sizes.set(name, size);
  }
  return sizes;
}
