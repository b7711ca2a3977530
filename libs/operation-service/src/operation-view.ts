import { approvalView, type OperationState } from "@kcp/operation-lifecycle";
import { MOVES_SHOWN, type Operation, type Plan, type Step } from "@kcp/shared";

/**
 * The plan as an Operation shows it: at most the first MOVES_SHOWN moves, with `movesTotal` (the rest: /moves). A
 * record made ready by `withHeads` (its moves left in the store) holds the first moves and their total already.
 */
function shownPlan(plan: Plan): Plan {
  if (!plan.moves) return plan;
  const { moves, ...rest } = plan;
  const movesTotal = plan.movesTotal ?? moves.length;
  return { ...rest, moves: moves.length > MOVES_SHOWN ? moves.slice(0, MOVES_SHOWN) : moves, movesTotal };
}

/**
 * A step's args or an operation's params as an Operation shows them: each list longer than MOVES_SHOWN cut to its
 * first items, beside `<name>Total` (a list read from the store already is cut, its total beside it).
 */
function shownLists<T>(fields: T): T {
  if (!fields || typeof fields !== "object" || Array.isArray(fields)) return fields;
  const long = Object.entries(fields).filter(([, value]) => Array.isArray(value) && value.length > MOVES_SHOWN);
  if (long.length === 0) return fields;
  const cut = Object.fromEntries(
    long.flatMap(([name, value]) => [
      [name, (value as unknown[]).slice(0, MOVES_SHOWN)],
      [`${name}Total`, (value as unknown[]).length],
    ]),
  );
  return { ...fields, ...cut };
}

const shownStep = (step: Step): Step => ({ ...step, args: shownLists(step.args) });

/** The plan's moves from `offset`, at most `limit` of them, and how many there are (GET /operations/{id}/moves). */
export function movesPage(record: OperationState, offset: number, limit: number) {
  const moves = record.document.plan.moves ?? [];
  return { moves: moves.slice(offset, offset + limit), total: moves.length };
}

/** The four-eyes approval the operation needs, when a rule held for it at its plan. */
function approvalOf(record: OperationState): Pick<Operation, "approval"> {
  const doc = record.document;
  const approval = approvalView(doc.approval, record.status, doc.createdBy, doc.confirmedBy ?? null);
  return approval ? { approval } : {};
}

/**
 * The Operation resource of a stored record. Plans of any size (a million moves) stay answerable: the moves and
 * long lists of step args are cut (docs/api.md).
 */
export function operationView(record: OperationState): Operation {
  const doc = record.document;
  return {
    id: record.id,
    clusterId: record.clusterId,
    type: record.type as Operation["type"],
    status: record.status,
    summary: doc.summary,
    params: shownLists(doc.params),
    plan: shownPlan(doc.plan),
    details: doc.details,
    irreversible: doc.irreversible,
    currentStep: doc.currentStep,
    requestedAction: doc.requestedAction,
    error: doc.error,
    createdBy: doc.createdBy,
    confirmedBy: doc.confirmedBy ?? null,
    ...(doc.explanation ? { explanation: doc.explanation } : {}),
    ...approvalOf(record),
    createdAt: record.createdAt.toISOString(),
    expiresAt: record.expiresAt.toISOString(),
    startedAt: doc.startedAt,
    finishedAt: doc.finishedAt,
    updatedAt: record.updatedAt.toISOString(),
    steps: doc.steps.map(shownStep),
  };
}
