import { type components, unwrap } from "@kcp/api-client";
import { type Context, clusterId, print, WRITE } from "../context.js";
import { EXIT, UsageError } from "../exit-codes.js";
import { formatBytes, progressBar, table } from "../output.js";

type Operation = components["schemas"]["Operation"];
const ENDED = new Set(["succeeded", "failed", "cancelled"]);

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
    await context.client.POST("/api/v1/clusters/{id}/operations", { params: { path: { id }, header: WRITE }, body }),
  );
  print(context, operation, () => describePlan(operation));
}

/** kcp confirm OP [--name CLUSTER_NAME]: starts a planned operation (the name typed back for irreversible ones). */
export async function confirm(context: Context, op: string | undefined, options: { name?: string }) {
  if (!op) throw new UsageError("kcp confirm OPERATION_ID [--name CLUSTER_NAME]");
  const operation = unwrap(
    await context.client.POST("/api/v1/operations/{op}/confirm", {
      params: { path: { op }, header: WRITE },
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
