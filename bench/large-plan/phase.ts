/**
 * One phase of bench:large-plan in its own process (nothing cached from another phase):
 * `phase.ts <embedded|mongo> <dir|url> <dbName> <operation id> <moves> <create|light|full>`. Prints its figures as
 * JSON on its last line.
 */
import { EmbeddedStore, MongoStore, type OperationRecord, type PartRef, type Store } from "@kcp/store";
import { asPlanDocument, largePlanDocument, withStep } from "../../libs/store/test/large-plan.js";

const [kind, location, dbName, id, movesArg, phase] = process.argv.slice(2);
const MOVES = Number(movesArg);
const LIGHT = { parts: "refs" } as const;
const figures: Record<string, number> = {};

async function timed<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  const result = await work();
  figures[name] = Math.round(performance.now() - started);
  return result;
}

const open = (): Promise<Store> =>
  kind === "mongo"
    ? MongoStore.open({ url: location as string, dbName: dbName as string })
    : Promise.resolve(new EmbeddedStore(location as string));

/** A step's progress as the worker records it: the operation read light, changed, written back with its references. */
async function update(store: Store, change: (d: Record<string, unknown>) => Record<string, unknown>) {
  const current = (await store.operations.findById(id as string, LIGHT)) as OperationRecord;
  return store.operations.transition(
    id as string,
    { from: [current.status], version: current.version },
    { document: change(current.document) },
    LIGHT,
  );
}

const store = await timed("open", open);
try {
  if (phase === "create") {
    const document = await timed("generate", () => largePlanDocument(MOVES));
    await timed("create", () =>
      store.operations.create(
        {
          id: id as string,
          clusterId: "big",
          type: "rebalance",
          expiresAt: new Date(Date.now() + 3_600_000),
          document,
        },
        LIGHT,
      ),
    );
    const planned = (await store.operations.findById(id as string, LIGHT)) as OperationRecord;
    await store.operations.transition(id as string, { from: ["planned"] }, { status: "running" }, LIGHT);
    figures.planVersion = planned.version;
  } else if (phase === "light") {
    const record = (await timed("lightRead", () => store.operations.findById(id as string, LIGHT))) as OperationRecord;
    figures.lightChars = JSON.stringify(record.document).length;
    await timed("stepStart", () => update(store, (d) => withStep({ ...d, currentStep: 0 }, 0, { status: "running" })));
    await timed("progress", () =>
      update(store, (d) => ({ ...d, details: { movesDone: MOVES / 2, movesTotal: MOVES } })),
    );
    const ref = asPlanDocument(record.document).plan.moves as unknown as PartRef;
    await timed("firstPage", () => store.operations.readItems(id as string, ref, 0, 1000));
    const page = await timed("middlePage", () => store.operations.readItems(id as string, ref, MOVES / 2, 1000));
    figures.pageItems = page.items.length;
    await timed("listLight", () => store.operations.listByCluster("big", 20, LIGHT));
    const args = await timed("stepArgs", () =>
      store.operations.resolveParts(id as string, asPlanDocument(record.document).steps[0]?.args),
    );
    figures.stepMoves = (args as { moves: unknown[] }).moves.length;
  } else {
    const record = (await timed("fullRead", () => store.operations.findById(id as string))) as OperationRecord;
    figures.fullMoves = asPlanDocument(record.document).plan.moves.length;
    await timed("wholeText", () => JSON.stringify(record.document).length);
  }
  figures.rssMiB = Math.round(process.memoryUsage().rss / 1024 ** 2);
} finally {
  await store.stop();
}
process.stdout.write(`${JSON.stringify(figures)}\n`);
