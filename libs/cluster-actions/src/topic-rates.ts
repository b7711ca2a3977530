import type { Topic, TopicListResponse } from "@kcp/shared";
import type { CollectedFigures } from "./collected-figures.js";

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
