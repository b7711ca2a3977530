import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { readdir, readFile, readlink, rm, rmdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * The one Kubernetes node a machine runs at a time, and every name it takes on the host: fixed, so that `k8s down` (or
 * the next start) removes what a killed run left behind without a record of it.
 */
export const NODE = {
  /** The network namespace every process of the node runs in (`nsenter --net`), pods' namespaces aside. */
  netns: "kcp-k8s",
  /** The host's end of the veth pair into the namespace (the namespace's end is its eth0). */
  hostLink: "kcpk8s0",
  /** The host's address on that link: what pods reach the harness's own servers at (Kafka, Redis, FerretDB). */
  hostAddress: "10.201.0.1",
  /** The node's address: the API server, the kubelet and the cluster DNS listen on it. */
  nodeAddress: "10.201.0.2",
  linkPrefix: 30,
  podCidr: "10.202.0.0/24",
  serviceCidr: "10.203.0.0/24",
  /** The `kubernetes` Service's cluster IP: the first of the service range. */
  apiServiceAddress: "10.203.0.1",
  name: "kcp-node",
  /** The folder of every file of the node: data, certificates, logs, containerd's root and state. */
  dir: "/tmp/kcp-k8s-node",
  /** The cgroup (in every v1 hierarchy, and the unified one) the kubelet puts every pod under. */
  cgroupRoot: "kcp-k8s",
  /** The name of the CNI network: libcni keeps its results in /var/lib/cni/results/<name>-<container>-<ifname>. */
  cniNetwork: "kcp-k8s",
  /** What CNI's bridge plugin names the bridge in the namespace. */
  bridge: "cni0",
} as const;

/** The API server's port on the node's address. */
export const API_SERVER_PORT = 6443;

const PATH_ENV = { ...process.env, PATH: `${process.env.PATH}:/usr/sbin:/sbin` };

/** `command args` on the host (ip, iptables, sysctl…), its stdout; failures name the command and its stderr. */
export async function host(command: string, args: string[]): Promise<string> {
  try {
    return (await run(command, args, { env: PATH_ENV, maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (error) {
    const failed = error as { stderr?: string; message: string };
    throw new Error(`${command} ${args.join(" ")}: ${failed.stderr?.trim() || failed.message}`);
  }
}

/** The command and arguments that run `command` inside the node's network namespace (and no other namespace). */
export function inNode(command: string, args: string[]): [string, string[]] {
  return ["nsenter", [`--net=/run/netns/${NODE.netns}`, command, ...args]];
}

export async function hostInNode(command: string, args: string[]): Promise<string> {
  const [wrapped, wrappedArgs] = inNode(command, args);
  return host(wrapped, wrappedArgs);
}

/**
 * The namespace, the veth pair and two routes on the host's end of it (to the pods' and the services' ranges, so the
 * tests reach a Service's cluster IP as a pod does). Nothing else of the host changes: the node's iptables chains, its
 * bridge and its forwarding are the namespace's own.
 */
export async function createNodeNetwork(): Promise<void> {
  await host("ip", ["netns", "add", NODE.netns]);
  await host("ip", ["link", "add", NODE.hostLink, "type", "veth", "peer", "name", "eth0", "netns", NODE.netns]);
  await host("ip", ["addr", "add", `${NODE.hostAddress}/${NODE.linkPrefix}`, "dev", NODE.hostLink]);
  await host("ip", ["link", "set", NODE.hostLink, "up"]);
  await hostInNode("ip", ["addr", "add", `${NODE.nodeAddress}/${NODE.linkPrefix}`, "dev", "eth0"]);
  await hostInNode("ip", ["link", "set", "eth0", "up"]);
  await hostInNode("ip", ["link", "set", "lo", "up"]);
  await hostInNode("ip", ["route", "add", "default", "via", NODE.hostAddress]);
  // Per namespace: pods' packets are routed by the node, and bridged ones pass iptables (kube-proxy's rules).
  await hostInNode("sysctl", ["-qw", "net.ipv4.ip_forward=1", "net.bridge.bridge-nf-call-iptables=1"]);
  for (const range of [NODE.podCidr, NODE.serviceCidr])
    await host("ip", ["route", "add", range, "via", NODE.nodeAddress, "dev", NODE.hostLink]);
}

/** Every cgroup v1 hierarchy and the unified one, as mounted under /sys/fs/cgroup. */
async function cgroupHierarchies(): Promise<string[]> {
  const mounts = await readFile("/proc/mounts", "utf8");
  return mounts
    .split("\n")
    .map((line) => line.split(" "))
    .filter(([, , type]) => type === "cgroup" || type === "cgroup2")
    .map(([, path]) => path as string);
}

/** The kubelet refuses a cgroup root that does not exist in every hierarchy. */
export async function createCgroupRoot(): Promise<void> {
  for (const hierarchy of await cgroupHierarchies())
    await host("mkdir", ["-p", join(hierarchy, NODE.cgroupRoot)]).catch(() => undefined);
}

async function cgroupFolders(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  const folders: string[] = [];
  for (const entry of entries)
    if (entry.isDirectory()) folders.push(...(await cgroupFolders(join(root, entry.name))), join(root, entry.name));
  return folders;
}

/** Every process in the node's cgroups (pods' containers, whatever their state), SIGKILLed. */
async function killPodProcesses(): Promise<void> {
  for (const hierarchy of await cgroupHierarchies()) {
    const root = join(hierarchy, NODE.cgroupRoot);
    for (const folder of [root, ...(await cgroupFolders(root))]) {
      const pids = await readFile(join(folder, "cgroup.procs"), "utf8").catch(() => "");
      for (const pid of pids.split("\n").filter(Boolean)) {
        try {
          process.kill(Number(pid), "SIGKILL");
        } catch {
          // gone already
        }
      }
    }
  }
}

/** The processes whose command line names `needle` (the node's folder or namespace), this one excepted. */
async function processesNaming(needle: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
    if (cmdline.split("\0").some((arg) => arg.includes(needle))) pids.push(pid);
  }
  return pids;
}

async function killAll(pids: number[]): Promise<void> {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone already
    }
  }
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    if (alive.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The mount points under `dir` (overlay root filesystems, secrets' tmpfs, pods' namespaces), deepest first. */
async function mountsUnder(dir: string): Promise<string[]> {
  const mounts = await readFile("/proc/self/mounts", "utf8");
  return mounts
    .split("\n")
    .map((line) => line.split(" ")[1] ?? "")
    .map((path) => path.replace(/\\040/g, " "))
    .filter((path) => path === dir || path.startsWith(`${dir}/`))
    .sort((a, b) => b.length - a.length);
}

/** The symbolic links the kubelet makes in /var/log/containers (a fixed folder) to the node's pod logs. */
async function removeContainerLogLinks(): Promise<void> {
  const folder = "/var/log/containers";
  for (const name of await readdir(folder).catch(() => [])) {
    const target = await readlink(join(folder, name)).catch(() => "");
    if (target.startsWith(`${NODE.dir}/`)) await rm(join(folder, name), { force: true });
  }
}

/** The ids of the containers and pod sandboxes containerd holds a task of (a SIGKILLed shim leaves its files behind). */
function taskIds(): Promise<string[]> {
  return readdir(join(NODE.dir, "containerd", "state", "io.containerd.runtime.v2.task", "k8s.io")).catch(() => []);
}

/**
 * What containerd 1.6 and libcni keep in fixed folders of the host for a task: its shim's socket,
 * /run/containerd/s/<sha256 of "<containerd's address>/<namespace>/<id>"> (removed by a shim that exits cleanly, not
 * by a killed one), and CNI's cached results of the pod's network and loopback in /var/lib/cni/results.
 */
async function removeTaskFiles(ids: string[]): Promise<void> {
  const address = join(NODE.dir, "containerd", "containerd.sock");
  for (const id of ids) {
    const socket = createHash("sha256").update(`${address}/k8s.io/${id}`).digest("hex");
    await rm(join("/run/containerd/s", socket), { force: true });
    for (const name of [`${NODE.cniNetwork}-${id}-eth0`, `cni-loopback-${id}-lo`])
      await rm(join("/var/lib/cni/results", name), { force: true });
  }
}

/** The kubelet's device plugin socket, in a folder it does not take from --root-dir (/var/lib/kubelet/device-plugins). */
async function removeDevicePluginSocket(): Promise<void> {
  await rm("/var/lib/kubelet/device-plugins/kubelet.sock", { force: true });
}

/**
 * Everything a node leaves on the host, removed whether the node is running, stopped or was killed: its processes
 * (found by the folder and the namespace in their command lines), the pods' processes (by cgroup), the mounts under
 * its folder, its cgroups, the namespace (its iptables chains and bridge go with it), the veth pair and the host's
 * routes, the kubelet's links in /var/log/containers and its device plugin socket, the shims' sockets and libcni's
 * cached results of the node's tasks, and the folder.
 */
export async function removeNode(): Promise<void> {
  const tasks = await taskIds();
  await killAll([...(await processesNaming(NODE.dir)), ...(await processesNaming(`/run/netns/${NODE.netns}`))]);
  await killPodProcesses();
  await killAll(await processesNaming(NODE.dir));
  for (const mount of await mountsUnder(NODE.dir)) await host("umount", ["-l", mount]).catch(() => undefined);
  for (const hierarchy of await cgroupHierarchies()) {
    const root = join(hierarchy, NODE.cgroupRoot);
    for (const folder of [...(await cgroupFolders(root)), root]) await rmdir(folder).catch(() => undefined);
  }
  await host("ip", ["netns", "delete", NODE.netns]).catch(() => undefined);
  await host("ip", ["link", "delete", NODE.hostLink]).catch(() => undefined);
  await removeContainerLogLinks();
  await removeTaskFiles(tasks);
  await removeDevicePluginSocket();
  await rm(NODE.dir, { recursive: true, force: true });
}

/** What of the node is still on the host (empty when nothing is): for `k8s down` and the harness's own test. */
export async function nodeLeftovers(): Promise<string[]> {
  const left: string[] = [];
  if ((await host("ip", ["netns", "list"])).split("\n").some((line) => line.split(" ")[0] === NODE.netns))
    left.push(`network namespace ${NODE.netns}`);
  if ((await host("ip", ["-o", "link", "show"])).includes(` ${NODE.hostLink}@`)) left.push(`link ${NODE.hostLink}`);
  const routes = await host("ip", ["route", "show"]);
  for (const range of [NODE.podCidr, NODE.serviceCidr]) if (routes.includes(range)) left.push(`route ${range}`);
  if ((await mountsUnder(NODE.dir)).length > 0) left.push(`mounts under ${NODE.dir}`);
  if (await stat(NODE.dir).catch(() => undefined)) left.push(`folder ${NODE.dir}`);
  for (const hierarchy of await cgroupHierarchies())
    if (await stat(join(hierarchy, NODE.cgroupRoot)).catch(() => undefined))
      left.push(`cgroup ${join(hierarchy, NODE.cgroupRoot)}`);
  if (await stat("/var/lib/kubelet/device-plugins/kubelet.sock").catch(() => undefined))
    left.push("/var/lib/kubelet/device-plugins/kubelet.sock");
  const processes = await processesNaming(NODE.dir);
  if (processes.length > 0) left.push(`processes ${processes.join(", ")}`);
  return left;
}
