import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { chmod, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { fileExists } from "../common/go-build.js";
import { cacheDir, repoRoot, withFileLock } from "../common/index.js";

const run = promisify(execFile);

/** The Kubernetes release tools/test-infra/kubernetes/go.mod builds (its staging modules replaced by v0.36.3). */
export const KUBERNETES_VERSION = "v1.36.3";
/** The etcd that Kubernetes v1.36.3's own go.mod pins (go.etcd.io/etcd/server/v3). */
export const ETCD_VERSION = "v3.6.8";

/** tools/test-infra/kubernetes: a Go module with two mains, pinned by its committed go.sum. */
const SOURCE = join(repoRoot, "tools", "test-infra", "kubernetes");
const SOURCE_FILES = ["go.mod", "go.sum", "etcd/main.go", "kube-apiserver/main.go"];
const COMMANDS = ["etcd", "kube-apiserver"] as const;

/**
 * What `kubectl version` and /version report: a plain `go build` would say v0.0.0-master. The binary version the API
 * server emulates comes from component-base's DefaultKubeBinaryVersion, which these agree with.
 */
const [MAJOR, MINOR] = KUBERNETES_VERSION.slice(1).split(".") as [string, string];
const LDFLAGS = [
  "-s",
  "-w",
  `-X k8s.io/component-base/version.gitVersion=${KUBERNETES_VERSION}`,
  `-X k8s.io/component-base/version.gitMajor=${MAJOR}`,
  `-X k8s.io/component-base/version.gitMinor=${MINOR}`,
  "-X k8s.io/component-base/version.gitTreeState=clean",
].join(" ");

/** A cold build takes 5 minutes on 2 idle cores, far longer on busy ones: a waiting run must not take the lock over. */
const BUILD_LOCK_STALE_MS = 60 * 60_000;

export interface KubernetesBinaries {
  etcd: string;
  kubeApiServer: string;
}

const binaryDir = () => join(cacheDir, "kubernetes", KUBERNETES_VERSION);

function binaries(): KubernetesBinaries {
  return { etcd: join(binaryDir(), "etcd"), kubeApiServer: join(binaryDir(), "kube-apiserver") };
}

/** A hash of the module's files and of the link flags: a changed go.mod or go.sum builds again. */
async function sourceHash(): Promise<string> {
  const hash = createHash("sha256").update(LDFLAGS);
  for (const file of SOURCE_FILES) hash.update(file).update(await readFile(join(SOURCE, file)));
  return `${hash.digest("hex")}\n`;
}

async function isBuilt(expected: string): Promise<boolean> {
  const marker = await readFile(join(binaryDir(), "built"), "utf8").catch(() => "");
  return marker === expected;
}

/** Whether etcd and kube-apiserver are already built in the cache from the current go.mod (then Go is not needed). */
export async function kubernetesBinariesBuilt(): Promise<boolean> {
  return isBuilt(await sourceHash());
}

/**
 * Both mains in one `go build` (they share most packages), statically (CGO_ENABLED=0, as Kubernetes releases them),
 * with `-mod=readonly`: the committed go.sum must be complete, so every machine builds the same sources.
 */
async function build(marker: string): Promise<void> {
  const started = Date.now();
  process.stderr.write(
    `test-infra: building etcd ${ETCD_VERSION} and kube-apiserver ${KUBERNETES_VERSION} from the Go module proxy ` +
      "(about 5 minutes the first time on 2 cores)\n",
  );
  const dir = binaryDir();
  const partial = join(dir, "partial");
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  const env = {
    ...process.env,
    CGO_ENABLED: "0",
    GOFLAGS: "-buildvcs=false -mod=readonly",
    GOTOOLCHAIN: "local",
    GOWORK: "off",
  };
  const packages = COMMANDS.map((command) => `./${command}`);
  await run("go", ["build", "-trimpath", "-ldflags", LDFLAGS, "-o", `${partial}/`, ...packages], {
    cwd: SOURCE,
    env,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stderr?: string; message: string }) => {
    throw new Error(`could not build etcd and kube-apiserver: ${error.stderr || error.message}`);
  });
  for (const command of COMMANDS) {
    await chmod(join(partial, command), 0o755);
    await rename(join(partial, command), join(dir, command));
  }
  await rm(partial, { recursive: true, force: true });
  await writeFile(join(dir, "built"), marker);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  process.stderr.write(`test-infra: etcd and kube-apiserver built into ${dir} in ${seconds} s\n`);
}

/**
 * etcd and kube-apiserver, built once into the cache (`<cache>/kubernetes/<version>/`), as envtest downloads them:
 * the harness can reach the Go module proxy but no release downloads. Concurrent runs wait for the one that builds.
 */
export async function ensureKubernetesBinaries(): Promise<KubernetesBinaries> {
  const marker = await sourceHash();
  if (await isBuilt(marker)) return binaries();
  const lock = join(cacheDir, "locks", `kubernetes-${KUBERNETES_VERSION}`);
  await withFileLock(
    lock,
    async () => {
      if (!(await isBuilt(marker))) await build(marker);
    },
    BUILD_LOCK_STALE_MS,
  );
  for (const path of Object.values(binaries())) {
    if (!(await fileExists(path))) throw new Error(`${path} is missing after the build`);
  }
  return binaries();
}
