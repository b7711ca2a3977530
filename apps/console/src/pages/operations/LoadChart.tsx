import type { Operation } from "../../api/operations.js";
import { BarChart } from "../../ui/charts/BarChart.js";
import { axisBytes } from "../../ui/charts/chart-math.js";

type Plan = NonNullable<Operation["plan"]>;
type Load = NonNullable<Plan["before"]>;

/**
 * The plan per broker, before → after: data (what fills the disks), replicas and leaders; and the data it moves
 * against the least any plan must move to reach the same spread (the lower bound), where the plan has one.
 */
export function LoadChart({ plan, before, after }: { plan: Plan; before: Load; after: Load }) {
  const ids = [...new Set([...before.brokers, ...after.brokers].map((b) => b.id))].sort((a, b) => a - b);
  const find = (load: Load, id: number) => load.brokers.find((b) => b.id === id);
  const label = (id: number) => `Broker ${id}${find(after, id)?.excluded ? " (emptied)" : ""}`;
  const rows = (figure: "dataBytes" | "replicas" | "leaders") =>
    ids.map((id) => ({ label: label(id), values: [find(before, id)?.[figure] ?? 0, find(after, id)?.[figure] ?? 0] }));
  const count = (v: number) => v.toLocaleString("en");
  const series = ["Before", "After"];
  return (
    <div className="space-y-3">
      <div className="grid gap-3 lg:grid-cols-3">
        <BarChart title="Data per broker, before → after" series={series} rows={rows("dataBytes")} format={axisBytes} />
        <BarChart title="Replicas per broker, before → after" series={series} rows={rows("replicas")} format={count} />
        <BarChart title="Leaders per broker, before → after" series={series} rows={rows("leaders")} format={count} />
      </div>
      {plan.dataToMoveBytes !== undefined && plan.dataToMoveLowerBoundBytes !== undefined ? (
        <BarChart
          title="Data to move against the lower bound"
          series={["Data to move"]}
          rows={[{ label: "This plan", values: [plan.dataToMoveBytes] }]}
          format={axisBytes}
          marker={{ value: plan.dataToMoveLowerBoundBytes, label: "the least any plan must move" }}
        />
      ) : null}
    </div>
  );
}
