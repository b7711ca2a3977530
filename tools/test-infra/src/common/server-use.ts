/**
 * What the test file running now started or used of the test servers. The test reporter clears the record when a file
 * begins and reads it when the file ends (tools/mocha-summary-reporter.cjs), so a measured run says which files need
 * no server at all — `npm run test:quick` runs those — and which shared servers each file uses, so that the files
 * that share a cluster can run in one process (tools/test-infra/src/runner/shards.ts). Under `test:quick`
 * (KCP_QUICK=1) a server is refused outright, so a file that starts to need one fails with a message saying so
 * instead of quietly slowing the inner loop down.
 */
const RECORD = Symbol.for("kcp.test-infra.server-use");

interface ServerUse {
  /** Any server or child process at all. */
  any: boolean;
  /** The shared instances used (sharedInstance keys: `kafka-3c3b-4.3.1`, `redis`, …). */
  shared: Set<string>;
}

function record(): ServerUse {
  const global = globalThis as Record<symbol, ServerUse | undefined>;
  global[RECORD] ??= { any: false, shared: new Set() };
  return global[RECORD];
}

/** A test server (`what`) is started or used; `shared` when it is a shared instance of that key. */
export function markServerUse(what: string, shared?: string): void {
  if (process.env.KCP_QUICK === "1")
    throw new Error(
      `${what} is a test server, which npm run test:quick does not start: this file needs the whole suite (npm test), ` +
        "and tools/test-infra/test-times.json should say so (npm run test:times)",
    );
  const use = record();
  use.any = true;
  if (shared !== undefined) use.shared.add(shared);
}

/** A child process was started (any command): the file is not one of the server-free ones. */
export function markChildProcess(): void {
  record().any = true;
}
