import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { acquire } from "../common/budget.js";
import { ensureGoCommand, type GoCommand, goCommandBuilt } from "../common/go-build.js";
import {
  type Component,
  cacheDir,
  ensurePrerequisites,
  kubernetesNodePrerequisites,
  type ManagedProcess,
  markServerUse,
  sharedInstance,
  startProcess,
  waitFor,
  withFileLock,
} from "../common/index.js";
import { describeMachine } from "../common/machine-state.js";
import { type KubeApiServer, kubeconfigOf, logTail } from "./api-server.js";
import { ensureCoreDns, ensureKubernetesBinaries, kubernetesBinariesBuilt } from "./binaries.js";
import { type KubeConnection, kubeRequest } from "./client.js";
import { ensureKustomize, kustomizeBuilt } from "./kustomize.js";
import { API_SERVER_PORT, createCgroupRoot, createNodeNetwork, host, inNode, NODE, removeNode } from "./node-host.js";
import { ensurePauseImage, importImage, PAUSE_IMAGE } from "./node-images.js";
import { generateKubePki } from "./pki.js";

/**
 * A real single-node Kubernetes: etcd, kube-apiserver, kube-controller-manager, kube-scheduler, kubelet, kube-proxy
 * (iptables), containerd with runc, CNI's bridge, and CoreDNS, all in a network namespace of their own (NODE).
 */
export interface KubernetesNode extends Component, KubeConnection {
  /** https://10.201.0.2:6443: reachable from the host through the veth pair, and from pods as `kubernetes.default`. */
  readonly url: string;
  /** Bearer token of user kcp-admin, in group system:masters. */
  readonly token: string;
  readonly caCertificate: string;
  readonly kubeconfig: string;
  /** For helm `--kubeconfig`. */
  readonly kubeconfigFile: string;
  readonly dir: string;
  /** The host's address as pods see it: where a server of the harness listens for them. */
  readonly hostAddress: string;
  readonly nodeAddress: string;
  readonly nodeName: string;
  readonly podCidr: string;
  readonly serviceCidr: string;
  /** Copies an image of the harness's Podman storage into the node's containerd (pods use `imagePullPolicy: Never`). */
  importImage(image: string): Promise<void>;
  /** `ctr` against the node's containerd, in the `k8s.io` namespace (the kubelet's): `ctr(["tasks", "ls"])`. */
  ctr(args: string[]): Promise<string>;
  /** The last lines of a component's log (`kubelet`, `containerd`, `kube-apiserver`…), for a failure's message. */
  logTail(component: string, lines?: number): Promise<string>;
  /** Stops every process and removes everything the node made on the host (see removeNode). */
  stop(): Promise<void>;
}

export const COMPONENTS = [
  "etcd",
  "kube-apiserver",
  "containerd",
  "kube-controller-manager",
  "kube-scheduler",
  "kubelet",
  "kube-proxy",
  "coredns",
  "kube-router",
] as const;
type ComponentName = (typeof COMPONENTS)[number];

/**
 * kube-router v2.1.0, its network policy controller only. The advisory on v2.1.0 (GHSA-phqm-jgc3-qf8g: external and
 * load-balancer IPs taken unchecked) concerns its service proxy, which does not run here.
 */
const KUBE_ROUTER: GoCommand = {
  name: "kube-router",
  module: "github.com/cloudnativelabs/kube-router/v2",
  version: "v2.1.0",
  packagePath: "./cmd/kube-router",
};

/** The loopback and the node stay out of any proxy the environment names. */
const CHILD_ENV = {
  NO_PROXY: `127.0.0.1,localhost,${NODE.nodeAddress}`,
  no_proxy: `127.0.0.1,localhost,${NODE.nodeAddress}`,
  HTTPS_PROXY: "",
  HTTP_PROXY: "",
  https_proxy: "",
  http_proxy: "",
};

const paths = {
  pki: join(NODE.dir, "pki"),
  logs: join(NODE.dir, "logs"),
  containerd: join(NODE.dir, "containerd"),
  socket: join(NODE.dir, "containerd", "containerd.sock"),
  cni: join(NODE.dir, "cni"),
  kubelet: join(NODE.dir, "kubelet"),
  podLogs: join(NODE.dir, "pod-logs"),
};

const logFile = (component: ComponentName) => join(paths.logs, `${component}.log`);

/** Each component's own user: a static token of the API server (the kubelet's as its node, for the Node authorizer). */
const USERS = {
  kubelet: { user: `system:node:${NODE.name}`, groups: ["system:nodes"] },
  "kube-proxy": { user: "system:kube-proxy", groups: [] },
  "kube-controller-manager": { user: "system:kube-controller-manager", groups: [] },
  "kube-scheduler": { user: "system:kube-scheduler", groups: [] },
} as const;
type User = keyof typeof USERS;

/** A kubeconfig of the node's API server for one of the components (YAML is JSON's superset: written as JSON). */
function kubeconfigFor(connection: KubeConnection, token: string): string {
  return kubeconfigOf({ ...connection, token });
}

function containerdConfig(): string {
  const cri = 'plugins."io.containerd.grpc.v1.cri"';
  return `version = 2
root = "${paths.containerd}/root"
state = "${paths.containerd}/state"
disabled_plugins = ["io.containerd.snapshotter.v1.btrfs", "io.containerd.snapshotter.v1.zfs", "io.containerd.snapshotter.v1.aufs", "io.containerd.snapshotter.v1.devmapper", "io.containerd.grpc.v1.cri.tracing", "io.containerd.tracing.processor.v1.otlp"]

[grpc]
  address = "${paths.socket}"
[ttrpc]
  address = "${paths.containerd}/ttrpc.sock"
[plugins."io.containerd.internal.v1.opt"]
  path = "${paths.containerd}/opt"
[${cri}]
  sandbox_image = "${PAUSE_IMAGE}"
  # runc cannot write oom_score_adj below its own here (no CAP_SYS_RESOURCE): containers keep the runtime's.
  restrict_oom_score_adj = true
  # Pods' network namespaces under the node's folder rather than /var/run/netns.
  netns_mounts_under_state_dir = true
  disable_apparmor = true
  [${cri}.containerd]
    snapshotter = "overlayfs"
    default_runtime_name = "runc"
    [${cri}.containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      [${cri}.containerd.runtimes.runc.options]
        SystemdCgroup = false
        Root = "${paths.containerd}/runc"
  [${cri}.cni]
    bin_dir = "/usr/lib/cni"
    conf_dir = "${paths.cni}/net.d"
`;
}

/** CNI: the bridge plugin (pods' traffic leaving the pod range masqueraded as the node), host-local addresses, portmap. */
function cniConfig(): string {
  return `${JSON.stringify(
    {
      cniVersion: "1.0.0",
      name: NODE.cniNetwork,
      plugins: [
        {
          type: "bridge",
          bridge: NODE.bridge,
          isGateway: true,
          ipMasq: true,
          hairpinMode: true,
          ipam: {
            type: "host-local",
            ranges: [[{ subnet: NODE.podCidr }]],
            routes: [{ dst: "0.0.0.0/0" }],
            dataDir: join(paths.cni, "ipam"),
          },
        },
        { type: "portmap", capabilities: { portMappings: true } },
      ],
    },
    null,
    2,
  )}\n`;
}

/**
 * The kubelet: cgroupfs under its own root, cgroup v1 accepted (these hosts are a v1/v2 hybrid), every folder under
 * the node's, the cluster DNS at the node's address, eviction only when the disk is all but full (a test machine's
 * disk is not the node's to guard).
 */
function kubeletConfig(): string {
  return `${JSON.stringify(
    {
      apiVersion: "kubelet.config.k8s.io/v1beta1",
      kind: "KubeletConfiguration",
      failCgroupV1: false,
      cgroupDriver: "cgroupfs",
      cgroupRoot: `/${NODE.cgroupRoot}`,
      containerRuntimeEndpoint: `unix://${paths.socket}`,
      authentication: {
        anonymous: { enabled: false },
        webhook: { enabled: true },
        x509: { clientCAFile: join(paths.pki, "ca.crt") },
      },
      authorization: { mode: "Webhook" },
      clusterDomain: "cluster.local",
      clusterDNS: [NODE.nodeAddress],
      failSwapOn: false,
      address: NODE.nodeAddress,
      readOnlyPort: 0,
      healthzBindAddress: "127.0.0.1",
      healthzPort: 10248,
      podLogsDir: paths.podLogs,
      resolvConf: join(NODE.dir, "resolv.conf"),
      evictionHard: {
        "memory.available": "100Mi",
        "nodefs.available": "1%",
        "imagefs.available": "1%",
        "nodefs.inodesFree": "1%",
      },
      imageGCHighThresholdPercent: 100,
      imageGCLowThresholdPercent: 99,
      serializeImagePulls: false,
      shutdownGracePeriod: "0s",
    },
    null,
    2,
  )}\n`;
}

/** kube-proxy in iptables mode; no conntrack sysctls (the namespace's defaults stay), no OOM score (see containerd). */
function kubeProxyConfig(kubeconfig: string): string {
  return `${JSON.stringify(
    {
      apiVersion: "kubeproxy.config.k8s.io/v1alpha1",
      kind: "KubeProxyConfiguration",
      clientConnection: { kubeconfig },
      mode: "iptables",
      clusterCIDR: NODE.podCidr,
      hostnameOverride: NODE.name,
      oomScoreAdj: 0,
      conntrack: { maxPerCore: 0, min: 0 },
      metricsBindAddress: "127.0.0.1:10249",
      healthzBindAddress: "127.0.0.1:10256",
    },
    null,
    2,
  )}\n`;
}

/** A kubeadm Corefile without `forward` (the namespace reaches no resolver beyond the host): cluster names only. */
function corefile(kubeconfig: string): string {
  return `.:53 {
    errors
    health 127.0.0.1:8080
    ready 127.0.0.1:8181
    kubernetes cluster.local in-addr.arpa ip6.arpa {
        kubeconfig ${kubeconfig}
        pods insecure
        fallthrough in-addr.arpa ip6.arpa
        ttl 5
    }
    cache 5
}
`;
}

interface Started {
  processes: Map<ComponentName, ManagedProcess>;
  /** Keep running after this process exits (`npm run kafka -- k8s up`): `k8s down` removes it. */
  detached: boolean;
}

async function startInNode(
  started: Started,
  component: ComponentName,
  binary: string,
  args: string[],
): Promise<ManagedProcess> {
  const [command, wrapped] = inNode(binary, args);
  const process = await startProcess({
    command,
    args: wrapped,
    env: CHILD_ENV,
    logFile: logFile(component),
    detached: started.detached,
  });
  started.processes.set(component, process);
  return process;
}

const exitedError = (started: Started) => () => {
  for (const [component, process] of started.processes)
    if (process.hasExited()) return new Error(`${component} exited (its log: ${logFile(component)})`);
  return undefined;
};

async function waitForHealth(started: Started, what: string, url: string, timeoutMs = 60_000): Promise<void> {
  const [command, args] = inNode("curl", ["-sf", "--max-time", "2", url]);
  await waitFor(
    what,
    () =>
      host(command, args).then(
        () => true as const,
        () => undefined,
      ),
    {
      timeoutMs,
      intervalMs: 300,
      giveUpIf: exitedError(started),
    },
  );
}

/**
 * Until kube-proxy has written the `kubernetes` Service's rules, a connection to its address goes nowhere, and it
 * keeps going nowhere once they are written: NAT is decided on a connection's first packet, so the SYNs it sends again
 * miss the rule. Each try here is a new connection from the host (any HTTP answer will do).
 */
async function waitForServiceRouting(started: Started): Promise<void> {
  const url = `https://${NODE.serviceCidr.replace(/0\/24$/, "1")}/version`;
  await waitFor(
    "kube-proxy routing the kubernetes Service",
    () =>
      host("curl", ["-sk", "--noproxy", "*", "--max-time", "2", "-o", "/dev/null", url]).then(
        () => true as const,
        () => undefined,
      ),
    { timeoutMs: 120_000, intervalMs: 300, giveUpIf: exitedError(started) },
  );
}

/** What a node is made of, built or fetched once into the harness's cache (for `npm run kafka -- install`). */
export async function ensureKubernetesNodeParts(): Promise<void> {
  await ensureKubernetesBinaries();
  await ensureCoreDns();
  await ensureGoCommand(KUBE_ROUTER);
  await ensurePauseImage();
  await ensureKustomize();
}

/** Whether every part is built (else Go is needed). */
export async function kubernetesNodePartsBuilt(): Promise<boolean> {
  return (await kubernetesBinariesBuilt()) && (await goCommandBuilt(KUBE_ROUTER)) && (await kustomizeBuilt());
}

type Binaries = Awaited<ReturnType<typeof ensureKubernetesBinaries>>;
type Pki = Awaited<ReturnType<typeof generateKubePki>>;

/** The node's credentials: a token per component user, the PKI, and a kubeconfig file per user and the admin. */
async function writeCredentials() {
  const tokens = Object.fromEntries(
    Object.keys(USERS).map((user) => [user, randomBytes(24).toString("hex")]),
  ) as Record<User, string>;
  const pki = await generateKubePki(paths.pki, {
    servingNames: [`IP:${NODE.nodeAddress}`, `IP:${NODE.apiServiceAddress}`],
    tokens: Object.entries(USERS).map(([user, { user: name, groups }]) => [
      tokens[user as User],
      name,
      name,
      [...groups],
    ]),
  });
  const url = `https://${NODE.nodeAddress}:${API_SERVER_PORT}`;
  const connection: KubeConnection = { url, token: pki.token, caCertificate: pki.caCertificate };
  const kubeconfigs = {} as Record<User | "admin", string>;
  for (const user of [...Object.keys(USERS), "admin"] as (User | "admin")[]) {
    kubeconfigs[user] = join(NODE.dir, `${user}.kubeconfig`);
    const token = user === "admin" ? pki.token : tokens[user];
    await writeFile(kubeconfigs[user], kubeconfigFor(connection, token), { mode: 0o600 });
  }

  return { pki, connection, kubeconfigs };
}

/** etcd, containerd and the API server, until the API server is ready and containerd has the pause image. */
async function startControlPlane(started: Started, binaries: Binaries, pki: Pki, connection: KubeConnection) {
  const { url } = connection;
  // etcd on the namespace's own loopback (no other process of the host can reach it).
  await startInNode(started, "etcd", binaries.etcd, [
    ...["--name", NODE.name, "--data-dir", join(NODE.dir, "etcd"), "--log-level", "warn", "--unsafe-no-fsync"],
    ...["--listen-client-urls", "http://127.0.0.1:2379", "--advertise-client-urls", "http://127.0.0.1:2379"],
    ...["--listen-peer-urls", "http://127.0.0.1:2380", "--initial-advertise-peer-urls", "http://127.0.0.1:2380"],
    ...["--initial-cluster", `${NODE.name}=http://127.0.0.1:2380`],
  ]);
  // containerd starts beside the API server: neither needs the other.
  await writeFile(join(NODE.dir, "containerd.toml"), containerdConfig());
  await writeFile(join(paths.cni, "net.d", "10-kcp.conflist"), cniConfig());
  await startInNode(started, "containerd", "containerd", ["--config", join(NODE.dir, "containerd.toml")]);
  await waitForHealth(started, "etcd", "http://127.0.0.1:2379/health");
  await startInNode(started, "kube-apiserver", binaries.kubeApiServer, [
    ...[`--bind-address=${NODE.nodeAddress}`, `--advertise-address=${NODE.nodeAddress}`],
    `--secure-port=${API_SERVER_PORT}`,
    ...[`--cert-dir=${join(NODE.dir, "apiserver-certs")}`, `--tls-cert-file=${pki.servingCertFile}`],
    ...[`--tls-private-key-file=${pki.servingKeyFile}`, `--client-ca-file=${pki.caFile}`],
    ...["--etcd-servers=http://127.0.0.1:2379", `--service-cluster-ip-range=${NODE.serviceCidr}`],
    ...["--allow-privileged=true", "--authorization-mode=Node,RBAC", "--enable-admission-plugins=NodeRestriction"],
    `--token-auth-file=${pki.tokenFile}`,
    `--service-account-key-file=${pki.serviceAccountKeyFile}`,
    `--service-account-signing-key-file=${pki.serviceAccountSigningKeyFile}`,
    "--service-account-issuer=https://kubernetes.default.svc.cluster.local",
    ...[
      `--kubelet-client-certificate=${pki.kubeletClientCertFile}`,
      `--kubelet-client-key=${pki.kubeletClientKeyFile}`,
    ],
    "--kubelet-preferred-address-types=InternalIP",
  ]);
  await waitFor(
    `kube-apiserver /readyz on ${url}`,
    async () => {
      const response = await kubeRequest(connection, "GET", "/readyz").catch(() => undefined);
      return response?.status === 200 ? true : undefined;
    },
    { timeoutMs: 180_000, giveUpIf: exitedError(started) },
  );
  await waitFor(
    "containerd's socket",
    () =>
      host("ctr", ["-a", paths.socket, "version"]).then(
        () => true as const,
        () => undefined,
      ),
    {
      giveUpIf: exitedError(started),
    },
  );
  await ensurePauseImage();
  await importImage(paths.socket, PAUSE_IMAGE);
}

/** The controller manager, scheduler, kubelet, kube-proxy and CoreDNS. */
async function startNodeComponents(
  started: Started,
  binaries: Binaries,
  coredns: string,
  pki: Pki,
  kubeconfigs: Record<User | "admin", string>,
) {
  await startInNode(started, "kube-controller-manager", binaries.kubeControllerManager, [
    `--kubeconfig=${kubeconfigs["kube-controller-manager"]}`,
    `--service-account-private-key-file=${pki.serviceAccountSigningKeyFile}`,
    `--root-ca-file=${pki.caFile}`,
    "--use-service-account-credentials=true",
    ...["--leader-elect=false", "--bind-address=127.0.0.1", `--service-cluster-ip-range=${NODE.serviceCidr}`],
  ]);
  await startInNode(started, "kube-scheduler", binaries.kubeScheduler, [
    `--kubeconfig=${kubeconfigs["kube-scheduler"]}`,
    ...["--leader-elect=false", "--bind-address=127.0.0.1"],
  ]);
  await writeFile(join(NODE.dir, "kubelet.json"), kubeletConfig());
  await writeFile(join(NODE.dir, "resolv.conf"), "");
  await startInNode(started, "kubelet", binaries.kubelet, [
    ...[`--config=${join(NODE.dir, "kubelet.json")}`, `--kubeconfig=${kubeconfigs.kubelet}`],
    ...[`--root-dir=${paths.kubelet}`, `--cert-dir=${join(paths.kubelet, "pki")}`],
    ...[`--node-ip=${NODE.nodeAddress}`, `--hostname-override=${NODE.name}`],
  ]);
  await writeFile(join(NODE.dir, "kube-proxy.json"), kubeProxyConfig(kubeconfigs["kube-proxy"]));
  await startInNode(started, "kube-proxy", binaries.kubeProxy, [`--config=${join(NODE.dir, "kube-proxy.json")}`]);
  await writeFile(join(NODE.dir, "Corefile"), corefile(kubeconfigs.admin));
  await startInNode(started, "coredns", coredns, ["-conf", join(NODE.dir, "Corefile")]);
}

/** The node Ready, its NetworkPolicy firewall (kube-router) up, DNS and service routing working, the default account. */
async function waitUntilNodeServes(
  started: Started,
  connection: KubeConnection,
  kubeconfigs: Record<User | "admin", string>,
) {
  await waitFor(
    `node ${NODE.name} Ready`,
    async () => {
      const response = await kubeRequest(connection, "GET", `/api/v1/nodes/${NODE.name}`);
      const conditions = (response.body as { status?: { conditions?: { type: string; status: string }[] } })?.status
        ?.conditions;
      return conditions?.some((c) => c.type === "Ready" && c.status === "True") ? true : undefined;
    },
    { timeoutMs: 120_000, giveUpIf: exitedError(started) },
  );
  // NetworkPolicy: the bridge plugin enforces none. kube-router's firewall alone (iptables and ipsets in the node's
  // namespace), as k3s embeds it; its routing and service proxy stay off (kube-proxy is the proxy). It needs its Node
  // object, so it starts once the node is registered.
  await startInNode(started, "kube-router", await ensureGoCommand(KUBE_ROUTER), [
    `--kubeconfig=${kubeconfigs.admin}`,
    `--hostname-override=${NODE.name}`,
    ...["--run-firewall=true", "--run-router=false", "--run-service-proxy=false", "--enable-cni=false"],
    ...["--metrics-port=0", "--health-port=20244", "--v=1"],
  ]);
  await waitForHealth(started, "CoreDNS ready", "http://127.0.0.1:8181/ready");
  await waitForServiceRouting(started);
  await waitForHealth(started, "kube-router healthy", "http://127.0.0.1:20244/healthz");
  // The default service account is made by the controller manager; a pod created before it exists is refused.
  await waitFor(
    "the default service account",
    async () =>
      (await kubeRequest(connection, "GET", "/api/v1/namespaces/default/serviceaccounts/default")).status === 200
        ? true
        : undefined,
    { giveUpIf: exitedError(started) },
  );
}

async function start(started: Started): Promise<KubernetesNode> {
  const binaries = await ensureKubernetesBinaries();
  const coredns = await ensureCoreDns();
  for (const folder of Object.values(paths)) if (!folder.endsWith(".sock")) await mkdir(folder, { recursive: true });
  await mkdir(join(paths.cni, "net.d"), { recursive: true });
  await createNodeNetwork();
  await createCgroupRoot();
  const { pki, connection, kubeconfigs } = await writeCredentials();
  await startControlPlane(started, binaries, pki, connection);
  await startNodeComponents(started, binaries, coredns, pki, kubeconfigs);
  await waitUntilNodeServes(started, connection, kubeconfigs);

  const kubeconfigFile = kubeconfigs.admin;
  return {
    ...connection,
    kubeconfig: kubeconfigFor(connection, pki.token),
    kubeconfigFile,
    dir: NODE.dir,
    hostAddress: NODE.hostAddress,
    nodeAddress: NODE.nodeAddress,
    nodeName: NODE.name,
    podCidr: NODE.podCidr,
    serviceCidr: NODE.serviceCidr,
    importImage: (image) => importImage(paths.socket, image),
    ctr: (args) => host("ctr", ["-a", paths.socket, "-n", "k8s.io", ...args]),
    logTail: (component, lines = 40) => logTail(join(paths.logs, `${component}.log`), lines),
    stop: () => stopNode(started),
  };
}

async function stopNode(started: Started): Promise<void> {
  for (const component of [...COMPONENTS].reverse()) await started.processes.get(component)?.stop(10_000);
  await removeNode();
}

/** The lock that keeps a machine to one node at a time (its names and addresses are fixed: see NODE). */
const nodeLock = () => join(cacheDir, "locks", "kubernetes-node");

/**
 * A real Kubernetes node in its own network namespace, ready (the node Ready, CoreDNS answering, the default
 * service account made) when this resolves. What an earlier run left behind is removed first. Needs root, containerd,
 * runc, CNI's plugins and iptables (installed from Debian's packages where the harness may).
 */
export async function startKubernetesNode(options: { detached?: boolean } = {}): Promise<KubernetesNode> {
  // One per machine: the files that start one run in one process (see MACHINE_WIDE in run-tests.ts).
  markServerUse("kubernetes-node", "kubernetes-node");
  await ensureNodePrerequisites();
  const detached = options.detached ?? false;
  const startOnce = async () => {
    await removeNode();
    const started: Started = { processes: new Map(), detached };
    // Its components start together and hold a share of the machine while it runs (common/budget.ts).
    const lease = await acquire("kubernetes-node", "the Kubernetes node");
    try {
      const node = await start(started);
      await lease.started();
      return {
        ...node,
        stop: async () => {
          try {
            await node.stop();
          } finally {
            await lease.release();
          }
        },
      };
    } catch (error) {
      await lease.release();
      const logs = await Promise.all(
        [...started.processes.keys()].map(async (c) => `--- ${c}:\n${await logTail(logFile(c), 15)}`),
      );
      const machine = await describeMachine().catch(() => "the machine: unknown");
      await stopNode(started).catch(() => undefined);
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${machine}\n${logs.join("\n")}`);
    }
  };
  // A detached node outlives the lock (its process exits): the next start removes it.
  if (detached) return withFileLock(nodeLock(), startOnce, Number.POSITIVE_INFINITY);
  // Otherwise the lock is held for the node's life: a second start waits for stop() (or for this process's end).
  return new Promise<KubernetesNode>((resolve, reject) => {
    withFileLock(
      nodeLock(),
      async () => {
        const node = await startOnce();
        await new Promise<void>((released) =>
          resolve({
            ...node,
            stop: async () => {
              try {
                await node.stop();
              } finally {
                released();
              }
            },
          }),
        );
      },
      Number.POSITIVE_INFINITY,
    ).catch(reject);
  });
}

/** The run's shared node, started on first use (stopped by the mocha root hook). */
export function getSharedKubernetesNode(): Promise<KubernetesNode> {
  return sharedInstance("kubernetes-node", () => startKubernetesNode());
}

/**
 * The run's shared API server (the Strimzi provider's tests; their CRDs are theirs to apply): the node's, so a run
 * that installs the chart and tests the provider starts one Kubernetes, not two.
 */
export function getSharedKubeApiServer(): Promise<KubeApiServer> {
  return getSharedKubernetesNode();
}

async function ensureNodePrerequisites(): Promise<void> {
  if (process.getuid?.() !== 0) throw new Error("a Kubernetes node needs root (namespaces, cgroups, mounts)");
  await ensurePrerequisites(await kubernetesNodePrerequisites());
}
