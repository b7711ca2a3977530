import type { Snapshot, Topic, TopicListResponse } from "@kcp/shared";

type Rates = Pick<Topic, "bytesInPerSec" | "messagesInPerSec">;

interface TopicFigures {
  id: string;
  rates: Rates;
  partitions: Map<number, Rates>;
}

/**
 * What live reads take from the last collection, indexed: each topic's rates (by name, with its id) and each group's
 * total lag. Small beside the snapshot it comes from, so it can be kept between requests (see CollectedFiguresCache).
 */
export interface CollectedFigures {
  topics: Map<string, TopicFigures>;
  groupLag: Map<string, number>;
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
    topics.set(topic.name, { id: topic.id, rates: ratesOf(topic), partitions });
  }
  return { topics, groupLag: new Map(snapshot.groups.map((group) => [group.id, group.lag])) };
}

/** The same topic in the last collection (same id: a topic deleted and created again since has no rate yet). */
function collected(figures: CollectedFigures | undefined, topic: { name: string; id: string }) {
  const found = figures?.topics.get(topic.name);
  return found && found.id === topic.id ? found : undefined;
}

/**
 * Pure: the topic list with each topic's rates as the last collection measured them (topic lists read Kafka live,
 * and a rate needs two collections apart in time, so the rates come from the stored view).
 */
export function listWithRates(list: TopicListResponse, figures: CollectedFigures | undefined): TopicListResponse {
  if (!figures) return list;
  return {
    ...list,
    topics: list.topics.map((topic) => {
      const last = collected(figures, topic);
      return last ? { ...topic, ...last.rates } : topic;
    }),
  };
}

/** Pure: one topic read live, with the rates of the last collection per topic and per partition. */
export function topicWithRates(topic: Topic, figures: CollectedFigures | undefined): Topic {
  const last = collected(figures, topic);
  if (!last) return topic;
  return {
    ...topic,
    ...last.rates,
    partitions: topic.partitions.map((p) => {
      const before = last.partitions.get(p.id);
      return before ? { ...p, ...before } : p;
    }),
  };
}
