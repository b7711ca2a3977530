import { BarChart } from "../../ui/charts/BarChart.js";
import { formatFigure, topBy } from "../../ui/charts/chart-math.js";
import { SeriesChart, type SeriesLine } from "../../ui/charts/SeriesChart.js";

/** Topics drawn as their own line at most (those with the most lag now); the total is always drawn. */
const MOST_TOPICS = 6;
/** Partitions listed as holding the most lag. */
const MOST_PARTITIONS = 10;

interface Partition {
  topic: string;
  partition: number;
  lag: number;
}

/** A group's lag over time (its total and per topic) and the partitions holding the most lag now. */
export function GroupCharts({
  clusterId,
  group,
  partitions,
}: {
  clusterId: string;
  group: string;
  partitions: Partition[];
}) {
  const lagByTopic = new Map<string, number>();
  for (const p of partitions) lagByTopic.set(p.topic, (lagByTopic.get(p.topic) ?? 0) + Math.max(0, p.lag));
  const topics = [...lagByTopic]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, MOST_TOPICS)
    .map(([topic]) => topic);
  const lines: SeriesLine[] = [
    { figure: "group.lag", entity: group, label: "Total" },
    ...topics.map((topic) => ({ figure: "groupTopic.lag" as const, entity: `${group}|${topic}`, label: topic })),
  ];
  const worst = topBy(partitions, MOST_PARTITIONS, (p) => p.lag);
  return (
    <section aria-labelledby="group-charts" className="space-y-3">
      <h2 id="group-charts" className="text-lg font-semibold">
        Lag over time
      </h2>
      <SeriesChart clusterId={clusterId} title="Lag, total and per topic" unit="messages" lines={lines} />
      {lagByTopic.size > MOST_TOPICS ? (
        <p className="text-sm">
          The {MOST_TOPICS} topics with the most lag now are drawn, of {lagByTopic.size}.
        </p>
      ) : null}
      {worst.length > 0 ? (
        <BarChart
          title="Partitions holding the most lag"
          series={["Lag"]}
          rows={worst.map((p) => ({ label: `${p.topic} ${p.partition}`, values: [p.lag] }))}
          format={(v) => formatFigure(v, "messages")}
        />
      ) : (
        <p className="text-sm">No partition of the group lags.</p>
      )}
    </section>
  );
}
