import type { Snapshot, Topic, TopicListResponse } from "@kcp/shared";

type Rates = Pick<Topic, "bytesInPerSec" | "messagesInPerSec">;

function ratesOf(topic: Pick<Topic, "bytesInPerSec" | "messagesInPerSec">): Rates {
  return {
    ...(topic.bytesInPerSec === undefined ? {} : { bytesInPerSec: topic.bytesInPerSec }),
    ...(topic.messagesInPerSec === undefined ? {} : { messagesInPerSec: topic.messagesInPerSec }),
  };
}

/** The same topic in the last collection (same id: a topic deleted and created again since has no rate yet). */
function collected(snapshot: Snapshot | undefined, topic: { name: string; id: string }) {
  const found = snapshot?.topics.find((t) => t.name === topic.name);
  return found && found.id === topic.id ? found : undefined;
}

/**
 * Pure: the topic list with each topic's rates as the last collection measured them (topic lists read Kafka live,
 * and a rate needs two collections apart in time, so the rates come from the stored view).
 */
export function listWithRates(list: TopicListResponse, snapshot: Snapshot | undefined): TopicListResponse {
  if (!snapshot) return list;
  return {
    ...list,
    topics: list.topics.map((topic) => {
      const last = collected(snapshot, topic);
      return last ? { ...topic, ...ratesOf(last) } : topic;
    }),
  };
}

/** Pure: one topic read live, with the rates of the last collection per topic and per partition. */
export function topicWithRates(topic: Topic, snapshot: Snapshot | undefined): Topic {
  const last = collected(snapshot, topic);
  if (!last) return topic;
  const partitions = new Map(last.partitions.map((p) => [p.id, p]));
  return {
    ...topic,
    ...ratesOf(last),
    partitions: topic.partitions.map((p) => {
      const before = partitions.get(p.id);
      return before ? { ...p, ...ratesOf(before) } : p;
    }),
  };
}
