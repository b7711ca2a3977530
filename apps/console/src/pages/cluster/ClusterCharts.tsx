import type { ClusterView } from "../../api/clusters.js";
import { BarChart } from "../../ui/charts/BarChart.js";
import { axisBytes, formatFigure } from "../../ui/charts/chart-math.js";
import { SeriesChart } from "../../ui/charts/SeriesChart.js";

type Broker = NonNullable<ClusterView["snapshot"]>["brokers"][number];

/** Disk used in percent of the broker's volume, where the broker reports its size (KIP-827). */
export function diskUsedPercent(broker: Pick<Broker, "diskTotalBytes" | "diskUsableBytes">): number | undefined {
  const { diskTotalBytes: total, diskUsableBytes: usable } = broker;
  if (!total || usable === undefined) return undefined;
  return ((total - usable) / total) * 100;
}

const THROUGHPUT = [
  { figure: "cluster.bytesInPerSec", label: "In" },
  { figure: "cluster.bytesOutPerSec", label: "Out" },
] as const;

/**
 * The cluster at a glance: throughput in and out over time, and per broker the disk (against the mean and its ±10 %
 * band), the replicas and the leaders (the latest snapshot).
 */
export function ClusterCharts({ clusterId, view }: { clusterId: string; view: ClusterView }) {
  const brokers = [...(view.snapshot?.brokers ?? [])].sort((a, b) => a.id - b.id);
  const percents = brokers.map(diskUsedPercent);
  const allPercent = brokers.length > 0 && percents.every((p) => p !== undefined);
  return (
    <section aria-labelledby="charts" className="space-y-3">
      <h2 id="charts" className="text-lg font-semibold">
        Throughput and balance
      </h2>
      <SeriesChart clusterId={clusterId} title="Throughput in and out" unit="bytes/s" lines={[...THROUGHPUT]} />
      {brokers.length > 0 ? (
        <div className="grid gap-3 lg:grid-cols-3">
          {allPercent ? (
            <BarChart
              title="Disk used per broker"
              series={["Disk used"]}
              rows={brokers.map((b, i) => ({ label: `Broker ${b.id}`, values: [percents[i] as number] }))}
              format={(v) => formatFigure(v, "percent")}
              withBand
            />
          ) : (
            <BarChart
              title="Data per broker"
              series={["Data"]}
              rows={brokers.map((b) => ({ label: `Broker ${b.id}`, values: [b.dataBytes] }))}
              format={axisBytes}
              withBand
              note="The brokers do not report their disk's size: the bars are their data."
            />
          )}
          <BarChart
            title="Partitions (replicas) per broker"
            series={["Replicas"]}
            rows={brokers.map((b) => ({ label: `Broker ${b.id}`, values: [b.replicas] }))}
            format={(v) => v.toLocaleString("en")}
          />
          <BarChart
            title="Leaders per broker"
            series={["Leaders"]}
            rows={brokers.map((b) => ({ label: `Broker ${b.id}`, values: [b.leaders] }))}
            format={(v) => v.toLocaleString("en")}
          />
        </div>
      ) : null}
    </section>
  );
}
