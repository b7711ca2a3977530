import { mkdtemp, stat } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (this file lives in tools/test-infra/src/common/). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");

/**
 * Downloads and builds that survive runs (Kafka jars, FerretDB, promtool, helm, etcd and kube-apiserver, Podman's
 * storage with the Kafka images, Schemathesis): outside the checkout, in the user's cache folder
 * (`$XDG_CACHE_HOME/kcp/test-infra`, by default `~/.cache/kcp/test-infra`), so that every clone on the machine — each
 * CI run's fresh one among them — reuses what the first built; or `KCP_CACHE_DIR`.
 */
export const cacheDir =
  process.env.KCP_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "kcp", "test-infra");

/**
 * A fresh temporary folder for one server's data and logs; `memory`: in /dev/shm when the machine has it (a tmpfs:
 * creating a file and fsync cost no disk), for a server that makes thousands of files at once.
 */
export async function makeRunDir(prefix: string, options: { memory?: boolean } = {}): Promise<string> {
  const base =
    options.memory &&
    (await stat("/dev/shm").then(
      (s) => s.isDirectory(),
      () => false,
    ))
      ? "/dev/shm"
      : tmpdir();
  return mkdtemp(join(base, `kcp-${prefix}-`));
}
