import type { OperationState } from "@kcp/operation-lifecycle";
import { MOVES_SHOWN, type Plan } from "@kcp/shared";
import { isPartRef, type PartRef, type Store } from "@kcp/store";
import { movesPage } from "./operation-view.js";

const isContainer = (value: unknown): value is object => typeof value === "object" && value !== null;

/** Whether a reference is somewhere in `value` (a document read with `parts: "refs"` is small). */
function holdsRef(value: unknown): boolean {
  if (!isContainer(value)) return false;
  if (isPartRef(value)) return true;
  return (Array.isArray(value) ? value : Object.values(value)).some(holdsRef);
}

/**
 * `value` with each reference in it, wherever it is, replaced by its first MOVES_SHOWN items, and — in an object, when
 * it has more — `<name>Total` beside it: no reference ever reaches an answer, whichever field was large enough to be
 * stored apart (the plan's moves, a desired state's changes, a step's args or the detail it recorded).
 */
async function heads(value: unknown, head: (ref: PartRef) => Promise<unknown[]>): Promise<unknown> {
  if (isPartRef(value)) return head(value);
  if (!holdsRef(value)) return value;
  if (Array.isArray(value)) return Promise.all(value.map((item) => heads(item, head)));
  const out: Record<string, unknown> = {};
  for (const [name, child] of Object.entries(value as Record<string, unknown>)) {
    out[name] = await heads(child, head);
    if (isPartRef(child) && (child.items ?? 0) > MOVES_SHOWN) out[`${name}Total`] = child.items;
  }
  return out;
}

/**
 * A record read with `parts: "refs"` made ready for `operationView`: each array left in the store becomes its first
 * MOVES_SHOWN items, read from the chunks that hold them, with its length beside it (`plan.movesTotal`, always;
 * `<name>Total` elsewhere) — what the view shows of it anyway.
 */
export async function withHeads(store: Store, record: OperationState): Promise<OperationState> {
  const doc = record.document;
  const head = async (ref: PartRef) => (await store.operations.readItems(record.id, ref, 0, MOVES_SHOWN)).items;
  let plan = doc.plan;
  const moves: unknown = plan?.moves;
  if (isPartRef(moves))
    plan = { ...plan, moves: (await head(moves)) as typeof plan.moves, movesTotal: moves.items ?? 0 };
  const shown = (await heads({ ...doc, plan }, head)) as OperationState["document"];
  return { ...record, document: shown };
}

/** Items `offset`.. of the plan's moves, whether left in the store (read from their chunks) or at hand, and how many. */
export async function planMovesPage(store: Store, record: OperationState, offset: number, limit: number) {
  const moves: unknown = record.document.plan?.moves;
  if (!isPartRef(moves)) return movesPage(record, offset, limit);
  const page = await store.operations.readItems(record.id, moves, offset, limit);
  return { moves: page.items as NonNullable<Plan["moves"]>, total: page.total };
}
