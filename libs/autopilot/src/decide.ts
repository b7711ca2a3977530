import {
  type Anomaly,
  type AnomalyEvent,
  type AutopilotReason,
  type AutopilotReasonCode,
  type CapabilityName,
  durationMs,
  electablePreferred,
  isIrreversible,
  type Move,
  OPERATION_TYPE_INFO,
  type Operation,
  type OperationStatus,
  type OperationType,
  type PlanOperationRequest,
  type PolicySpec,
  type Role,
  type Snapshot,
} from "@kcp/shared";
import { inWindows, nextOpening } from "./windows.js";

/** What a policy's decision reads besides the policy and the anomaly: all of it loaded by the caller. */
export interface PolicyContext {
  now: Date;
  cluster: { id: string; labels: Readonly<Record<string, string>> };
  snapshot: Snapshot;
  capabilities?: Partial<Record<CapabilityName, boolean>>;
  /** The autopilot is paused for this cluster or the whole service (a veto), with the reason given. */
  paused?: { reason: string; by: string; until?: Date };
  /** Operations on the cluster that are planned or not finished, with who planned them. */
  operations: readonly { id: string; type: OperationType; status: OperationStatus; createdBy: string }[];
  /** When this policy last started or proposed an operation on this cluster. */
  lastActionAt?: Date;
}

export type PolicyDecision =
  /** The policy is not about this anomaly (disabled, another cluster or trigger, under its own threshold). */
  | { kind: "skip" }
  /** The anomaly has not lasted the trigger's `for` yet: nothing to record; evaluate again after `until`. */
  | { kind: "wait"; until: Date }
  /** Nothing is planned: the event says why (observe mode, or a guard rail refused). */
  | { kind: "record"; event: Pick<AnomalyEvent, "kind" | "reason"> }
  /**
   * Plan `request`; confirm it as the policy when `confirm`, else leave it planned for a person (`reason` says why
   * it is only proposed, when a guard rail decided that).
   */
  | {
      kind: "plan";
      request: PlanOperationRequest;
      confirm: boolean;
      reason?: AutopilotReason;
      /** The guard rails the anomaly passed, as checked: the operation's explanation. */
      admitted: string[];
    };

/** The actor of everything a policy does: in the audit log, `createdBy` and `confirmedBy` of its operations. */
export const autopilotActor = (policy: Pick<PolicySpec, "name">) => `autopilot:${policy.name}`;

/**
 * The role a policy plans and confirms with: an operator's, whoever wrote the policy. What a policy may do is bounded
 * by its guard rails, and each change it plans is authorized as the same change by a person would be.
 */
export const AUTOPILOT_ROLE = "operator" satisfies Role;

/** Whether an operation's `createdBy` is a policy's (`autopilotActor`). */
export const isAutopilotActor = (createdBy: string) => createdBy.startsWith("autopilot:");

const reason = (code: AutopilotReasonCode, message: string): AutopilotReason => ({ code, message });
const refused = (code: AutopilotReasonCode, message: string): PolicyDecision => ({
  kind: "record",
  event: { kind: "refused", reason: reason(code, message) },
});

/** Whether the policy covers the cluster: by id, or by labels all present with the same values. */
export function policyCovers(policy: PolicySpec, cluster: PolicyContext["cluster"]): boolean {
  const scope = policy.scope;
  if ("clusterId" in scope) return scope.clusterId === cluster.id;
  return Object.entries(scope.labels).every(([k, v]) => cluster.labels[k] === v);
}

/** Whether the anomaly is one the policy answers: its trigger, above the policy's own band or share. */
export function policyMatches(policy: PolicySpec, anomaly: Anomaly): boolean {
  if (anomaly.code !== policy.trigger.code) return false;
  if (anomaly.code === "disk_imbalance") return Number(anomaly.facts.abovePercent) > (policy.trigger.bandPercent ?? 10);
  if (anomaly.code === "leader_imbalance")
    return Number(anomaly.facts.notPreferredPercent) > (policy.trigger.thresholdPercent ?? 10);
  return true;
}

/** Partitions a preferred election would move back to their in-sync preferred replica, outside the exclusions. */
function notPreferred(policy: PolicySpec, snapshot: Snapshot) {
  const topics = new Set(policy.guardRails.excludeTopics);
  const brokers = new Set(policy.guardRails.excludeBrokers);
  return snapshot.topics
    .filter((t) => !topics.has(t.name))
    .flatMap((t) =>
      t.partitions
        .filter((p) => electablePreferred(p) && !brokers.has(p.leader) && !brokers.has(p.replicas[0] as number))
        .map((p) => ({ topic: t.name, partition: p.id })),
    )
    .slice(0, 100_000);
}

/** The operation that answers the anomaly: the policy's action, aimed at the anomaly's subject. */
export function actionRequest(policy: PolicySpec, anomaly: Anomaly, snapshot: Snapshot): PlanOperationRequest {
  switch (policy.action.type) {
    case "restartNodes":
      return { type: "restartNodes", params: { nodes: [anomaly.brokerId as number], waitHealthy: true } };
    case "drainBrokers":
      return { type: "drainBrokers", params: { brokers: [anomaly.brokerId as number] } };
    case "electLeaders":
      return {
        type: "electLeaders",
        params: { electionType: "preferred", partitions: notPreferred(policy, snapshot) },
      };
    case "rebalance": {
      const { throttleBytesPerSec, maxConcurrentMoves } = policy.action;
      return {
        type: "rebalance",
        params: {
          ...(throttleBytesPerSec === undefined ? {} : { throttleBytesPerSec }),
          ...(maxConcurrentMoves === undefined ? {} : { maxConcurrentMoves }),
        },
      };
    }
  }
}

const healthyBrokers = (snapshot: Snapshot) => snapshot.brokers.filter((b) => b.alive && !b.fenced).length;

/**
 * What a policy does about an anomaly now, the guard rails in a fixed order (the first that refuses is recorded):
 * persisted for `for`; observe mode; paused; an excluded broker; too few healthy brokers; another operation planned
 * or running on the cluster; the cool-down; a plan the service refused, tried again only after the cool-down; the
 * capability. Then the operation is planned — confirmed by the policy
 * only in auto mode, inside a window, and never when irreversible (then proposed for a person).
 */
export function decide(policy: PolicySpec, anomaly: Anomaly, context: PolicyContext): PolicyDecision {
  if (!policy.enabled || !policyCovers(policy, context.cluster) || !policyMatches(policy, anomaly))
    return { kind: "skip" };
  if (anomaly.clearedAt !== null) return { kind: "skip" };
  const persistsFrom = new Date(new Date(anomaly.firstSeenAt).getTime() + durationMs(policy.trigger.for));
  if (context.now < persistsFrom) return { kind: "wait", until: persistsFrom };
  if (policy.mode === "observe")
    return { kind: "record", event: { kind: "observed", reason: reason("observe_only", "The policy only observes") } };
  const refusal = guardRailRefusal(policy, anomaly, context);
  if (refusal) return refusal;
  const request = actionRequest(policy, anomaly, context.snapshot);
  if (request.type === "electLeaders" && request.params.partitions?.length === 0)
    return refused("nothing_to_do", "Every partition outside the policy's exclusions is led by its preferred replica");
  return planned(policy, request, admittedRails(policy, anomaly, context), context.now);
}

/** The first guard rail that refuses, in their fixed order (undefined: every one admits). */
function guardRailRefusal(policy: PolicySpec, anomaly: Anomaly, context: PolicyContext): PolicyDecision | undefined {
  const rails = policy.guardRails;
  if (context.paused) {
    const until = context.paused.until ? ` until ${context.paused.until.toISOString()}` : "";
    return refused("paused", `The autopilot is paused by ${context.paused.by}${until}: ${context.paused.reason}`);
  }
  if (anomaly.brokerId !== undefined && rails.excludeBrokers.includes(anomaly.brokerId))
    return refused("excluded_broker", `Broker ${anomaly.brokerId} is excluded by the policy`);
  const healthy = healthyBrokers(context.snapshot);
  if (healthy < rails.minHealthyBrokers)
    return refused(
      "too_few_healthy_brokers",
      `${healthy} healthy broker(s), fewer than the policy's minimum of ${rails.minHealthyBrokers}: nothing is touched`,
    );
  const other = context.operations[0];
  if (other) {
    const whose = isAutopilotActor(other.createdBy) ? other.createdBy : `a person (${other.createdBy})`;
    return refused("operation_active", `Operation ${other.id} (${other.type}) of ${whose} is ${other.status}`);
  }
  if (context.lastActionAt) {
    const ready = new Date(context.lastActionAt.getTime() + durationMs(rails.cooldown));
    if (context.now < ready)
      return refused(
        "cooldown",
        `Cooling down after the policy's last action (${rails.cooldown}) until ${ready.toISOString()}`,
      );
  }
  // A plan the service refused is tried again only after the cool-down: each try takes a fresh collection.
  const lastOwn = anomaly.events.findLast((e) => e.policy === policy.name);
  if (lastOwn?.reason?.code === "plan_failed") {
    const again = new Date(new Date(lastOwn.at).getTime() + durationMs(rails.cooldown));
    if (context.now < again)
      return refused("plan_failed", `${lastOwn.reason.message} (tried again after ${again.toISOString()})`);
  }
  const capability = OPERATION_TYPE_INFO[policy.action.type].capability;
  if (context.capabilities?.[capability] === false)
    return refused("capability_missing", `The cluster does not offer ${capability}, which ${policy.action.type} needs`);
  return undefined;
}

/** The guard rails the anomaly passed, as checked: the operation's explanation. */
function admittedRails(policy: PolicySpec, anomaly: Anomaly, context: PolicyContext): string[] {
  const rails = policy.guardRails;
  return [
    `persisted ${policy.trigger.for} (first seen ${anomaly.firstSeenAt})`,
    "not paused",
    ...(anomaly.brokerId !== undefined && rails.excludeBrokers.length > 0
      ? [`broker ${anomaly.brokerId} not excluded`]
      : []),
    `${healthyBrokers(context.snapshot)} healthy broker(s), at least ${rails.minHealthyBrokers}`,
    "no other operation planned or running on the cluster",
    context.lastActionAt
      ? `cool-down of ${rails.cooldown} over since ${context.lastActionAt.toISOString()}`
      : "no earlier action of the policy on the cluster",
    `${OPERATION_TYPE_INFO[policy.action.type].capability} offered`,
  ];
}

/**
 * The operation planned: confirmed by the policy only in auto mode, inside a window, and never when irreversible
 * (then proposed for a person).
 */
function planned(policy: PolicySpec, request: PlanOperationRequest, admitted: string[], now: Date): PolicyDecision {
  const rails = policy.guardRails;
  if (isIrreversible(request))
    return {
      kind: "plan",
      request,
      confirm: false,
      reason: reason("irreversible", "Irreversible: a person confirms"),
      admitted,
    };
  if (policy.mode === "propose") return { kind: "plan", request, confirm: false, admitted };
  if (!inWindows(rails.windows, rails.timeZone, now)) {
    const opens = nextOpening(rails.windows, rails.timeZone, now);
    const when = opens ? `; the next window opens at ${opens.toISOString()}` : "";
    return {
      kind: "plan",
      request,
      confirm: false,
      reason: reason("outside_window", `Outside the policy's windows (${rails.timeZone})${when}: proposed only`),
      admitted,
    };
  }
  const window = rails.windows.length === 0 ? "no window set: any time" : `inside a window (${rails.timeZone})`;
  return { kind: "plan", request, confirm: true, admitted: [...admitted, window] };
}

/**
 * A plan a four-eyes rule holds for (its `approval`) is never confirmed by the policy that planned it: it waits for a
 * person, who is not its planner, and the reason says who may approve it.
 */
export function awaitingApproval(planned: Pick<Operation, "approval">): AutopilotReason | undefined {
  if (!planned.approval) return undefined;
  return reason(
    "approval_required",
    `A four-eyes rule holds for this plan: ${planned.approval.approvers} confirms it, never the policy`,
  );
}

/** What admission reads of a planned operation: the data it moves and its moves (every one, not a page). */
export interface PlannedFacts {
  dataToMoveBytes?: number;
  moves?: readonly Pick<Move, "topic" | "from" | "to">[];
}

/** Admission of a plan: refused with a reason, or admitted with the guard rails it passed. */
export type Admission = { reason: AutopilotReason } | { reason?: undefined; admitted: string[] };

/**
 * The guard rails that need the plan: it moves no excluded topic and touches no excluded broker, and its bytes fit
 * the cap per action and what is left of the cap per 24 h (`movedLast24hBytes`: the policy's actions' bytes in the 24 h
 * before now). Refused: the plan stays for a person.
 */
export function admitPlan(policy: PolicySpec, planned: PlannedFacts, movedLast24hBytes: number): Admission {
  const rails = policy.guardRails;
  const topics = new Set(rails.excludeTopics);
  const brokers = new Set(rails.excludeBrokers);
  const moves = planned.moves ?? [];
  const topic = moves.find((m) => topics.has(m.topic));
  if (topic)
    return { reason: reason("excluded_topic", `The plan moves topic ${topic.topic}, which the policy excludes`) };
  const broker = moves.flatMap((m) => [...m.from, ...m.to].filter((id) => !(m.from.includes(id) && m.to.includes(id))));
  const touched = broker.find((id) => brokers.has(id));
  if (touched !== undefined)
    return {
      reason: reason(
        "excluded_broker",
        `The plan moves replicas to or from broker ${touched}, which the policy excludes`,
      ),
    };
  const bytes = planned.dataToMoveBytes ?? 0;
  const admitted: string[] = [];
  if (topics.size > 0 || brokers.size > 0) admitted.push("moves no excluded topic or broker");
  if (rails.maxBytesPerAction !== undefined) {
    if (bytes > rails.maxBytesPerAction)
      return {
        reason: reason(
          "over_action_cap",
          `The plan moves ${bytes} bytes, more than the policy's cap of ${rails.maxBytesPerAction} per action`,
        ),
      };
    admitted.push(`moves ${bytes} bytes, within the cap of ${rails.maxBytesPerAction} per action`);
  }
  if (rails.maxBytesPer24h !== undefined) {
    if (movedLast24hBytes + bytes > rails.maxBytesPer24h)
      return {
        reason: reason(
          "over_daily_cap",
          `The plan moves ${bytes} bytes; with ${movedLast24hBytes} moved in the last 24 h that is more than the policy's cap of ${rails.maxBytesPer24h}`,
        ),
      };
    admitted.push(`${movedLast24hBytes + bytes} bytes in 24 h, within the cap of ${rails.maxBytesPer24h}`);
  }
  return { admitted };
}
