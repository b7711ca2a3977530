import type { OperationState } from "@kcp/operation-lifecycle";
import { MOVES_SHOWN, type Plan } from "@kcp/shared";
import { isPartRef, type PartRef, type Store } from "@kcp/store";
import { movesPage } from "./operation-view.js";

/**
 * A record read with `parts: "refs"` made ready for `operationView`: each array left in the store (the plan's moves,
 * long lists of step args) becomes its first MOVES_SHOWN items, read from the chunks that hold them, with its length
 * beside it (`plan.movesTotal`, `<name>Total`) — what the view shows of it anyway.
 */
export async function withHeads(store: Store, record: OperationState): Promise<OperationState> {
  const doc = record.document;
  const head = async (ref: PartRef) => (await store.operations.readItems(record.id, ref, 0, MOVES_SHOWN)).items;
  let plan = doc.plan;
  const moves: unknown = plan?.moves;
  if (isPartRef(moves))
    plan = { ...plan, moves: (await head(moves)) as typeof plan.moves, movesTotal: moves.items ?? 0 };
  const steps = await Promise.all(
    (doc.steps ?? []).map(async (step) => {
      const args = step.args as Record<string, unknown> | undefined;
      if (!args || typeof args !== "object" || !Object.values(args).some(isPartRef)) return step;
      const shown: Record<string, unknown> = { ...args };
      for (const [name, value] of Object.entries(args)) {
        if (!isPartRef(value)) continue;
        shown[name] = await head(value);
        if ((value.items ?? 0) > MOVES_SHOWN) shown[`${name}Total`] = value.items;
      }
      return { ...step, args: shown };
    }),
  );
  return { ...record, document: { ...doc, plan, steps } };
}

/** Items `offset`.. of the plan's moves, whether left in the store (read from their chunks) or at hand, and how many. */
export async function planMovesPage(store: Store, record: OperationState, offset: number, limit: number) {
  const moves: unknown = record.document.plan?.moves;
  if (!isPartRef(moves)) return movesPage(record, offset, limit);
  const page = await store.operations.readItems(record.id, moves, offset, limit);
  return { moves: page.items as NonNullable<Plan["moves"]>, total: page.total };
}
