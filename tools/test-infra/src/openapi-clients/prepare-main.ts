import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "../common/index.js";
import { prepareGeneratedClients } from "./prepare.js";

/**
 * The run's background preparation (started by run-tests.ts): the clients of this checkout's OpenAPI document,
 * generated and built into the cache while the other tests run, so that services/standalone/test/generated-clients.test.ts
 * finds them there. Its outcome is only logged: the test reports what failed.
 */
const started = Date.now();
const module = pathToFileURL(join(repoRoot, "services", "api-gateway", "src", "openapi", "current-document.ts")).href;
const { currentOpenApiDocument } = (await import(module)) as { currentOpenApiDocument: () => unknown };
try {
  const prepared = await prepareGeneratedClients(currentOpenApiDocument(), { log: (line) => console.log(line) });
  for (const outcome of Object.values(prepared.clients))
    console.log(`${outcome.client}: ${outcome.ok ? "ok" : `failed at ${outcome.failedAt}`} (${outcome.seconds} s)`);
  console.log(`generated clients of ${prepared.digest} ready in ${Math.round((Date.now() - started) / 1000)} s`);
} catch (error) {
  console.log(`the generated clients could not be prepared: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
}
