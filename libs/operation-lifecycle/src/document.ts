import type { Operation, Plan, Step } from "@kcp/shared";
import type { OperationRecord } from "@kcp/store";
import type { PlannedApproval } from "./approval.js";

/**
 * What an operation record keeps besides id, cluster, type, status and times. In a record read with `parts: "refs"`
 * (`LIGHT`: what the worker, the API and `apply` read) its large arrays — `plan.moves`, a reassign step's
 * `args.moves` — are `PartRef`s, loaded where needed (`resolveParts`, `readItems`).
 */
export interface OperationDocument {
  summary: string;
  params: Record<string, unknown>;
  plan: Plan;
  details: Record<string, unknown>;
  irreversible: boolean;
  currentStep: number;
  requestedAction: Operation["requestedAction"];
  error: string | null;
  /** Why it ended, for code to act on (`error` says it for people): a plan that expired unconfirmed. */
  reason?: EndReason;
  createdBy: string;
  /** Who confirmed it (null while planned). */
  confirmedBy: string | null;
  /** Planned by the autopilot: why. */
  explanation?: Operation["explanation"];
  /** A four-eyes rule holds for the plan (decided when planned): another person than `createdBy` confirms it. */
  approval?: PlannedApproval;
  startedAt: string | null;
  finishedAt: string | null;
  steps: Step[];
}

/** Why an operation ended, as data: a code to act on and its message. */
export interface EndReason {
  code: "plan_expired";
  message: string;
}

/** An operation as stored, its document typed. The store keeps documents untyped; this is the one place they meet. */
export type OperationState = Omit<OperationRecord, "document"> & { document: OperationDocument };

/** Reads that leave a plan's large arrays in the store (`PartRef`): what status, steps and progress need. */
export const LIGHT = { parts: "refs" } as const;

export const PLAN_EXPIRED_ERROR = "plan_expired: the plan was not confirmed within 15 minutes";
/** The reason an expired plan keeps: what a later confirm reads to answer 410 plan_expired. */
export const PLAN_EXPIRED: EndReason = {
  code: "plan_expired",
  message: "The plan was not confirmed within 15 minutes",
};

/**
 * A stored record typed. A plan that expired before reasons were stored has only the error it was given then
 * (exactly PLAN_EXPIRED_ERROR): it is read with the reason it would have now.
 */
export function typed(record: OperationRecord): OperationState {
  const state = record as unknown as OperationState;
  const { document } = state;
  if (state.status !== "cancelled" || document.reason !== undefined || document.error !== PLAN_EXPIRED_ERROR)
    return state;
  return { ...state, document: { ...document, reason: PLAN_EXPIRED } };
}

export const stored = (document: OperationDocument): Record<string, unknown> =>
  document as unknown as Record<string, unknown>;

/** The document of a new plan: nothing confirmed, started, requested or failed yet; every step `pending`. */
export function plannedDocument(
  plan: Pick<
    OperationDocument,
    "summary" | "params" | "plan" | "irreversible" | "createdBy" | "steps" | "explanation" | "approval"
  >,
): OperationDocument {
  return {
    ...plan,
    details: {},
    currentStep: 0,
    requestedAction: null,
    error: null,
    confirmedBy: null,
    startedAt: null,
    finishedAt: null,
  };
}
