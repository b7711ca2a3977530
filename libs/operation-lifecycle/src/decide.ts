import { AppError, type OperationStatus, type RequestedAction, type Step, type StepStatus } from "@kcp/shared";
import { approvalRefusal } from "./approval.js";
import { type OperationDocument, type OperationState, PLAN_EXPIRED, PLAN_EXPIRED_ERROR } from "./document.js";
import { finalStepStatus } from "./next-move.js";
import { type FinalStatus, isActive } from "./statuses.js";
import { acceptsAction, canTransition, canTransitionStep } from "./transitions.js";

/** How a step's run ended: done, failed, or left to run again (interrupted, or a pause the step itself asks for). */
export type StepOutcome =
  | { status: "succeeded"; detail: unknown }
  | { status: "failed"; error: string }
  | { status: "pending"; detail: unknown; pauseReason?: string };

/**
 * Everything that can happen to an operation after it is planned. The API's: `confirm`, `request` (pause, resume,
 * cancel); the sweep's and a late confirm's: `expire`; the worker's: `start`, `pause` and `resume` (honouring a
 * request), `stepStart`, `stepEnd`, `checkpoint` and `report` (a step's progress), `finish`. Times come in the event:
 * `decide` reads no clock.
 */
export type OperationEvent =
  | { kind: "confirm"; by: string; confirmName?: string | undefined; clusterName: string }
  | { kind: "request"; action: RequestedAction; at: Date }
  | { kind: "expire"; at: Date }
  | { kind: "start"; at: Date }
  | { kind: "pause" }
  | { kind: "resume" }
  | { kind: "stepStart"; index: number; at: Date }
  | { kind: "stepEnd"; index: number; outcome: StepOutcome; at: Date }
  | { kind: "checkpoint"; index: number; detail: unknown }
  | { kind: "report"; details: Record<string, unknown> }
  | { kind: "finish"; status: FinalStatus; reason?: string; at: Date };

/** An audit entry the system writes for a move it made on its own (a user's requests are audited by the gateway). */
export interface AuditNote {
  action: string;
  detail: Record<string, unknown>;
  result: "success" | "failure";
  /** Whose change it is, when a person's (the operation's confirmer): the worker's own moves name the worker. */
  actor?: string;
  /** What it was done to, when not the operation itself (a credential: `user/mechanism`, as its direct route). */
  target?: string;
}

/** The credentials a finished step set or deleted, each by the route action that would have done it directly. */
const CREDENTIAL_STEPS: Partial<Record<string, "scram.upsert" | "scram.delete">> = {
  setScramCredentials: "scram.upsert",
  deleteScramCredentials: "scram.delete",
};

/**
 * A credential changed by an operation is audited as the direct route would audit it — `scram.upsert` or
 * `scram.delete`, one entry per credential, by the person who confirmed the operation — beside the step's own entry.
 */
function credentialAudits(operation: OperationState, step: { kind: string; args: unknown }): AuditNote[] {
  const { document } = operation;
  const action = CREDENTIAL_STEPS[step.kind];
  const credentials = (step.args as { credentials?: unknown } | null)?.credentials;
  if (!action || !Array.isArray(credentials)) return [];
  return (credentials as { user: string; mechanism: string }[]).map(({ user, mechanism }) => ({
    action,
    detail: { operationId: operation.id, plannedBy: document.createdBy, mechanism },
    result: "success",
    ...(document.confirmedBy ? { actor: document.confirmedBy } : {}),
    target: `${user}/${mechanism}`,
  }));
}

export type Decision =
  /** The operation's next status and document; `audits` to write once stored; `enqueue`: a worker must look at it. */
  | { kind: "change"; status: OperationStatus; document: OperationDocument; audits: AuditNote[]; enqueue: boolean }
  /** The event no longer applies to the operation as it is now (another writer made the move first): nothing to do. */
  | { kind: "none" }
  /** The event is not allowed now; the error says why (its code maps to the HTTP answer). */
  | { kind: "refused"; error: AppError };

const NONE: Decision = { kind: "none" };
const refused = (error: AppError): Decision => ({ kind: "refused", error });
const iso = (at: Date) => at.toISOString();

function withStep(document: OperationDocument, index: number, change: Partial<Step>): OperationDocument {
  return { ...document, steps: document.steps.map((s) => (s.index === index ? { ...s, ...change } : s)) };
}

const skipAll = (steps: Step[]) => steps.map((step) => ({ ...step, status: "skipped" as const }));

/**
 * The change, after checking it against the transition tables: a status move the table does not list, or a step moved
 * in a way the step table does not list, is refused as an internal error (a bug in `decide`, never a user's fault).
 */
function change(
  operation: OperationState,
  status: OperationStatus,
  document: OperationDocument,
  effects: { audits?: AuditNote[]; enqueue?: boolean } = {},
): Decision {
  if (status !== operation.status && !canTransition(operation.status, status))
    return refused(
      new AppError("internal", `Operation ${operation.id}: ${operation.status} → ${status} is not a move`),
    );
  for (const step of document.steps) {
    const before = operation.document.steps[step.index]?.status as StepStatus | undefined;
    if (before && before !== step.status && !canTransitionStep(before, step.status))
      return refused(
        new AppError("internal", `Operation ${operation.id}, step ${step.index}: ${before} → ${step.status}`),
      );
  }
  return { kind: "change", status, document, audits: effects.audits ?? [], enqueue: effects.enqueue ?? false };
}

/**
 * Why an operation that is no longer `planned` cannot be confirmed: a plan the expiry sweep has already ended is
 * still an expired plan (410 plan_expired, as a confirm that finds it expired first answers), anything else (a
 * confirmed, running or cancelled operation) is 409 conflict.
 */
export function notConfirmable(operation: OperationState): AppError {
  if (operation.status === "cancelled" && operation.document.reason?.code === "plan_expired") return planExpired();
  return new AppError("conflict", `Operation ${operation.id} is ${operation.status}, not planned`);
}

export const planExpired = () =>
  new AppError("plan_expired", "The plan expired (15 minutes after planning): plan the operation again");

function finalError(status: FinalStatus, document: OperationDocument): string | null {
  if (status === "cancelled") return "cancelled on request";
  if (status === "succeeded") return null;
  const failed = document.steps.find((s) => s.status === "failed");
  return failed ? `Step ${failed.index + 1} (${failed.name}) failed: ${failed.error ?? "unknown error"}` : "failed";
}

function request(operation: OperationState, action: RequestedAction, at: Date): Decision {
  const { status, document, id } = operation;
  if (action === "cancel" && status === "planned")
    return change(operation, "cancelled", {
      ...document,
      error: "cancelled before it was confirmed",
      finishedAt: iso(at),
      steps: skipAll(document.steps),
    });
  // A resume withdraws a pause not yet honoured.
  if (action === "resume" && status === "running" && document.requestedAction === "pause")
    return change(operation, status, { ...document, requestedAction: null }, { enqueue: true });
  if (!acceptsAction(status, action))
    return refused(new AppError("conflict", `Operation ${id} is ${status}: it cannot be ${action}d`));
  if (document.requestedAction === "cancel" && action !== "cancel")
    return refused(new AppError("conflict", `Operation ${id} is being cancelled`));
  return change(operation, status, { ...document, requestedAction: action }, { enqueue: true });
}

function stepEnd(operation: OperationState, index: number, outcome: StepOutcome, at: Date): Decision {
  const { status, document } = operation;
  const step = document.steps[index];
  if (step?.status !== "running") return NONE;
  const { pauseReason, ...written } = outcome.status === "pending" ? outcome : { ...outcome, pauseReason: undefined };
  const next = withStep(document, index, { ...written, finishedAt: written.status === "pending" ? null : iso(at) });
  const audits: AuditNote[] = [
    {
      action: "operation.step",
      detail: { index, name: step.name, kind: step.kind, ...outcome },
      result: outcome.status === "succeeded" ? "success" : "failure",
    },
    ...(outcome.status === "succeeded" ? credentialAudits(operation, step) : []),
  ];
  // A step that must not go on pauses the operation with its reason, unless a cancel came in meanwhile.
  if (pauseReason !== undefined && status === "running" && document.requestedAction !== "cancel") {
    audits.push({ action: "operation.pause", detail: { reason: pauseReason, step: index }, result: "success" });
    return change(operation, "paused", { ...next, requestedAction: null, error: pauseReason }, { audits });
  }
  return change(operation, status, next, { audits });
}

function finish(operation: OperationState, status: FinalStatus, reason: string | undefined, at: Date): Decision {
  if (!isActive(operation.status)) return NONE;
  const steps = operation.document.steps.map((s) => {
    const final = finalStepStatus(s.status);
    return final === s.status ? s : { ...s, status: final, ...(final === "failed" ? { error: "interrupted" } : {}) };
  });
  const document = { ...operation.document, steps, requestedAction: null, finishedAt: iso(at) };
  const error = reason ?? finalError(status, document);
  return change(
    operation,
    status,
    { ...document, error },
    {
      audits: [
        { action: "operation.finish", detail: { error }, result: status === "succeeded" ? "success" : "failure" },
      ],
    },
  );
}

/**
 * A confirm: only of a plan; not by its planner when a four-eyes rule holds for it (whichever way the confirm comes,
 * a person's request or the autopilot); with the cluster's name typed back when irreversible.
 */
function confirm(operation: OperationState, event: Extract<OperationEvent, { kind: "confirm" }>): Decision {
  const { status, document } = operation;
  if (status !== "planned") return refused(notConfirmable(operation));
  const unapproved = approvalRefusal(document.approval, document.createdBy, event.by);
  if (unapproved) return refused(unapproved);
  if (document.irreversible && event.confirmName !== event.clusterName)
    return refused(
      new AppError(
        "confirmation_mismatch",
        "This operation is irreversible: confirm it with confirmName equal to the cluster's name",
      ),
    );
  return change(operation, "pending", { ...document, confirmedBy: event.by }, { enqueue: true });
}

/**
 * Pure: what an event does to an operation as it is now — its next status and document with the effects to carry
 * out, nothing (the move was already made), or a refusal. Every move is checked against OPERATION_TRANSITIONS and
 * STEP_TRANSITIONS; every refusal is an AppError made here.
 */
export function decide(operation: OperationState, event: OperationEvent): Decision {
  const { status, document } = operation;
  switch (event.kind) {
    case "confirm":
      return confirm(operation, event);
    case "request":
      return request(operation, event.action, event.at);
    case "expire":
      if (status !== "planned" || event.at.getTime() < operation.expiresAt.getTime()) return NONE;
      return change(
        operation,
        "cancelled",
        {
          ...document,
          error: PLAN_EXPIRED_ERROR,
          reason: PLAN_EXPIRED,
          finishedAt: iso(event.at),
          steps: skipAll(document.steps),
        },
        { audits: [{ action: "operation.expire", detail: { error: PLAN_EXPIRED_ERROR }, result: "success" }] },
      );
    case "start":
      if (status !== "pending") return NONE;
      return change(operation, "running", { ...document, startedAt: iso(event.at) }, { audits: [audit("start")] });
    case "pause":
      if (status !== "running" || document.requestedAction !== "pause") return NONE;
      return change(operation, "paused", { ...document, requestedAction: null }, { audits: [audit("pause")] });
    case "resume":
      if (status !== "paused" || !(document.requestedAction === "resume" || document.requestedAction === "cancel"))
        return NONE;
      // A pause a step decided (its reason in `error`) is over once resumed; a cancel is kept for the cleanup steps.
      return change(
        operation,
        "running",
        { ...document, requestedAction: document.requestedAction === "cancel" ? "cancel" : null, error: null },
        { audits: [audit("resume")] },
      );
    case "stepStart": {
      const step = document.steps[event.index];
      if (!step || status !== "running" || !(step.status === "pending" || step.status === "running")) return NONE;
      // A step found running was left so by a worker that died: it runs again from its first start.
      const again = step.status === "running";
      return change(
        operation,
        status,
        withStep({ ...document, currentStep: event.index }, event.index, {
          status: "running",
          startedAt: again && step.startedAt ? step.startedAt : iso(event.at),
        }),
      );
    }
    case "stepEnd":
      return stepEnd(operation, event.index, event.outcome, event.at);
    case "checkpoint":
      if (document.steps[event.index]?.status !== "running") return NONE;
      return change(operation, status, withStep(document, event.index, { detail: event.detail }));
    case "report":
      return change(operation, status, { ...document, details: { ...document.details, ...event.details } });
    case "finish":
      return finish(operation, event.status, event.reason, event.at);
  }
}

const audit = (move: "start" | "pause" | "resume"): AuditNote => ({
  action: `operation.${move}`,
  detail: {},
  result: "success",
});
