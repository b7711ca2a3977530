import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFileSync, openSync } from "node:fs";
import { mkdir, readdir, readFile, rm, stat, utimes } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cacheDir, repoRoot, withBudget, withFileLock } from "../common/index.js";
import { CLIENT_NAMES, type ClientName, type ClientOutcome, generateClient, operationIdsOf } from "./clients.js";
import { checkClientPrerequisites, clientsCacheDir, writeFileAtomic } from "./tools.js";

const here = dirname(fileURLToPath(import.meta.url));

/** The clients of one document: each one's outcome, and where they are. */
export interface PreparedClients {
  /** The digest naming the cache folder: of the document, the generators' versions and this harness's recipe. */
  digest: string;
  dir: string;
  operationIds: string[];
  clients: Record<ClientName, ClientOutcome>;
}

/**
 * The cache key: the document as JSON (key order kept, whitespace not), and the text of the modules that say how
 * clients are generated and built (so a changed recipe generates again, whatever the document).
 */
async function digestOf(document: unknown): Promise<string> {
  const hash = createHash("sha256").update(JSON.stringify(document));
  for (const file of ["clients", "tools"]) {
    const source = await readFile(join(here, `${file}.ts`), "utf8").catch(() =>
      readFile(join(here, `${file}.js`), "utf8"),
    );
    hash.update(source);
  }
  return hash.digest("hex").slice(0, 20);
}

const outcomeFile = (dir: string, client: ClientName) => join(dir, `${client}.json`);

async function cachedOutcome(dir: string, client: ClientName): Promise<ClientOutcome | undefined> {
  try {
    return JSON.parse(await readFile(outcomeFile(dir, client), "utf8")) as ClientOutcome;
  } catch {
    return undefined;
  }
}

export interface PrepareOptions {
  /** How long to wait for another process (the run's background preparation) preparing the same document. */
  waitMs?: number;
  /** Progress lines (default: stderr). */
  log?: (line: string) => void;
}

/**
 * Generates and builds every client of `document` once, into `~/.cache/kcp/test-infra/openapi-clients/clients/<digest>`
 * (one client after the other, under a lock on the digest, so concurrent runs and the run's background preparation do
 * the work once), and answers each client's outcome. A client already in the cache is not generated again.
 */
export async function prepareGeneratedClients(
  document: unknown,
  options: PrepareOptions = {},
): Promise<PreparedClients> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const digest = await digestOf(document);
  const dir = join(clientsCacheDir(), "clients", digest);
  const operationIds = operationIdsOf(document);
  const read = async () => {
    const found = await Promise.all(CLIENT_NAMES.map((client) => cachedOutcome(dir, client)));
    return found.every((outcome) => outcome !== undefined)
      ? (Object.fromEntries(found.map((outcome) => [outcome.client, outcome])) as Record<ClientName, ClientOutcome>)
      : undefined;
  };
  const done = await read();
  if (done) {
    await markUsed(dir);
    return { digest, dir, operationIds, clients: done };
  }
  await checkClientPrerequisites();
  await withFileLock(
    join(cacheDir, "locks", `openapi-clients-${digest}`),
    async () => {
      await mkdir(dir, { recursive: true });
      const documentFile = join(dir, "openapi.json");
      await writeFileAtomic(documentFile, `${JSON.stringify(document, null, 2)}\n`);
      for (const client of CLIENT_NAMES) {
        if (await cachedOutcome(dir, client)) continue;
        log(`test-infra: generating the ${client} client of the OpenAPI document ${digest}`);
        // A generator's JVM and a compiler: a build's share of the machine's budget (common/budget.ts).
        const outcome = await withBudget("build", `the ${client} client's generation and build`, () =>
          generateClient(client, documentFile, operationIds, join(dir, client)),
        );
        await writeFileAtomic(outcomeFile(dir, client), `${JSON.stringify(outcome, null, 2)}\n`);
        log(
          `test-infra: ${client} client ${outcome.ok ? "built" : `failed at ${outcome.failedAt}`} in ${outcome.seconds} s`,
        );
      }
    },
    // A holder that died is seen by its pid; age alone must not take the lock from a slow one that still works.
    3 * 60 * 60_000,
    options.waitMs ?? 25 * 60_000,
  );
  const clients = await read();
  if (!clients) throw new Error(`the generated clients of ${digest} are not all in ${dir}`);
  await markUsed(dir);
  return { digest, dir, operationIds, clients };
}

/** A document's clients unused this long are removed (each document's five take about 40 MB). */
const UNUSED_MS = 14 * 24 * 60 * 60_000;

/** Marks a document's clients as used now (the folder's time), and removes those of documents unused for long. */
async function markUsed(dir: string): Promise<void> {
  const now = new Date();
  await utimes(dir, now, now).catch(() => {});
  const parent = join(dir, "..");
  for (const name of await readdir(parent).catch(() => [] as string[])) {
    const other = join(parent, name);
    const used = await stat(other).then(
      (s) => s.mtimeMs,
      () => now.getTime(),
    );
    if (other !== dir && now.getTime() - used > UNUSED_MS) await rm(other, { recursive: true, force: true });
  }
}

/**
 * Starts the preparation of this checkout's document's clients in a process of its own (for the test runner, as the
 * tests start), writing to `logFile`; its own process group, so that the caller can stop it with everything it started
 * when the run ends first.
 */
export function startClientPreparation(logFile: string): ChildProcess {
  const log = openSync(logFile, "a");
  // Niced: the tests running meanwhile have time limits, the preparation has none to speak of.
  const node = [process.execPath, "--conditions=source", "--import", "tsx", join(here, "prepare-main.ts")];
  const child = spawn("nice", ["-n", "10", ...node], {
    cwd: repoRoot,
    env: { ...process.env, NO_COLOR: "1" },
    stdio: ["ignore", log, log],
    detached: true,
  });
  // A preparation that cannot start is only a cache left cold: the test generates what it needs itself.
  child.on("error", (error) => appendFileSync(logFile, `the preparation did not start: ${error.message}\n`));
  return child;
}
