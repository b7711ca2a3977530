/**
 * The document the operation service stores for a rebalance of `count` partition moves (RF 3, one replica moved
 * each): the plan's moves and the reassign step's moves, as libs/operations builds them. Deterministic.
 */
export function largePlanDocument(count: number, brokers = 50): Record<string, unknown> {
  const moves = new Array(count);
  const reassign = new Array(count);
  for (let i = 0; i < count; i++) {
    const topic = `topic-${Math.floor(i / 200)}`;
    const partition = i % 200;
    const from = [1 + (i % brokers), 1 + ((i + 1) % brokers), 1 + ((i + 2) % brokers)];
    const to = [1 + ((i + 3) % brokers), from[1] as number, from[2] as number];
    const sizeBytes = (i * 7919) % 50_000_000_000;
    moves[i] = { topic, partition, from, to, sizeBytes, replicaMoves: 1, leaderChange: i % 3 === 0 };
    reassign[i] = { topic, partition, replicas: to, bytes: sizeBytes };
  }
  const step = (index: number, kind: string, args: unknown) => ({
    index,
    name: kind,
    kind,
    args,
    alwaysRun: false,
    status: "pending",
    startedAt: null,
    finishedAt: null,
  });
  return {
    summary: `Rebalance: ${count} replica move(s)`,
    params: {},
    plan: { summary: "Rebalance", warnings: [], irreversible: false, moves, dataToMoveBytes: 1 },
    details: {},
    irreversible: false,
    currentStep: 0,
    requestedAction: null,
    error: null,
    createdBy: "alice",
    confirmedBy: null,
    startedAt: null,
    finishedAt: null,
    steps: [
      step(0, "reassignPartitions", { moves: reassign, maxConcurrentMoves: 5 }),
      step(1, "electLeaders", { electionType: "preferred" }),
    ],
  };
}

type Doc = Record<string, unknown> & {
  plan: { moves: unknown[] };
  steps: ({ status: string; detail?: unknown } & Record<string, unknown>)[];
};
export const asPlanDocument = (document: Record<string, unknown>) => document as Doc;

/** The document with step `index` changed as the worker records it (a new steps array, the rest shared). */
export function withStep(document: Record<string, unknown>, index: number, change: Record<string, unknown>) {
  const doc = asPlanDocument(document);
  return { ...doc, steps: doc.steps.map((s, i) => (i === index ? { ...s, ...change } : s)) };
}

/** The reassign step's moves. */
export function stepMoves(document: Record<string, unknown>): unknown[] {
  const args = asPlanDocument(document).steps[0]?.args as { moves?: unknown[] } | undefined;
  return args?.moves ?? [];
}
