import { execFile } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { promisify } from "node:util";
import {
  aptInstall,
  type Component,
  cacheDir,
  makeRunDir,
  onPath,
  sharedInstance,
  startProcess,
  systemInstallAllowed,
  waitFor,
} from "../common/index.js";

const run = promisify(execFile);

/**
 * Podman's settings for the harness (CONTAINERS_CONF replaces the machine's): runc, since crun fails on this
 * machine's hybrid cgroups; default ulimits below the shell's hard limits; host networking; file-based logs and
 * events (no journald or systemd in CI).
 */
const CONTAINERS_CONF = `[containers]
default_ulimits = ["nofile=10000:10000", "nproc=4096:4096"]
netns = "host"
log_driver = "k8s-file"
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
`;

/** The harness's own Podman storage, kept between runs so that built images stay: apart from the machine's. */
const podmanHome = () => join(cacheDir, "podman");

export interface PodmanEngine extends Component {
  /** The Docker-compatible API: `unix:///…/podman.sock`. */
  readonly endpoint: string;
  /** Runs the podman command on the harness's storage (image builds, `podman kill` from outside). */
  podman(args: string[], options?: { input?: string }): Promise<string>;
}

/** Podman, runc and debootstrap from Debian's packages where they are missing (and installing is allowed). */
export async function ensurePodman(): Promise<void> {
  const missing = [];
  for (const [command, pkg] of [
    ["podman", "podman"],
    ["runc", "runc"],
    ["debootstrap", "debootstrap"],
  ] as const)
    if (!(await onPath(command)) && !(await onPath(`/usr/sbin/${command}`))) missing.push(pkg);
  if (missing.length === 0) return;
  if (!systemInstallAllowed())
    throw new Error(
      `${missing.join(", ")} not installed: install them (Debian: apt-get install ${missing.join(" ")}), ` +
        "or run the tests as root with apt-get (the harness then installs them itself)",
    );
  await aptInstall(missing);
}

async function podmanCommand(): Promise<(args: string[], options?: { input?: string }) => Promise<string>> {
  const home = podmanHome();
  await mkdir(join(home, "run"), { recursive: true });
  const conf = join(home, "containers.conf");
  await writeFile(conf, CONTAINERS_CONF);
  const env = { ...process.env, CONTAINERS_CONF: conf, PATH: `${process.env.PATH}:/usr/sbin:/sbin` };
  const base = ["--root", join(home, "storage"), "--runroot", join(home, "run"), "--storage-driver", "overlay"];
  return async (args, options = {}) => {
    try {
      const child = run("podman", [...base, ...args], { env, maxBuffer: 64 * 1024 * 1024 });
      if (options.input !== undefined) child.child.stdin?.end(options.input);
      return (await child).stdout;
    } catch (error) {
      const failed = error as { stderr?: string; message: string };
      throw new Error(`podman ${args.join(" ")} failed: ${failed.stderr?.trim() || failed.message}`);
    }
  };
}

function ping(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ socketPath, path: "/_ping", timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("error", () => resolve(false));
    req.on("timeout", () => req.destroy());
    req.end();
  });
}

/**
 * Podman's state database records the folder its storage was created in and refuses any other ("database
 * configuration mismatch"), so a cache that was moved (KCP_CACHE_DIR, or the cache's move out of the checkout) would
 * stop every test here. The database holds only containers and volumes, which the harness removes anyway; the images
 * are in the storage beside it: the database is dropped, the images stay.
 */
async function forgetMovedStorage(podman: (args: string[]) => Promise<string>): Promise<void> {
  try {
    await podman(["info", "--format", "{{.Store.GraphRoot}}"]);
  } catch (error) {
    if (!/database configuration mismatch/.test((error as Error).message)) throw error;
    const libpod = join(podmanHome(), "storage", "libpod");
    await Promise.all(["bolt_state.db", "db.sql"].map((file) => rm(join(libpod, file), { force: true })));
  }
}

/** The podman command on the harness's storage, without the API service (image builds and saves). */
export async function podmanCli(): Promise<(args: string[], options?: { input?: string }) => Promise<string>> {
  await ensurePodman();
  const podman = await podmanCommand();
  await forgetMovedStorage(podman);
  return podman;
}

/**
 * Rootful Podman serving the Docker Engine API on a socket of its own (`podman system service`), on the harness's
 * storage; containers left by an earlier run are removed first. Stopping it stops the service (the containers are
 * the tests' to remove).
 */
export async function startPodman(): Promise<PodmanEngine> {
  await ensurePodman();
  const podman = await podmanCommand();
  await forgetMovedStorage(podman);
  await podman(["rm", "--all", "--force", "--time", "5"]);
  await podman(["volume", "prune", "--force"]);
  const dir = await makeRunDir("podman");
  const socket = join(dir, "podman.sock");
  const home = podmanHome();
  const service = await startProcess({
    command: "podman",
    args: [
      ...["--root", join(home, "storage"), "--runroot", join(home, "run"), "--storage-driver", "overlay"],
      ...["system", "service", "--time=0", `unix://${socket}`],
    ],
    env: {
      ...process.env,
      CONTAINERS_CONF: join(home, "containers.conf"),
      PATH: `${process.env.PATH}:/usr/sbin:/sbin`,
    },
    logFile: join(dir, "podman.log"),
    budget: { kind: "podman", what: "the Podman service" },
  });
  await waitFor("podman's API socket", async () => {
    if (service.hasExited()) throw new Error(`podman system service exited; see ${service.logFile}`);
    return (await ping(socket)) ? true : undefined;
  });
  await service.up();
  return {
    endpoint: `unix://${socket}`,
    podman,
    stop: async () => {
      await podman(["rm", "--all", "--force", "--time", "5"]).catch(() => undefined);
      await service.stop(10_000);
    },
  };
}

/** The run's shared Podman service, started on first use. */
export const sharedPodman = () => sharedInstance("podman", startPodman);
