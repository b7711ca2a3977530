import { sparklinePath } from "./chart-math.js";
import { seriesColour, useDarkTheme } from "./theme-colours.js";

interface Props {
  values: readonly (number | null)[];
  /** The accessible name: what the line shows, in words (latest, lowest, highest). */
  label: string;
  width?: number;
  height?: number;
  colour?: number;
}

/** A small line of recent values, in plain SVG (no chart library): cards and list rows. */
export function Sparkline({ values, label, width = 120, height = 28, colour = 0 }: Props) {
  const dark = useDarkTheme();
  const path = sparklinePath(values, width, height);
  return (
    <svg
      role="img"
      aria-label={label}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className="shrink-0 overflow-visible"
    >
      <title>{label}</title>
      <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} stroke={dark ? "#334155" : "#cbd5e1"} />
      {path ? (
        <path
          d={path}
          fill="none"
          stroke={seriesColour(colour, dark)}
          strokeWidth="1.5"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      ) : null}
    </svg>
  );
}
