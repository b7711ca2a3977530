import { type paths, unwrap } from "@kcp/api-client";
import { flag, integer, positional, text } from "../args.js";
import { formatDuration, formatValue, sparkline, type TopData, topFrame } from "../charts.js";
import { type Context, clusterId, clusterNamed, print } from "../context.js";
import { UsageError } from "../exit-codes.js";
import { table } from "../output.js";
import type { Args, CommandSpec } from "../spec.js";

type Figure = NonNullable<paths["/api/v1/clusters/{id}/series"]["get"]["parameters"]["query"]>["figure"];

/** Pure: an ISO 8601 time, or a duration before `now` (30m, 24h, 7d, 90s) as an ISO time. */
export function timeOption(value: string | undefined, now: Date, name: string): string | undefined {
  if (value === undefined) return undefined;
  const ago = /^(\d+(?:\.\d+)?)(s|m|h|d)$/.exec(value);
  if (ago) {
    const unit = { s: 1, m: 60, h: 3600, d: 86400 }[ago[2] as "s" | "m" | "h" | "d"];
    return new Date(now.getTime() - Number(ago[1]) * unit * 1000).toISOString();
  }
  const parsed = Date.parse(value);
  if (Number.isNaN(parsed)) throw new UsageError(`${name} is ISO 8601 or a time ago (30m, 24h, 7d), not ${value}`);
  return new Date(parsed).toISOString();
}

/** Pure: --interval in seconds (5, 2.5, 10s), at least 1. */
export function intervalSeconds(value: string | undefined): number {
  if (value === undefined) return 5;
  const seconds = Number(value.replace(/s$/, ""));
  if (!Number.isFinite(seconds) || seconds < 1)
    throw new UsageError(`--interval is seconds (at least 1), not ${value}`);
  return seconds;
}

/** Pure: the used share of a broker's volumes, from its total and usable bytes. */
export function usedPercent(total: number | undefined, usable: number | undefined): number | undefined {
  if (total === undefined || usable === undefined || total <= 0) return undefined;
  return ((total - usable) / total) * 100;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A figure's points over the last hour (the series API, from the store); [] and a note when it cannot be read. */
async function lastHour(context: Context, id: string, figure: Figure, notes: string[]) {
  try {
    const series = unwrap(
      await context.client.GET("/api/v1/clusters/{id}/series", { params: { path: { id }, query: { figure } } }),
    );
    return series.points.map((p) => p.value);
  } catch (error) {
    notes.push(`the history of ${figure} could not be read: ${message(error)}`);
    return [];
  }
}

/** One frame's data: the stored view (health, brokers, groups), the throughput's history, the worst lags' trends. */
export async function loadTop(
  context: Context,
  cluster: { id: string; name: string },
  worst: number,
): Promise<TopData> {
  const { id } = cluster;
  const notes: string[] = [];
  const [view, bytesIn, bytesOut] = await Promise.all([
    context.client.GET("/api/v1/clusters/{id}", { params: { path: { id } } }).then(unwrap),
    lastHour(context, id, "cluster.bytesInPerSec", notes),
    lastHour(context, id, "cluster.bytesOutPerSec", notes),
  ]);
  const snapshot = view.snapshot;
  if (!snapshot) notes.push("no collection of this cluster yet");
  const lagging = [...(snapshot?.groups ?? [])]
    .filter((g) => g.lag > 0)
    .sort((a, b) => b.lag - a.lag || a.id.localeCompare(b.id))
    .slice(0, worst);
  // Each one's trend from the group list (its search, exact id picked): a few small reads, whatever the group count.
  const trends = await Promise.all(
    lagging.map(async (group) => {
      try {
        const page = unwrap(
          await context.client.GET("/api/v1/clusters/{id}/groups", {
            params: { path: { id }, query: { search: group.id, limit: 1000 } },
          }),
        );
        return page.groups.find((g) => g.id === group.id);
      } catch (error) {
        if (!notes.some((n) => n.startsWith("lag trends")))
          notes.push(`lag trends could not be read: ${message(error)}`);
        return undefined;
      }
    }),
  );
  const sum = (values: (number | undefined)[]) =>
    values.some((v) => v !== undefined) ? values.reduce<number>((a, v) => a + (v ?? 0), 0) : undefined;
  return {
    cluster,
    health: view.health,
    updatedAt: view.updatedAt,
    throughput: [
      {
        label: "in",
        perSecond: bytesIn.at(-1) ?? sum((snapshot?.topics ?? []).map((t) => t.bytesInPerSec)),
        recent: bytesIn,
      },
      { label: "out", perSecond: bytesOut.at(-1), recent: bytesOut },
    ],
    brokers: [...(snapshot?.brokers ?? [])]
      .sort((a, b) => a.id - b.id)
      .map((b) => ({
        id: b.id,
        host: `${b.host}:${b.port}`,
        alive: b.alive,
        usedPercent: usedPercent(b.diskTotalBytes, b.diskUsableBytes),
        dataBytes: b.dataBytes,
        leaders: b.leaders,
        bytesInPerSec: b.bytesInPerSec,
      })),
    lags: lagging.map((g, i) => ({
      id: g.id,
      lag: g.lag,
      growth: trends[i]?.lagGrowth,
      recent: trends[i]?.lagRecent ?? [],
    })),
    groups: snapshot?.groups.length ?? 0,
    notes,
  };
}

/**
 * kcp top CLUSTER: the cluster at a glance, redrawn every --interval seconds until q or Ctrl-C. The stored view is
 * read again only when a collection stored a new one (a light read of its time otherwise). Not at a terminal, or
 * with --once, one frame is printed (--json: its data).
 */
async function top(context: Context, args: Args): Promise<number | undefined> {
  const cluster = await clusterNamed(context, positional(args, 0));
  const interval = intervalSeconds(text(args, "interval"));
  const worst = integer(text(args, "limit"), "--limit") ?? 10;
  if (worst < 0) throw new UsageError("--limit must be 0 or more");
  if (flag(args, "once") || context.json || !context.terminal) {
    const data = await loadTop(context, cluster, worst);
    print(context, data, () => topFrame(data, { now: new Date() }));
    return undefined;
  }
  const terminal = context.terminal;
  let data = await loadTop(context, cluster, worst);
  let failed: string | undefined;
  let stop = false;
  let wake: (() => void) | undefined;
  const release = terminal.onQuit(() => {
    stop = true;
    wake?.();
  });
  terminal.enter();
  try {
    while (!stop) {
      const frame = topFrame(failed ? { ...data, notes: [...data.notes, failed] } : data, {
        now: new Date(),
        intervalSeconds: interval,
        columns: terminal.columns(),
      });
      terminal.draw(frame);
      await new Promise<void>((resolve) => {
        if (stop) return resolve();
        const timer = setTimeout(resolve, interval * 1000);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (stop) break;
      try {
        const summary = unwrap(
          await context.client.GET("/api/v1/clusters/{id}", {
            params: { path: { id: cluster.id }, query: { snapshot: "none" } },
          }),
        );
        if (summary.updatedAt !== data.updatedAt) data = await loadTop(context, cluster, worst);
        failed = undefined;
      } catch (error) {
        failed = `the last refresh failed (${new Date().toISOString()}): ${message(error)}; showing the frame before`;
      }
    }
  } finally {
    release();
    terminal.leave();
  }
  return undefined;
}

/** kcp series CLUSTER FIGURE: the points of a figure's history, with a sparkline. */
async function series(context: Context, args: Args) {
  const id = await clusterId(context, positional(args, 0));
  const now = new Date();
  const to = timeOption(text(args, "to"), now, "--to");
  const from = timeOption(text(args, "from"), to ? new Date(to) : now, "--from");
  const step = integer(text(args, "step"), "--step");
  const entity = text(args, "entity");
  const answer = unwrap(
    await context.client.GET("/api/v1/clusters/{id}/series", {
      params: {
        path: { id },
        query: {
          figure: positional(args, 1) as Figure,
          ...(entity ? { entity } : {}),
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
          ...(step !== undefined ? { step } : {}),
        },
      },
    }),
  );
  print(context, answer, () => {
    const values = answer.points.map((p) => p.value);
    const of = answer.entity ? ` of ${answer.entity}` : "";
    const span = `${answer.from} → ${answer.to}, a point per ${formatDuration(answer.step)} (${answer.resolution === "collection" ? "each collection" : answer.resolution === "1h" ? "hourly summaries" : "10-minute summaries"})`;
    if (answer.points.length === 0) return `${answer.figure}${of} (${answer.unit}), ${span}: no point recorded`;
    const low = Math.min(...answer.points.map((p) => p.min));
    const high = Math.max(...answer.points.map((p) => p.max));
    return [
      `${answer.figure}${of} (${answer.unit}), ${span}`,
      `${sparkline(values, 60)}  last ${formatValue(values.at(-1), answer.unit)}, low ${formatValue(low, answer.unit)}, high ${formatValue(high, answer.unit)}`,
      "",
      table(
        ["AT", "VALUE", "MIN", "MAX"],
        answer.points.map((p) => [
          p.at,
          formatValue(p.value, answer.unit),
          formatValue(p.min, answer.unit),
          formatValue(p.max, answer.unit),
        ]),
      ),
    ].join("\n");
  });
  return undefined;
}

/** kcp series figures: the catalogue of figures whose history is kept. */
async function figures(context: Context) {
  const list = unwrap(await context.client.GET("/api/v1/series/figures"));
  print(context, list, () =>
    table(
      ["FIGURE", "ENTITY", "UNIT", "DESCRIPTION"],
      list.figures.map((f) => [f.name, f.entity, f.unit, f.description]),
    ),
  );
  return undefined;
}

export const topCommands: CommandSpec[] = [
  {
    path: ["top"],
    positionals: ["CLUSTER"],
    options: {
      interval: { type: "string", value: "SECONDS", help: "seconds between redraws (default 5)" },
      limit: { type: "string", value: "N", help: "the N groups with the most lag (default 10)" },
      once: { type: "boolean", help: "print one frame and exit (as when stdout is not a terminal)" },
    },
    summary: "the cluster at a glance, redrawn until q or Ctrl-C: throughput, disk per broker, worst lags",
    details: [
      "Throughput in and out with a sparkline of the last hour, each broker's disk as a bar, and the groups with the",
      "most lag with their last hour and how long and how fast it has grown. Everything is read from the service's",
      "store (never from Kafka); the cluster's view is read again when a collection stored a new one. When standard",
      "output is not a terminal, or with --once, one frame is printed and kcp exits (--json: the frame's data).",
    ],
    examples: ["kcp top prod", "kcp top prod --interval 2 --limit 5", "kcp top prod --once"],
    run: top,
  },
  {
    path: ["series"],
    positionals: ["CLUSTER", "FIGURE"],
    options: {
      entity: {
        type: "string",
        value: "E",
        help: "what the figure is of: a broker id, broker:path of a log dir, a topic, a group, group|topic (none for cluster.*)",
      },
      from: {
        type: "string",
        value: "WHEN",
        help: "start: ISO 8601 or a time ago, e.g. 24h, 30m, 7d (default: an hour before --to)",
      },
      to: { type: "string", value: "WHEN", help: "end: ISO 8601 or a time ago (default: now)" },
      step: { type: "string", value: "SECONDS", help: "seconds per point (default: the range in 300 points)" },
    },
    summary: "a figure's history: its points (mean, min, max per step) and a sparkline",
    details: [
      "FIGURE is one of kcp series figures (cluster.bytesInPerSec, topic.bytesInPerSec, group.lag, ...). The last 24 h",
      "are kept at each collection's resolution, 30 days as 10-minute and hourly summaries; default: the last hour.",
    ],
    examples: [
      "kcp series prod cluster.bytesInPerSec",
      "kcp series prod group.lag --entity billing --from 24h",
      "kcp series prod topic.sizeBytes --entity orders --from 30d --step 86400",
    ],
    run: series,
  },
  {
    path: ["series", "figures"],
    positionals: [],
    options: {},
    summary: "the figures whose history is kept: what each is of, its unit and meaning",
    examples: ["kcp series figures"],
    run: figures,
  },
];
