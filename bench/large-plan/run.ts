/**
 * bench:large-plan — an operation of a rebalance plan of 200k and 1M moves in both stores: its
 * create, and then, each in a new process, the light read the worker, GET /operations/{id} and the list make, a step's
 * progress written back, the first and a middle page of moves, the step's moves the worker loads to run it; beside
 * the reference measured in the same run: the whole read (what every read of the operation cost before) and the whole
 * document's serialisation (what each progress write of the embedded store cost before).
 *
 *   npm run bench:large-plan -- [--moves 200000,1000000] [--stores embedded,mongo]
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startMongo } from "@kcp/test-infra";
import { runNodeScript, seconds, table } from "../common/report.js";

const option = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const sizes = option("moves", "200000,1000000").split(",").map(Number);
const stores = option("stores", "embedded,mongo").split(",");
const phase = join(dirname(fileURLToPath(import.meta.url)), "phase.ts");
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=8192`.trim();

type Figures = Record<string, number>;
const ms = (value: number | undefined) => (value === undefined ? "-" : value < 1000 ? `${value} ms` : seconds(value));

const mongo = stores.includes("mongo") ? await startMongo() : undefined;
try {
  for (const kind of stores) {
    for (const moves of sizes) {
      const dir = mkdtempSync(join(tmpdir(), "kcp-large-plan-"));
      const location = kind === "mongo" ? (mongo?.url as string) : dir;
      const dbName = `large_${randomUUID().replaceAll("-", "")}`;
      const id = randomUUID();
      const run = (name: string) => runNodeScript<Figures>(phase, [kind, location, dbName, id, String(moves), name]);
      try {
        const create = await run("create");
        const light = await run("light");
        const full = await run("full");
        table(`${kind} store, a plan of ${moves.toLocaleString("en")} moves (each phase a new process)`, [
          ["create (plan + step moves stored)", ms(create.create)],
          ["first light read (status, steps, progress)", `${ms(light.lightRead)} (${light.lightChars} characters)`],
          ["step started (light read + write)", ms(light.stepStart)],
          ["progress report (light read + write)", ms(light.progress)],
          ["moves page 0-999 (GET /operations/{id})", ms(light.firstPage)],
          [`moves page at ${moves / 2} (GET …/moves)`, `${ms(light.middlePage)} (${light.pageItems} moves)`],
          ["list of the cluster's operations (light)", ms(light.listLight)],
          ["the step's moves loaded (worker, at execute)", `${ms(light.stepArgs)} (${light.stepMoves} moves)`],
          ["reference: first whole read (as every read before)", `${ms(full.fullRead)} (${full.fullMoves} moves)`],
          ["reference: whole document serialised (embedded write before)", ms(full.wholeText)],
          ["peak process RSS: light / whole read", `${light.rssMiB} / ${full.rssMiB} MiB`],
        ]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
} finally {
  await mongo?.stop();
}
