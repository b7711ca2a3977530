import { unwrap } from "@kcp/api-client";
import { BROWSE_STARTS, RESET_TARGETS } from "@kcp/shared/lists";
import { type Body, commaList, flag, integer, keyValues, list, oneOf, positional, text } from "../args.js";
import { type Context, clusterId, print } from "../context.js";
import { UsageError } from "../exit-codes.js";
import { table } from "../output.js";
import type { Args, CommandSpec, OptionSpec } from "../spec.js";
import { groups as listGroups } from "./reads.js";

type ResetRequest = Body<"/api/v1/clusters/{id}/groups/{group}/reset-offsets", "post">;

/** Pure: Unix milliseconds, or an ISO 8601 date-time as milliseconds. */
export function millis(value: string): number {
  if (/^\d+$/.test(value)) return Number(value);
  const parsed = Date.parse(value);
  if (Number.isNaN(parsed)) throw new UsageError(`--timestamp is Unix milliseconds or ISO 8601, not ${value}`);
  return parsed;
}

const LIST_OPTIONS: Record<string, OptionSpec> = {
  search: { type: "string", value: "TEXT", help: "only ids containing it" },
  limit: { type: "string", value: "N", help: "at most N rows (default 100)" },
};

async function list_(context: Context, args: Args) {
  await listGroups(context, positional(args, 0), {
    ...(text(args, "search") ? { search: text(args, "search") } : {}),
    ...(text(args, "limit") ? { limit: text(args, "limit") } : {}),
  });
  return undefined;
}

async function describe(context: Context, args: Args) {
  const id = await clusterId(context, positional(args, 0));
  const group = unwrap(
    await context.client.GET("/api/v1/clusters/{id}/groups/{group}", {
      params: { path: { id, group: positional(args, 1) } },
    }),
  );
  print(context, group, () =>
    [
      `${group.group} (${group.type ?? group.protocolType}): ${group.state}, ${group.members} member(s), lag ${group.totalLag}`,
      ...(group.error ? [`Error: ${group.error}`] : []),
      table(
        ["TOPIC", "PARTITION", "COMMITTED", "END", "LAG", "MEMBER", "CLIENT", "HOST"],
        group.partitions.map((p) => [
          p.topic,
          String(p.partition),
          String(p.committed),
          String(p.end),
          String(p.lag),
          p.member || "-",
          p.clientId || "-",
          p.host || "-",
        ]),
      ),
    ].join("\n"),
  );
  return undefined;
}

/** The reset the options name: where to (and its offset or timestamp), which topic and partitions. */
function resetRequest(args: Args, dryRun: boolean): ResetRequest {
  const to = oneOf(text(args, "to"), RESET_TARGETS, "--to");
  const topic = text(args, "topic");
  if (!to || !topic) throw new UsageError(`Name the topic and where to: --topic TOPIC --to ${RESET_TARGETS.join("|")}`);
  const partitions = commaList(text(args, "partitions")).map((p) => integer(p, "--partitions") ?? 0);
  const timestamp = text(args, "timestamp");
  const offset = integer(text(args, "offset"), "--offset");
  return {
    topic,
    to,
    dryRun,
    ...(partitions.length > 0 ? { partitions } : {}),
    ...(to === "timestamp" && timestamp !== undefined ? { timestamp: millis(timestamp) } : {}),
    ...((to === "offset" || to === "shift") && offset !== undefined ? { offset } : {}),
  } as ResetRequest;
}

/**
 * kcp groups reset: always previews first (the API's dry run) and shows each partition's move; only --yes then
 * resets, with the same request. The group must have no active member (the service refuses otherwise).
 */
async function reset(context: Context, args: Args) {
  const id = await clusterId(context, positional(args, 0));
  const group = positional(args, 1);
  const send = async (dryRun: boolean) =>
    unwrap(
      await context.client.POST("/api/v1/clusters/{id}/groups/{group}/reset-offsets", {
        params: { path: { id, group } },
        body: resetRequest(args, dryRun),
      }),
    );
  const preview = await send(true);
  const rows = (answer: typeof preview) =>
    table(
      ["TOPIC", "PARTITION", "FROM", "TO"],
      answer.offsets.map((o) => [o.topic, String(o.partition), String(o.from), String(o.to)]),
    );
  if (!flag(args, "yes")) {
    print(
      context,
      preview,
      () => `Preview (nothing changed):\n${rows(preview)}\nApply it: the same command with --yes`,
    );
    return undefined;
  }
  if (!context.json) context.out(`Preview:\n${rows(preview)}`);
  const done = await send(false);
  print(context, done, () => `Reset ${group}:\n${rows(done)}`);
  return undefined;
}

/** Pure: a shown key, value or header as one line of text. */
export function shown(data: { encoding: string; data?: unknown; bytes: number } | null | undefined): string {
  if (data === null || data === undefined) return "(null)";
  switch (data.encoding) {
    case "text":
      return String(data.data);
    case "json":
      return JSON.stringify(data.data);
    case "base64":
      return `base64:${String(data.data)}`;
    default:
      return `(${data.bytes} B not shown)`;
  }
}

async function produce(context: Context, args: Args) {
  const id = await clusterId(context, positional(args, 0));
  const topic = positional(args, 1);
  const given = text(args, "value");
  const input = given ?? (await context.stdin()).replace(/\r?\n$/, "");
  const values = flag(args, "lines") && given === undefined ? input.split(/\r?\n/).filter((l) => l !== "") : [input];
  const partition = integer(text(args, "partition"), "--partition");
  const headers = Object.entries(keyValues(list(args, "header"), "--header")).map(([key, value]) => ({ key, value }));
  const results: { partition: number; offset: number | string }[] = [];
  for (const value of values)
    results.push(
      unwrap(
        await context.client.POST("/api/v1/clusters/{id}/topics/{topic}/messages", {
          params: { path: { id, topic } },
          body: {
            value,
            key: text(args, "key") ?? null,
            partition: partition ?? null,
            headers,
          },
        }),
      ),
    );
  print(context, results.length === 1 ? results[0] : results, () =>
    results.map((r) => `Produced to ${topic}-${r.partition} at offset ${r.offset}`).join("\n"),
  );
  return undefined;
}

async function browse(context: Context, args: Args) {
  const id = await clusterId(context, positional(args, 0));
  const from = oneOf(text(args, "from"), BROWSE_STARTS, "--from");
  const query = {
    ...(from ? { from } : {}),
    ...(text(args, "offset") ? { offset: integer(text(args, "offset"), "--offset") } : {}),
    ...(text(args, "timestamp") ? { timestamp: text(args, "timestamp") } : {}),
    ...(text(args, "partition") ? { partition: integer(text(args, "partition"), "--partition") } : {}),
    ...(text(args, "limit") ? { limit: integer(text(args, "limit"), "--limit") } : {}),
    ...(text(args, "filter") ? { filter: text(args, "filter") } : {}),
    ...(text(args, "cursor") ? { cursor: text(args, "cursor") } : {}),
  } as never;
  const page = unwrap(
    await context.client.GET("/api/v1/clusters/{id}/topics/{topic}/messages", {
      params: { path: { id, topic: positional(args, 1) }, query },
    }),
  );
  print(context, page, () =>
    [
      table(
        ["PARTITION", "OFFSET", "TIMESTAMP", "KEY", "VALUE", "HEADERS"],
        page.messages.map((m) => [
          String(m.partition),
          String(m.offset),
          m.timestamp,
          shown(m.key),
          shown(m.value),
          m.headers.map((h) => `${h.key}=${shown(h.value)}`).join(",") || "-",
        ]),
      ),
      `${page.messages.length} message(s), ${page.scanned} read, stopped by ${page.stoppedBy}${page.cursor ? `; more: --cursor ${page.cursor}` : ""}`,
    ].join("\n"),
  );
  return undefined;
}

export const groupCommands: CommandSpec[] = [
  {
    path: ["groups"],
    positionals: ["CLUSTER"],
    options: LIST_OPTIONS,
    summary: "consumer groups of every type with state and total lag",
    examples: ["kcp groups prod --search billing"],
    run: list_,
  },
  {
    path: ["groups", "list"],
    positionals: ["CLUSTER"],
    options: LIST_OPTIONS,
    summary: "consumer groups (as kcp groups CLUSTER)",
    examples: ["kcp groups list prod"],
    run: list_,
  },
  {
    path: ["groups", "describe"],
    positionals: ["CLUSTER", "GROUP"],
    options: {},
    summary: "one group: each partition's committed offset, end, lag and member",
    examples: ["kcp groups describe prod billing"],
    run: describe,
  },
  {
    path: ["groups", "reset"],
    positionals: ["CLUSTER", "GROUP"],
    options: {
      topic: { type: "string", value: "TOPIC", help: "the topic whose offsets move" },
      to: { type: "string", value: "WHERE", values: RESET_TARGETS, help: "where to" },
      offset: { type: "string", value: "N", help: "--to offset: the offset; --to shift: the signed delta" },
      timestamp: {
        type: "string",
        value: "T",
        help: "Unix milliseconds or ISO 8601 (--to timestamp; browse --from timestamp)",
      },
      partitions: { type: "string", value: "N,..", help: "these partitions only (default: every one)" },
      yes: { type: "boolean", help: "apply it after the preview" },
    },
    summary: "resets a group's committed offsets: shows the preview (a dry run), applies only with --yes",
    details: ["The group must have no active member; the service refuses the reset otherwise."],
    examples: [
      "kcp groups reset prod billing --topic orders --to earliest             # the preview only",
      "kcp groups reset prod billing --topic orders --to shift --offset -100 --yes",
    ],
    run: reset,
  },
  {
    path: ["produce"],
    positionals: ["CLUSTER", "TOPIC"],
    options: {
      value: { type: "string", value: "TEXT", help: "the value (default: standard input)" },
      lines: { type: "boolean", help: "each line of standard input is a message" },
      key: { type: "string", value: "KEY", help: "the key (default: none)" },
      partition: { type: "string", value: "N", help: "the partition (default: Kafka's partitioner)" },
      header: { type: "string", multiple: true, value: "K=V", help: "a header" },
    },
    summary: "produces a message (or one per line of standard input with --lines)",
    examples: [
      "kcp produce prod orders --key o-1 --value '{\"id\":1}' --header source=cli",
      "printf 'a\\nb\\n' | kcp produce prod orders --lines",
    ],
    run: produce,
  },
  {
    path: ["browse"],
    positionals: ["CLUSTER", "TOPIC"],
    options: {
      from: { type: "string", value: "WHERE", values: BROWSE_STARTS, help: "where to start (default end: the newest)" },
      offset: { type: "string", value: "N", help: "--from offset: the first offset to read" },
      timestamp: {
        type: "string",
        value: "T",
        help: "Unix milliseconds or ISO 8601 (--to timestamp; browse --from timestamp)",
      },
      partition: { type: "string", value: "N", help: "one partition (default: every one)" },
      limit: { type: "string", value: "N", help: "at most N messages (1-500, default 50)" },
      filter: { type: "string", value: "TEXT", help: "only messages whose key or value contains it" },
      cursor: { type: "string", value: "C", help: "continue after the page that printed it" },
    },
    summary: "reads messages: keys, values (text, JSON or base64) and headers",
    examples: ["kcp browse prod orders --from beginning --limit 20", "kcp browse prod orders --filter o-1 --json"],
    run: browse,
  },
];
