import { useEffect, useState } from "react";

/**
 * Line colours per theme, in order: each at least 3:1 against the card's background of its theme (WCAG's non-text
 * contrast: white for the light theme, slate-900 for the dark one). A line's label and value are always written
 * beside it too, so colour never carries the meaning alone.
 */
const LIGHT = ["#0369a1", "#b45309", "#7e22ce", "#047857", "#be123c", "#4d7c0f", "#0f766e", "#a21caf"];
const DARK = ["#38bdf8", "#fbbf24", "#c084fc", "#34d399", "#fb7185", "#a3e635", "#2dd4bf", "#e879f9"];

export function seriesColour(index: number, dark: boolean): string {
  const palette = dark ? DARK : LIGHT;
  return palette[index % palette.length] as string;
}

/** Axis labels and grid lines of a canvas chart, per theme (slate-600/-300 text, slate-200/-700 grid). */
export function axisColours(dark: boolean): { text: string; grid: string } {
  return dark ? { text: "#cbd5e1", grid: "#334155" } : { text: "#475569", grid: "#e2e8f0" };
}

/** Whether the dark theme is on (the class on <html>), following the theme switch while the page is open. */
export function useDarkTheme(): boolean {
  const [dark, setDark] = useState(() => document.documentElement.classList.contains("dark"));
  useEffect(() => {
    const observer = new MutationObserver(() => setDark(document.documentElement.classList.contains("dark")));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, []);
  return dark;
}
