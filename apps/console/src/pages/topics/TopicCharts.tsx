import { BarChart } from "../../ui/charts/BarChart.js";
import { axisBytes, distribution, topBy } from "../../ui/charts/chart-math.js";
import { SeriesChart } from "../../ui/charts/SeriesChart.js";

/** Partitions drawn as bars at most: the largest ones (a topic may have thousands). */
const MOST_PARTITIONS = 50;

interface Partition {
  id: number;
  leader: number;
  sizeBytes: number;
}

/** A topic over time (in/out rate, size) and its spread: size per partition, partitions led per broker. */
export function TopicCharts({
  clusterId,
  topic,
  partitions,
}: {
  clusterId: string;
  topic: string;
  partitions: Partition[];
}) {
  const largest =
    partitions.length > MOST_PARTITIONS
      ? topBy(partitions, MOST_PARTITIONS, (p) => p.sizeBytes + 1)
      : [...partitions].sort((a, b) => a.id - b.id);
  const leaders = distribution(partitions.filter((p) => p.leader >= 0).map((p) => p.leader));
  const leaderless = partitions.filter((p) => p.leader < 0).length;
  return (
    <section aria-labelledby="topic-charts" className="space-y-3">
      <h2 id="topic-charts" className="text-lg font-semibold">
        Rate, size and spread
      </h2>
      <div className="grid gap-3 xl:grid-cols-2">
        <SeriesChart
          clusterId={clusterId}
          title="Rate in and out"
          unit="bytes/s"
          lines={[
            { figure: "topic.bytesInPerSec", entity: topic, label: "In" },
            { figure: "topic.bytesOutPerSec", entity: topic, label: "Out" },
          ]}
        />
        <SeriesChart
          clusterId={clusterId}
          title="Size"
          unit="bytes"
          lines={[{ figure: "topic.sizeBytes", entity: topic, label: "Size" }]}
        />
      </div>
      <div className="grid gap-3 xl:grid-cols-2">
        <BarChart
          title="Size per partition"
          series={["Size"]}
          rows={largest.map((p) => ({ label: `Partition ${p.id}`, values: [p.sizeBytes] }))}
          format={axisBytes}
          note={
            partitions.length > MOST_PARTITIONS
              ? `The ${MOST_PARTITIONS} largest of ${partitions.length.toLocaleString("en")} partitions.`
              : undefined
          }
        />
        <BarChart
          title="Partitions led per broker"
          series={["Partitions led"]}
          rows={leaders.map((l) => ({ label: `Broker ${l.key}`, values: [l.count] }))}
          format={(v) => v.toLocaleString("en")}
          note={leaderless > 0 ? `${leaderless} partition(s) have no leader.` : undefined}
        />
      </div>
    </section>
  );
}
