import { randomUUID } from "node:crypto";
import {
  AUTOPILOT_ROLE,
  admitPlan,
  autopilotActor,
  awaitingApproval,
  decide,
  findAnomalies,
  findThresholds,
  type PolicyContext,
  pauseInForce,
  policyCovers,
  trackAnomalies,
  withEvent,
} from "@kcp/autopilot";
import type { Metrics } from "@kcp/metrics";
import { UNFINISHED_OPERATION_STATUSES } from "@kcp/operation-lifecycle";
import type { OperationService } from "@kcp/operation-service";
import type { AuditEmitter } from "@kcp/process";
import {
  type Anomaly,
  type AnomalyEvent,
  AppError,
  type AutopilotReason,
  type Logger,
  type Move,
  type Operation,
  type OperationExplanation,
  type PolicySpec,
  type Snapshot,
} from "@kcp/shared";
import type { ClusterRecord, Store } from "@kcp/store";

export interface AutopilotDependencies {
  store: Store;
  operations: OperationService;
  audit: AuditEmitter;
  logger: Logger;
  /** AUTOPILOT_ENABLED: false and nothing is found or done. */
  enabled: boolean;
  /** The health rule's disk threshold (HEALTH_DISK_HIGH_PERCENT), which disk_high uses too. */
  diskHighPercent: number;
  /** Counts anomalies opened and cleared, and what the policies did (kcp_autopilot_*_total). */
  metrics?: Metrics;
  now?: () => Date;
}

/** How far back a policy's actions are read for its cool-down and its bytes in 24 h. */
const HISTORY = 100;
const DAY_MS = 86_400_000;

const reasonOf = (error: unknown): AutopilotReason => ({
  code: "plan_failed",
  message: error instanceof AppError ? `${error.code}: ${error.message}` : String(error),
});

/** An operation the policy started: confirmed by it (a proposal a person confirmed is the person's). */
const startedBy = (operation: Operation, actor: string) =>
  operation.createdBy === actor && operation.confirmedBy === actor;

/**
 * The autopilot's thin caller, run by the operations worker for each `autopilot` job (one per cluster at a time):
 * loads the cluster's latest stored view, its open anomalies and the policies that cover it; finds and tracks the
 * anomalies (libs/autopilot); lets each policy decide about each open anomaly; plans, admits and confirms through the
 * same OperationService a person uses, with the actor `autopilot:<policy>`; stores the timeline.
 */
export class Autopilot {
  constructor(private readonly deps: AutopilotDependencies) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * Judges the cluster's latest stored view. Only clusters an enabled policy covers are judged (an `observe` policy
   * records without acting), and those with anomalies still open, so that they clear; the others cost two small reads.
   */
  async evaluate(clusterId: string): Promise<void> {
    if (!this.deps.enabled) return;
    const { store } = this.deps;
    const cluster = await store.clusters.findById(clusterId);
    if (!cluster) return;
    const covering = (await store.policies.list())
      .map((p) => p.spec)
      .filter((p) => p.enabled && policyCovers(p, { id: cluster.id, labels: cluster.labels }));
    const open = await store.anomalies.listOpen(clusterId);
    if (covering.length === 0 && open.length === 0) return;
    const view = await store.clusterViews.get(clusterId);
    const snapshot = view?.snapshot as Snapshot | undefined;
    // Nothing answered (the view keeps the last snapshot, which is stale): the health says so (cluster_unreachable);
    // nothing can be judged of its parts, nothing continues or clears.
    const status = (view?.health as { status?: string } | undefined)?.status;
    if (!view || !snapshot || status === "unreachable" || status === "unknown") return;
    const now = this.now();
    const findings = findAnomalies(snapshot, findThresholds(covering, this.deps.diskHighPercent));
    const change = trackAnomalies(open, findings, {
      clusterId,
      now,
      complete: snapshot.errors.length === 0,
      newId: randomUUID,
    });
    let seen = change.seen;
    if (covering.length > 0 && seen.length > 0) {
      const context = await this.context(cluster, snapshot, view.capabilities, now);
      seen = [];
      for (const anomaly of change.seen) {
        let current = anomaly;
        for (const policy of covering) current = await this.apply(policy, current, context, cluster);
        seen.push(current);
      }
    }
    await store.anomalies.put([...seen, ...change.cleared]);
    this.count(open, seen, change.cleared, now);
  }

  /** The metrics of one evaluation: anomalies opened and cleared, events the policies added. */
  private count(open: readonly Anomaly[], seen: readonly Anomaly[], cleared: readonly Anomaly[], now: Date): void {
    const metrics = this.deps.metrics;
    if (!metrics) return;
    const known = new Set(open.map((a) => a.id));
    const at = now.toISOString();
    for (const anomaly of seen) {
      if (!known.has(anomaly.id)) metrics.autopilotAnomalies.inc({ code: anomaly.code, change: "opened" });
      for (const event of anomaly.events.filter((e) => e.at === at))
        metrics.autopilotEvents.inc({ kind: event.kind, reason: event.reason?.code ?? "none" });
    }
    for (const anomaly of cleared) metrics.autopilotAnomalies.inc({ code: anomaly.code, change: "cleared" });
  }

  /** What every policy's decision reads of the cluster now (the operations list grows as policies plan). */
  private async context(
    cluster: ClusterRecord,
    snapshot: Snapshot,
    capabilities: Record<string, unknown>,
    now: Date,
  ): Promise<PolicyContext & { history: Operation[] }> {
    const pause = pauseInForce(await this.deps.store.autopilotPauses.list(), cluster.id, now);
    // Operations not finished block the autopilot on a cluster (a person's or its own).
    const unfinished = await this.deps.operations.list(cluster.id, {
      limit: 10,
      statuses: UNFINISHED_OPERATION_STATUSES,
    });
    const history = (await this.deps.operations.list(cluster.id, { limit: HISTORY })).operations;
    return {
      now,
      cluster: { id: cluster.id, labels: cluster.labels },
      snapshot,
      capabilities: capabilities as PolicyContext["capabilities"] & object,
      ...(pause
        ? { paused: { reason: pause.reason, by: pause.by, ...(pause.until ? { until: pause.until } : {}) } }
        : {}),
      operations: unfinished.operations.map((o) => ({
        id: o.id,
        type: o.type,
        status: o.status,
        createdBy: o.createdBy,
      })),
      history,
    };
  }

  /** One policy's decision about one anomaly, acted on; returns the anomaly with what was done recorded. */
  private async apply(
    policy: PolicySpec,
    anomaly: Anomaly,
    context: PolicyContext & { history: Operation[] },
    cluster: ClusterRecord,
  ): Promise<Anomaly> {
    const actor = autopilotActor(policy);
    const own = context.history.filter((o) => startedBy(o, actor));
    const last = own[0];
    const decision = decide(policy, anomaly, {
      ...context,
      ...(last ? { lastActionAt: new Date(last.createdAt) } : {}),
    });
    const record = (event: Pick<AnomalyEvent, "kind" | "reason" | "operationId">) =>
      withEvent(anomaly, { at: context.now.toISOString(), policy: policy.name, ...event });
    if (decision.kind === "skip" || decision.kind === "wait") return anomaly;
    if (decision.kind === "record") return record(decision.event);

    const explanation: OperationExplanation = {
      policy: policy.name,
      mode: policy.mode,
      anomaly: {
        id: anomaly.id,
        code: anomaly.code,
        subject: anomaly.subject,
        message: anomaly.message,
        facts: anomaly.facts,
        firstSeenAt: anomaly.firstSeenAt,
      },
      admitted: decision.admitted,
      ...(decision.reason ? { proposedBecause: decision.reason } : {}),
    };
    let planned: Operation;
    try {
      planned = await this.deps.operations.plan(
        cluster.id,
        decision.request,
        { username: actor, role: AUTOPILOT_ROLE },
        explanation,
      );
    } catch (error) {
      await this.audit(actor, "operation.plan", cluster.id, undefined, "failure", { type: decision.request.type });
      return record({ kind: "refused", reason: reasonOf(error) });
    }
    context.operations = [
      ...context.operations,
      { id: planned.id, type: planned.type, status: planned.status, createdBy: actor },
    ];
    await this.audit(actor, "operation.plan", cluster.id, planned.id, "success", {
      type: planned.type,
      anomaly: anomaly.id,
    });
    this.deps.logger.info(
      {
        clusterId: cluster.id,
        policy: policy.name,
        anomaly: anomaly.id,
        operationId: planned.id,
        confirm: decision.confirm,
      },
      "autopilot planned an operation",
    );
    if (!decision.confirm)
      return record({
        kind: "proposed",
        operationId: planned.id,
        ...(decision.reason ? { reason: decision.reason } : {}),
      });

    const unapproved = awaitingApproval(planned);
    if (unapproved) return record({ kind: "proposed", operationId: planned.id, reason: unapproved });
    const since = context.now.getTime() - DAY_MS;
    const moved = own
      .filter((o) => new Date(o.createdAt).getTime() >= since)
      .reduce((n, o) => n + (o.plan.dataToMoveBytes ?? 0), 0);
    const admission = admitPlan(
      policy,
      { dataToMoveBytes: planned.plan.dataToMoveBytes ?? 0, moves: await this.allMoves(planned) },
      moved,
    );
    if (admission.reason) return record({ kind: "proposed", operationId: planned.id, reason: admission.reason });
    try {
      await this.deps.operations.confirm(planned.id, {}, { username: actor, role: AUTOPILOT_ROLE });
    } catch (error) {
      await this.audit(actor, "operation.confirm", cluster.id, planned.id, "failure", { type: planned.type });
      return record({ kind: "proposed", operationId: planned.id, reason: reasonOf(error) });
    }
    await this.audit(actor, "operation.confirm", cluster.id, planned.id, "success", {
      type: planned.type,
      anomaly: anomaly.id,
      admitted: [...decision.admitted, ...admission.admitted],
    });
    return record({ kind: "acted", operationId: planned.id });
  }

  /** Every move of a plan (an Operation shows the first 1000; admission needs all). */
  private async allMoves(operation: Operation): Promise<Pick<Move, "topic" | "from" | "to">[]> {
    const shown = operation.plan.moves ?? [];
    const total = operation.plan.movesTotal ?? shown.length;
    if (shown.length >= total) return shown;
    const moves: Move[] = [];
    while (moves.length < total) {
      const page = await this.deps.operations.moves(operation.id, moves.length, 1000);
      if (page.moves.length === 0) break;
      moves.push(...page.moves);
    }
    return moves;
  }

  private audit(
    actor: string,
    action: string,
    clusterId: string,
    target: string | undefined,
    result: "success" | "failure",
    detail: Record<string, unknown>,
  ): Promise<void> {
    return this.deps.audit.emit({
      at: this.now().toISOString(),
      actor,
      action,
      clusterId,
      ...(target ? { target } : {}),
      result,
      detail,
    });
  }
}
