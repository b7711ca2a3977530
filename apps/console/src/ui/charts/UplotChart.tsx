import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { type FigureUnit, formatFigure, formatTick } from "./chart-math.js";
import { axisColours, seriesColour } from "./theme-colours.js";

const COUNTS = new Set<FigureUnit>(["messages", "partitions", "node"]);
const WHOLE_STEPS = [1, 2, 5]
  .flatMap((n) => [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9].map((m) => n * m))
  .sort((a, b) => a - b);

/** 0.1 B … 500 TiB: 1, 2, 5, 10, 20, 50, 100, 200, 500 of each binary unit (and tenths of a byte for idle rates). */
const BYTE_STEPS = [
  0.1,
  0.2,
  0.5,
  ...[0, 1, 2, 3, 4].flatMap((k) => [1, 2, 5, 10, 20, 50, 100, 200, 500].map((n) => n * 1024 ** k)),
];

export interface UplotLine {
  label: string;
  /** Dashed: a reference (the plan) rather than a measurement. */
  dashed?: boolean;
}

export interface UplotChartProps {
  /** x in seconds since the epoch, then one array per line (null: a gap). */
  data: [number[], ...(number | null)[][]];
  lines: UplotLine[];
  unit: FigureUnit;
  dark: boolean;
  height?: number;
  /** The time axis' bounds in seconds (the range asked for), else the data's first and last instant. */
  xRange?: [number, number];
  /** The index of the point under the pointer (null when it leaves). */
  onCursor?: (index: number | null) => void;
}

/**
 * A time chart drawn by uPlot on a canvas, sized to its container. Loaded on demand (React.lazy), so uPlot is not in
 * the console's first bundle. The legend is the console's own (text beside the chart), not uPlot's.
 */
export default function UplotChart({ data, lines, unit, dark, height = 220, xRange, onCursor }: UplotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const cursor = useRef(onCursor);
  cursor.current = onCursor;
  const bounds = useRef(xRange);
  bounds.current = xRange;
  const shape = `${unit}|${dark}|${height}|${lines.map((l) => `${l.label}:${l.dashed ?? false}`).join(",")}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when its shape changes (lines, unit, theme); data changes go through setData below
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const colours = axisColours(dark);
    const axis = {
      stroke: colours.text,
      grid: { stroke: colours.grid, width: 1 },
      ticks: { stroke: colours.grid, width: 1 },
      font: "12px system-ui, sans-serif",
    };
    const options: uPlot.Options = {
      width: Math.max(200, element.clientWidth),
      height,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: true, range: (_u, min, max) => bounds.current ?? [min, max] },
        y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.05 : 1] },
      },
      series: [
        {},
        ...lines.map((line, i) => ({
          label: line.label,
          stroke: seriesColour(i, dark),
          width: 2,
          ...(line.dashed ? { dash: [6, 4] } : {}),
          spanGaps: false,
          value: (_u: uPlot, v: number | null) => formatFigure(v, unit),
        })),
      ],
      axes: [
        axis,
        {
          ...axis,
          size: 84,
          values: (_u, splits) => splits.map((v) => formatTick(v, unit)),
          // Counts (messages, partitions) in whole steps: no "0.5 messages" on the axis; bytes in round binary ones.
          ...(COUNTS.has(unit) ? { incrs: WHOLE_STEPS } : {}),
          ...(unit === "bytes" || unit === "bytes/s" ? { incrs: BYTE_STEPS } : {}),
        },
      ],
      hooks: {
        setCursor: [(u) => cursor.current?.(u.cursor.idx ?? null)],
      },
    };
    const chart = new uPlot(options, data as uPlot.AlignedData, element);
    plot.current = chart;
    const resize = new ResizeObserver(() => {
      const width = Math.max(200, element.clientWidth);
      if (width !== chart.width) chart.setSize({ width, height });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [shape]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the bounds are read through their ref when the scales reset
  useEffect(() => {
    plot.current?.setData(data as uPlot.AlignedData);
  }, [data, xRange?.[0], xRange?.[1]]);

  return <div ref={box} className="w-full" />;
}
