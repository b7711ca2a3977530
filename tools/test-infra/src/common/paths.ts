import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (this file lives in tools/test-infra/src/common/). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");

/**
 * Downloads and builds that survive runs (Kafka jars, the FerretDB binary): `.cache/test-infra` in the repo,
 * ignored by git, or `KCP_CACHE_DIR`.
 */
export const cacheDir = process.env.KCP_CACHE_DIR ?? join(repoRoot, ".cache", "test-infra");

/** A fresh temporary folder for one server's data and logs. */
export function makeRunDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `kcp-${prefix}-`));
}
