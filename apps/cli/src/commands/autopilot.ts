import { unwrap } from "@kcp/api-client";
import { stringify } from "yaml";
import { type Body, text } from "../args.js";
import { type Context, clusterId, print, readMapping } from "../context.js";
import { UsageError } from "../exit-codes.js";
import { table } from "../output.js";
import type { Args } from "../spec.js";

type Status = Awaited<ReturnType<typeof readStatus>>;

async function readStatus(context: Context) {
  return unwrap(await context.client.GET("/api/v1/autopilot"));
}

function printStatus(context: Context, status: Status): void {
  print(context, status, () =>
    [
      `autopilot: ${status.enabled ? "enabled" : "disabled (AUTOPILOT_ENABLED=false)"}`,
      status.pauses.length === 0
        ? "not paused"
        : table(
            ["PAUSED FOR", "BY", "SINCE", "UNTIL", "REASON"],
            status.pauses.map((p) => [p.clusterId ?? "every cluster", p.by, p.at, p.until ?? "resumed", p.reason]),
          ),
    ].join("\n"),
  );
}

/**
 * kcp autopilot status | pause [CLUSTER] --reason R [--until ISO] | resume [CLUSTER]: the veto. Without a cluster,
 * pause and resume act for every cluster.
 */
export async function autopilot(
  context: Context,
  verb: string | undefined,
  cluster: string | undefined,
  options: { reason?: string; until?: string },
): Promise<void> {
  const target = cluster === undefined ? {} : { clusterId: await clusterId(context, cluster) };
  switch (verb ?? "status") {
    case "status":
      return printStatus(context, await readStatus(context));
    case "pause": {
      if (!options.reason) throw new UsageError("kcp autopilot pause [CLUSTER] --reason TEXT [--until ISO-TIME]");
      const body = { ...target, reason: options.reason, ...(options.until ? { until: options.until } : {}) };
      return printStatus(context, unwrap(await context.client.POST("/api/v1/autopilot/pause", { body })));
    }
    case "resume":
      return printStatus(context, unwrap(await context.client.POST("/api/v1/autopilot/resume", { body: target })));
    default:
      throw new UsageError(`kcp autopilot status|pause|resume, not ${verb}`);
  }
}

/** kcp policies: every autopilot policy with its trigger, action, mode and scope. */
export async function policies(context: Context): Promise<void> {
  const list = unwrap(await context.client.GET("/api/v1/policies"));
  print(context, list, () =>
    table(
      ["NAME", "ENABLED", "TRIGGER", "FOR", "ACTION", "MODE", "SCOPE", "ID"],
      list.policies.map(({ id, spec }) => [
        spec.name,
        spec.enabled ? "yes" : "no",
        spec.trigger.code,
        spec.trigger.for,
        spec.action.type,
        spec.mode,
        "clusterId" in spec.scope
          ? `cluster ${spec.scope.clusterId}`
          : Object.entries(spec.scope.labels)
              .map(([k, v]) => `${k}=${v}`)
              .join(",") || "every cluster",
        id,
      ]),
    ),
  );
}

/** kcp anomalies CLUSTER [--state open|cleared] [--limit N]: the anomalies and what the autopilot did about each. */
export async function anomalies(
  context: Context,
  cluster: string | undefined,
  options: { state?: string; limit?: string },
): Promise<void> {
  const id = await clusterId(context, cluster);
  if (options.state !== undefined && options.state !== "open" && options.state !== "cleared")
    throw new UsageError("--state is open or cleared");
  const query = {
    limit: Number(options.limit ?? 20),
    ...(options.state ? { state: options.state as "open" | "cleared" } : {}),
  };
  const page = unwrap(await context.client.GET("/api/v1/clusters/{id}/anomalies", { params: { path: { id }, query } }));
  print(context, page, () =>
    table(
      ["CODE", "SUBJECT", "FIRST SEEN", "CLEARED", "LAST EVENT", "MESSAGE"],
      page.anomalies.map((a) => {
        const last = a.events.at(-1);
        const event = last
          ? `${last.policy}: ${last.kind}${last.reason ? ` (${last.reason.code})` : ""}${last.operationId ? ` ${last.operationId}` : ""}`
          : "-";
        return [a.code, a.subject, a.firstSeenAt, a.clearedAt ?? "open", event, a.message];
      }),
    ),
  );
}

type PolicySpecInput = Body<"/api/v1/policies", "post">;

/** A policy's spec from a YAML or JSON file (- is standard input), as the API takes it. */
async function policyFile(context: Context, args: Args): Promise<PolicySpecInput> {
  const file = text(args, "file");
  if (!file) throw new UsageError("Name the policy's file: -f FILE (YAML or JSON; - is stdin)");
  const value = await readMapping(context, file, "a policy");
  // The file may be a policy as shown (kcp policies show --json): its spec is what is sent.
  const spec = "spec" in value && typeof value.spec === "object" ? value.spec : value;
  return spec as PolicySpecInput;
}

const describePolicy = (policy: { id: string; spec: unknown; updatedAt: string }) =>
  `Policy ${policy.id}, updated ${policy.updatedAt}:\n${stringify(policy.spec, { lineWidth: 0 }).trimEnd()}`;

/** kcp policies show|create|replace|delete: one autopilot policy, its spec as YAML. */
export function policy(verb: "show" | "create" | "replace" | "delete") {
  return async (context: Context, args: Args) => {
    const id = args.positionals[0] ?? "";
    const answer =
      verb === "show"
        ? await context.client.GET("/api/v1/policies/{id}", { params: { path: { id } } })
        : verb === "create"
          ? await context.client.POST("/api/v1/policies", {
              body: await policyFile(context, args),
            })
          : verb === "replace"
            ? await context.client.PUT("/api/v1/policies/{id}", {
                params: { path: { id } },
                body: await policyFile(context, args),
              })
            : await context.client.DELETE("/api/v1/policies/{id}", { params: { path: { id } } });
    const { policy: shown } = unwrap(answer);
    print(context, { policy: shown }, () =>
      verb === "delete" ? `Deleted policy ${shown.spec.name} (${shown.id})` : describePolicy(shown),
    );
    return undefined;
  };
}
