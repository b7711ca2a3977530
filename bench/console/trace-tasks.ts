import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string; url?: string } };
}

const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "blink.user_timing"];

/**
 * What the page's longest main-thread tasks during `work` were made of, from a Chromium trace: for each of the
 * `count` longest tasks, the events inside it of at least `minMs`, nested as they ran (style, layout, script, GC…).
 */
export async function longestTasksTraced(
  browser: Browser,
  page: Page,
  work: () => Promise<void>,
  count = 3,
  minMs = 3,
): Promise<string[]> {
  const path = join(tmpdir(), `kcp-bench-console-trace-${process.pid}.json`);
  await browser.startTracing(page, { path, categories: CATEGORIES });
  try {
    await work();
  } finally {
    await browser.stopTracing();
  }
  const { traceEvents } = JSON.parse(await readFile(path, "utf8")) as { traceEvents: TraceEvent[] };
  await rm(path, { force: true });
  const main = traceEvents.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  if (!main) return ["no renderer main thread in the trace"];
  const onMain = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur);
  const tasks = onMain
    .filter((e) => e.name === "RunTask")
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, count);
  return tasks.flatMap((task) => describeTask(task, onMain, minMs));
}

function describeTask(task: TraceEvent, events: TraceEvent[], minMs: number): string[] {
  const end = task.ts + (task.dur ?? 0);
  const inside = events
    .filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && (e.dur ?? 0) >= minMs * 1000)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const open: number[] = [];
  const lines = [`task of ${((task.dur ?? 0) / 1000).toFixed(0)} ms:`];
  for (const event of inside) {
    while (open.length > 0 && (open.at(-1) ?? 0) <= event.ts) open.pop();
    const detail = event.args?.data?.type ?? event.args?.data?.url?.split("/").at(-1) ?? "";
    lines.push(`${"  ".repeat(open.length + 1)}${event.name} ${detail} ${((event.dur ?? 0) / 1000).toFixed(1)} ms`);
    open.push(event.ts + (event.dur ?? 0));
  }
  return lines;
}
