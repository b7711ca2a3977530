import { useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, useEffect, useRef } from "react";

const ROW_HEIGHT = 36;
/**
 * Rows drawn beyond the view on each side. Few: a wheel turn moves past the whole view, and every row drawn costs
 * style, layout and paint in that frame (the longest tasks while scrolling 10,000 topics were those, bench:console).
 */
const OVERSCAN = 6;

interface Props<T> {
  label: string;
  /** Header cells, and the CSS grid template their columns share with the rows. */
  columns: string[];
  template: string;
  rows: T[];
  rowKey: (row: T) => string;
  cells: (row: T) => ReactNode;
  /** More rows on the server: asked for when the last 50 loaded come into view. */
  hasMore: boolean;
  loadMore: () => void;
}

/** A list of any length: only the rows in view are drawn, and the next page is fetched before the end is reached. */
export function VirtualTable<T>({ label, columns, template, rows, rowKey, cells, hasMore, loadMore }: Props<T>) {
  const scroller = useRef<HTMLElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtual.getVirtualItems();
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasMore && last >= rows.length - 50) loadMore();
  }, [hasMore, last, rows.length, loadMore]);
  const grid = `grid ${template}`;
  return (
    <div className="card p-0">
      <div className={`${grid} border-b border-slate-300 px-3 py-2 text-sm font-semibold dark:border-slate-700`}>
        {columns.map((column) => (
          <span key={column}>{column}</span>
        ))}
      </div>
      {/* Contained: what changes inside (rows added, moved, removed) is styled, laid out and painted on its own. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <section ref={scroller} className="h-[60vh] overflow-auto contained" tabIndex={0} aria-label={label}>
        <ul className="relative" style={{ height: virtual.getTotalSize() }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            return (
              <li
                key={rowKey(row)}
                className={`${grid} absolute left-0 w-full items-center border-b border-slate-200 px-3 text-sm contained dark:border-slate-800`}
                style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              >
                {cells(row)}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
