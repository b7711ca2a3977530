import type { Operation } from "../../api/operations.js";
import { formatBytes } from "../topics/TopicsPage.js";

type Load = NonNullable<NonNullable<Operation["plan"]>["before"]>;

/** Per broker, data and replicas before and after the plan, as bars scaled to the largest (text beside every bar). */
export function LoadChart({ before, after }: { before: Load; after: Load }) {
  const ids = [...new Set([...before.brokers, ...after.brokers].map((b) => b.id))].sort((a, b) => a - b);
  const max = Math.max(1, ...before.brokers.map((b) => b.dataBytes), ...after.brokers.map((b) => b.dataBytes));
  const row = (load: Load, id: number) => load.brokers.find((b) => b.id === id);
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm">Data per broker: before (grey) and after (blue) the plan</figcaption>
      <ul className="space-y-1 text-sm">
        {ids.map((id) => {
          const was = row(before, id);
          const will = row(after, id);
          return (
            <li key={id} className="grid grid-cols-[5rem_1fr_14rem] items-center gap-2">
              <span>Broker {id}</span>
              <span className="space-y-0.5">
                <Bar fraction={(was?.dataBytes ?? 0) / max} tone="bg-slate-400" />
                <Bar fraction={(will?.dataBytes ?? 0) / max} tone="bg-sky-700" />
              </span>
              <span>
                {formatBytes(was?.dataBytes)} → {formatBytes(will?.dataBytes)}; {was?.replicas ?? 0} →{" "}
                {will?.replicas ?? 0} replicas
              </span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}

function Bar({ fraction, tone }: { fraction: number; tone: string }) {
  // A width set through the DOM (not a style attribute in markup), which the console's CSP allows.
  return <span className={`block h-2 rounded ${tone}`} style={{ width: `${Math.max(0.5, fraction * 100)}%` }} />;
}
