import { type ReactNode, useId, useState } from "react";

export interface ChartTable {
  columns: string[];
  rows: string[][];
}

interface Props {
  /** The chart's name: its caption, and the accessible name of the figure. */
  title: string;
  /** What the graphic shows, in words: the accessible name of the drawing (e.g. latest, lowest and highest). */
  summary: string;
  /** The same data as a table: always there for screen readers, shown to everyone by "Show as table". */
  table: ChartTable;
  /** Controls beside the caption (a range switch). */
  controls?: ReactNode;
  /** Beneath the drawing: a legend, a note. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * A chart as a figure: the caption names it, the drawing is one image whose name says what it shows, and the table
 * of its data is in the page for screen readers (visually hidden until "Show as table").
 */
export function ChartFrame({ title, summary, table, controls, footer, children }: Props) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const titleId = useId();
  return (
    <figure className="card space-y-2" aria-labelledby={titleId}>
      <figcaption className="flex flex-wrap items-center gap-2">
        <span id={titleId} className="font-semibold">
          {title}
        </span>
        <span className="ml-auto flex flex-wrap items-center gap-2">
          {controls}
          <button
            type="button"
            className="btn px-2 py-0.5 text-xs"
            aria-pressed={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable(!showTable)}
          >
            Show as table
          </button>
        </span>
      </figcaption>
      <div role="img" aria-label={`${title}: ${summary}`}>
        {children}
      </div>
      {footer}
      <section
        id={tableId}
        aria-label={`${title}, as a table`}
        className={showTable ? "max-h-80 overflow-auto" : "sr-only"}
        tabIndex={showTable ? 0 : undefined}
      >
        <table className="table">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are redrawn whole with the data
              <tr key={r}>
                {row.map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are its columns, in order
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </figure>
  );
}
