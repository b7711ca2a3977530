import { type components, unwrap } from "@kcp/api-client";
import { FINAL_OPERATION_STATUSES } from "@kcp/shared/lists";
import { type Context, clusterId, print } from "../context.js";
import { EXIT, UsageError } from "../exit-codes.js";
import { formatBytes, progressBar, table } from "../output.js";
import type { Args } from "../spec.js";

type Operation = components["schemas"]["Operation"];
const ENDED: ReadonlySet<string> = new Set(FINAL_OPERATION_STATUSES);

function parseParams(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  try {
    const params = JSON.parse(text) as unknown;
    if (typeof params === "object" && params !== null && !Array.isArray(params))
      return params as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new UsageError(`--params must be a JSON object, e.g. '{"electionType":"preferred"}'`);
}

function describePlan(operation: Operation): string {
  const lines = [
    `Operation ${operation.id} (${operation.type}) planned: ${operation.plan.summary}`,
    table(
      ["STEP", "NAME", "KIND"],
      operation.steps.map((step) => [String(step.index + 1), step.name, step.kind]),
    ),
  ];
  if (operation.plan.dataToMoveBytes !== undefined)
    lines.push(`Data to move: ${formatBytes(operation.plan.dataToMoveBytes)}`);
  for (const warning of operation.plan.warnings) lines.push(`Warning: ${warning}`);
  const confirm = operation.irreversible
    ? `kcp confirm ${operation.id} --name <the cluster's name>  (irreversible)`
    : `kcp confirm ${operation.id}`;
  lines.push(`Expires at ${operation.expiresAt}. Confirm with: ${confirm}`);
  return lines.join("\n");
}

/** kcp plan CLUSTER TYPE [--params JSON]: a dry run; nothing changes until it is confirmed. */
export async function plan(
  context: Context,
  cluster: string | undefined,
  type: string | undefined,
  options: { params?: string },
) {
  if (!type) throw new UsageError("kcp plan CLUSTER TYPE [--params JSON]");
  const id = await clusterId(context, cluster);
  const body = { type, params: parseParams(options.params) } as never;
  const operation = unwrap(
    await context.client.POST("/api/v1/clusters/{id}/operations", { params: { path: { id } }, body }),
  );
  print(context, operation, () => describePlan(operation));
}

/** kcp confirm OP [--name CLUSTER_NAME]: starts a planned operation (the name typed back for irreversible ones). */
export async function confirm(context: Context, op: string | undefined, options: { name?: string }) {
  if (!op) throw new UsageError("kcp confirm OPERATION_ID [--name CLUSTER_NAME]");
  const operation = unwrap(
    await context.client.POST("/api/v1/operations/{op}/confirm", {
      params: { path: { op } },
      body: options.name ? { confirmName: options.name } : {},
    }),
  );
  print(
    context,
    operation,
    () => `Operation ${operation.id} confirmed: ${operation.status}. Follow it: kcp watch ${operation.id}`,
  );
}

/** One line of progress: the bar over the steps, the step running, and data left where the step moves data. */
export function progressLine(operation: Operation): string {
  const done = operation.steps.filter((s) => s.status === "succeeded" || s.status === "skipped").length;
  const running = operation.steps.find((s) => s.status === "running");
  const details = operation.details as { bytesRemaining?: number; etaSeconds?: number };
  const data =
    details.bytesRemaining === undefined
      ? ""
      : `, ${formatBytes(details.bytesRemaining)} left${details.etaSeconds === undefined ? "" : `, ETA ${Math.round(details.etaSeconds)} s`}`;
  const step = running ? `, step ${running.index + 1}/${operation.steps.length}: ${running.name}` : "";
  return `${progressBar(done, operation.steps.length)} ${operation.status}${step}${data}`;
}

/** kcp watch OP: follows an operation to its end; exits 4 when it ends failed or cancelled. */
export async function watch(
  context: Context,
  op: string | undefined,
  options: { intervalMs?: string },
): Promise<number> {
  if (!op) throw new UsageError("kcp watch OPERATION_ID");
  const interval = Number(options.intervalMs ?? 1000);
  let last = "";
  for (;;) {
    const operation = unwrap(await context.client.GET("/api/v1/operations/{op}", { params: { path: { op } } }));
    const line = progressLine(operation);
    if (!context.json && line !== last) context.out(line);
    last = line;
    if (ENDED.has(operation.status)) {
      if (context.json) context.out(JSON.stringify(operation, null, 2));
      else if (operation.error) context.out(`Error: ${operation.error}`);
      return operation.status === "succeeded" ? EXIT.ok : EXIT.operationFailed;
    }
    await context.sleep(interval);
  }
}

/** kcp operations list CLUSTER [--status S] [--limit N]: the newest operations first. */
export async function listOperations(context: Context, args: Args) {
  const id = await clusterId(context, args.positionals[0]);
  const status = typeof args.options.status === "string" ? args.options.status : undefined;
  const limit = typeof args.options.limit === "string" ? Number(args.options.limit) : 20;
  if (!Number.isInteger(limit)) throw new UsageError("--limit must be a whole number");
  const query = { limit, ...(status ? { status } : {}) } as never;
  const page = unwrap(
    await context.client.GET("/api/v1/clusters/{id}/operations", { params: { path: { id }, query } }),
  );
  print(context, page, () =>
    table(
      ["ID", "TYPE", "STATUS", "PROGRESS", "BY", "CREATED", "SUMMARY"],
      page.operations.map((o) => [
        o.id,
        o.type,
        o.status,
        `${o.steps.filter((s) => s.status === "succeeded" || s.status === "skipped").length}/${o.steps.length}`,
        o.createdBy,
        o.createdAt,
        o.summary,
      ]),
    ),
  );
  return undefined;
}

/** kcp operations show OP: the operation, its steps and where it is. */
export async function showOperation(context: Context, args: Args) {
  const op = args.positionals[0] ?? "";
  const operation = unwrap(await context.client.GET("/api/v1/operations/{op}", { params: { path: { op } } }));
  print(context, operation, () =>
    [
      `Operation ${operation.id} (${operation.type}) ${operation.status}: ${operation.summary}`,
      `Created by ${operation.createdBy} at ${operation.createdAt}${operation.confirmedBy ? `, confirmed by ${operation.confirmedBy}` : ""}${operation.irreversible ? "; irreversible" : ""}`,
      progressLine(operation),
      table(
        ["STEP", "NAME", "KIND", "STATUS"],
        operation.steps.map((s) => [String(s.index + 1), s.name, s.kind, s.status]),
      ),
      ...(operation.requestedAction ? [`Requested: ${operation.requestedAction}`] : []),
      ...(operation.error ? [`Error: ${operation.error}`] : []),
    ].join("\n"),
  );
  return undefined;
}

/** kcp operations pause|resume|cancel OP: asks the worker; it honours the request between steps. */
export function controlOperation(action: "pause" | "resume" | "cancel") {
  return async (context: Context, args: Args) => {
    const op = args.positionals[0] ?? "";
    const params = { params: { path: { op } } };
    const answer =
      action === "pause"
        ? await context.client.POST("/api/v1/operations/{op}/pause", params)
        : action === "resume"
          ? await context.client.POST("/api/v1/operations/{op}/resume", params)
          : await context.client.POST("/api/v1/operations/{op}/cancel", params);
    const operation = unwrap(answer);
    print(
      context,
      operation,
      () =>
        `Operation ${operation.id}: ${operation.status}${operation.requestedAction ? `, ${operation.requestedAction} requested` : ""}`,
    );
    return undefined;
  };
}

/** kcp operations moves OP: the partition moves of a reassignment, with their progress. */
export async function operationMoves(context: Context, args: Args) {
  const op = args.positionals[0] ?? "";
  const limit = typeof args.options.limit === "string" ? Number(args.options.limit) : 100;
  const page = unwrap(
    await context.client.GET("/api/v1/operations/{op}/moves", {
      params: { path: { op }, query: { limit, offset: 0 } },
    }),
  );
  print(context, page, () =>
    [
      table(
        ["TOPIC", "PARTITION", "FROM", "TO", "SIZE", "REPLICA MOVES", "LEADER CHANGE"],
        page.moves.map((m) => [
          m.topic,
          String(m.partition),
          m.from.join(","),
          m.to.join(","),
          formatBytes(m.sizeBytes),
          String(m.replicaMoves),
          m.leaderChange ? "yes" : "no",
        ]),
      ),
      `${page.moves.length} of ${page.total} moves`,
    ].join("\n"),
  );
  return undefined;
}
