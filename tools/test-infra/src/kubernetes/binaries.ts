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
/** The CoreDNS tools/test-infra/coredns/go.mod builds (the node's cluster DNS). */
export const COREDNS_VERSION = "v1.15.0";

/**
 * What `kubectl version` and /version report: a plain `go build` would say v0.0.0-master. The binary version the API
 * server emulates comes from component-base's DefaultKubeBinaryVersion, which these agree with.
 */
const [MAJOR, MINOR] = KUBERNETES_VERSION.slice(1).split(".") as [string, string];
const KUBERNETES_LDFLAGS = [
  "-s",
  "-w",
  `-X k8s.io/component-base/version.gitVersion=${KUBERNETES_VERSION}`,
  `-X k8s.io/component-base/version.gitMajor=${MAJOR}`,
  `-X k8s.io/component-base/version.gitMinor=${MINOR}`,
  "-X k8s.io/component-base/version.gitTreeState=clean",
].join(" ");

/** A Go module of the harness with one main per command, pinned by its committed go.sum. */
interface ModuleBuild {
  /** The folder under tools/test-infra, and the cache folder's name. */
  name: string;
  version: string;
  commands: readonly string[];
  ldflags: string;
}

/**
 * tools/test-infra/kubernetes: etcd and kube-apiserver (what the API server tests run), and kubelet,
 * kube-controller-manager, kube-scheduler and kube-proxy (the node of startKubernetesNode): one `go build`, since
 * they share most packages.
 */
const KUBERNETES: ModuleBuild = {
  name: "kubernetes",
  version: KUBERNETES_VERSION,
  commands: ["etcd", "kube-apiserver", "kube-controller-manager", "kube-scheduler", "kube-proxy", "kubelet"],
  ldflags: KUBERNETES_LDFLAGS,
};
/** tools/test-infra/coredns: a module of its own (its client-go must not move the versions Kubernetes builds from). */
const COREDNS: ModuleBuild = { name: "coredns", version: COREDNS_VERSION, commands: ["coredns"], ldflags: "-s -w" };

/** A cold build takes 5 minutes on 2 idle cores, far longer on busy ones: a waiting run must not take the lock over. */
const BUILD_LOCK_STALE_MS = 60 * 60_000;

export interface KubernetesBinaries {
  etcd: string;
  kubeApiServer: string;
  kubeControllerManager: string;
  kubeScheduler: string;
  kubeProxy: string;
  kubelet: string;
}

const sourceDir = (module: ModuleBuild) => join(repoRoot, "tools", "test-infra", module.name);
const binaryDir = (module: ModuleBuild) => join(cacheDir, module.name, module.version);

function kubernetesBinaries(): KubernetesBinaries {
  const dir = binaryDir(KUBERNETES);
  return {
    etcd: join(dir, "etcd"),
    kubeApiServer: join(dir, "kube-apiserver"),
    kubeControllerManager: join(dir, "kube-controller-manager"),
    kubeScheduler: join(dir, "kube-scheduler"),
    kubeProxy: join(dir, "kube-proxy"),
    kubelet: join(dir, "kubelet"),
  };
}

/** A hash of the module's files, its commands and the link flags: a changed go.mod or go.sum builds again. */
async function sourceHash(module: ModuleBuild): Promise<string> {
  const hash = createHash("sha256").update(module.ldflags).update(module.commands.join(","));
  for (const file of [
    "go.mod",
    "go.sum",
    ...module.commands.map((c) => (c === "coredns" ? "main.go" : `${c}/main.go`)),
  ])
    hash.update(file).update(await readFile(join(sourceDir(module), file)));
  return `${hash.digest("hex")}\n`;
}

async function isBuilt(module: ModuleBuild, expected: string): Promise<boolean> {
  const marker = await readFile(join(binaryDir(module), "built"), "utf8").catch(() => "");
  return marker === expected;
}

/**
 * Every main of the module in one `go build`, statically (CGO_ENABLED=0, as Kubernetes and CoreDNS release them),
 * with `-mod=readonly`: the committed go.sum must be complete, so every machine builds the same sources.
 */
async function build(module: ModuleBuild, marker: string): Promise<void> {
  const started = Date.now();
  const what = module.commands.join(", ");
  process.stderr.write(
    `test-infra: building ${what} ${module.version} from the Go module proxy (minutes the first time on 2 cores)\n`,
  );
  const dir = binaryDir(module);
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
  const packages = module.name === "coredns" ? ["."] : module.commands.map((command) => `./${command}`);
  const output = module.name === "coredns" ? join(partial, "coredns") : `${partial}/`;
  await run("go", ["build", "-trimpath", "-ldflags", module.ldflags, "-o", output, ...packages], {
    cwd: sourceDir(module),
    env,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stderr?: string; message: string }) => {
    throw new Error(`could not build ${what}: ${error.stderr || error.message}`);
  });
  for (const command of module.commands) {
    await chmod(join(partial, command), 0o755);
    await rename(join(partial, command), join(dir, command));
  }
  await rm(partial, { recursive: true, force: true });
  await writeFile(join(dir, "built"), marker);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  process.stderr.write(`test-infra: ${what} built into ${dir} in ${seconds} s\n`);
}

/** The module's commands, built once into the cache; concurrent runs wait for the one that builds. */
async function ensureModule(module: ModuleBuild): Promise<void> {
  const marker = await sourceHash(module);
  if (await isBuilt(module, marker)) return;
  await withFileLock(
    join(cacheDir, "locks", `${module.name}-${module.version}`),
    async () => {
      if (!(await isBuilt(module, marker))) await build(module, marker);
    },
    BUILD_LOCK_STALE_MS,
  );
  for (const command of module.commands) {
    const path = join(binaryDir(module), command);
    if (!(await fileExists(path))) throw new Error(`${path} is missing after the build`);
  }
}

/** Whether the Kubernetes binaries and CoreDNS are already built in the cache from the current go.mod files. */
export async function kubernetesBinariesBuilt(): Promise<boolean> {
  return (
    (await isBuilt(KUBERNETES, await sourceHash(KUBERNETES))) && (await isBuilt(COREDNS, await sourceHash(COREDNS)))
  );
}

/**
 * etcd, kube-apiserver and the node's components, built once into the cache (`<cache>/kubernetes/<version>/`), as
 * envtest downloads them: the harness can reach the Go module proxy but no release downloads.
 */
export async function ensureKubernetesBinaries(): Promise<KubernetesBinaries> {
  await ensureModule(KUBERNETES);
  return kubernetesBinaries();
}

/** CoreDNS with the plugins of a kubeadm Corefile, built once into the cache (`<cache>/coredns/<version>/coredns`). */
export async function ensureCoreDns(): Promise<string> {
  await ensureModule(COREDNS);
  return join(binaryDir(COREDNS), "coredns");
}
