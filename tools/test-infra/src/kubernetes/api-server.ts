import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type Component,
  freePort,
  type ManagedProcess,
  makeRunDir,
  startProcess,
  tail,
  waitFor,
} from "../common/index.js";
import { ensureKubernetesBinaries } from "./binaries.js";
import { type KubeConnection, kubeRequest } from "./client.js";
import { generateKubePki, type KubePki } from "./pki.js";

/** A real kube-apiserver over its own etcd, as envtest runs one: no nodes, no controllers, no scheduler. */
export interface KubeApiServer extends Component, KubeConnection {
  /** https://127.0.0.1:<port> */
  readonly url: string;
  /** Bearer token of user kcp-admin, in group system:masters (allowed everything by RBAC). */
  readonly token: string;
  /** PEM of the CA that signed the serving certificate: the only CA a client should trust for it. */
  readonly caCertificate: string;
  /** A kubeconfig (JSON, which is YAML too) for url, token and CA; namespace `default`. */
  readonly kubeconfig: string;
  /** The same kubeconfig as a file (for kubectl or helm `--kubeconfig`); removed by stop(). */
  readonly kubeconfigFile: string;
  /** The folder of etcd's data, the certificates and both logs (removed by stop()). */
  readonly dir: string;
  /** Stops kube-apiserver, then etcd, and removes the folder. */
  stop(): Promise<void>;
}

export interface KubeApiServerOptions {
  /** More kube-apiserver flags (e.g. `--feature-gates=...`), after the harness's own. */
  extraArgs?: string[];
}

/** The loopback stays out of any proxy the environment names (grpc-go, etcd's client, honours HTTPS_PROXY). */
const CHILD_ENV = { NO_PROXY: "127.0.0.1,localhost", no_proxy: "127.0.0.1,localhost" };

export async function logTail(file: string, lines = 30): Promise<string> {
  return (await tail(file, 64 * 1024)).slice(-lines).join("\n");
}

/** etcd on two free loopback ports, its data in `dir`; fsync off, as envtest runs it: the data dies with the test. */
async function startEtcd(binary: string, dir: string, started: ManagedProcess[]): Promise<string> {
  const [clientPort, peerPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${clientPort}`;
  const peerUrl = `http://127.0.0.1:${peerPort}`;
  const process = await startProcess({
    command: binary,
    args: [
      ...["--name", "kcp-test", "--data-dir", join(dir, "etcd"), "--log-level", "warn", "--unsafe-no-fsync"],
      ...["--listen-client-urls", url, "--advertise-client-urls", url],
      ...["--listen-peer-urls", peerUrl, "--initial-advertise-peer-urls", peerUrl],
      ...["--initial-cluster", `kcp-test=${peerUrl}`],
    ],
    env: CHILD_ENV,
    logFile: join(dir, "etcd.log"),
  });
  started.push(process);
  await waitFor(
    `etcd on ${url}`,
    async () => {
      const response = await fetch(`${url}/health`);
      return ((await response.json()) as { health?: string }).health === "true" ? true : undefined;
    },
    { giveUpIf: () => (process.hasExited() ? new Error("etcd exited") : undefined) },
  );
  return url;
}

/**
 * envtest's flags: RBAC with a static admin token, service account tokens signed by a key of this server, the
 * ServiceAccount admission plugin off (no controller makes the service accounts it would wait for). And no endpoint
 * reconciler: the endpoints of the `kubernetes` service may not be a loopback address, it would only log errors.
 */
function apiServerArgs(port: number, etcdUrl: string, dir: string, pki: KubePki, extraArgs: string[]): string[] {
  return [
    ...["--bind-address=127.0.0.1", "--advertise-address=127.0.0.1", `--secure-port=${port}`],
    ...[`--cert-dir=${join(dir, "certs")}`, `--tls-cert-file=${pki.servingCertFile}`],
    `--tls-private-key-file=${pki.servingKeyFile}`,
    ...[`--etcd-servers=${etcdUrl}`, "--service-cluster-ip-range=10.0.0.0/24", "--allow-privileged=true"],
    ...["--authorization-mode=RBAC", `--token-auth-file=${pki.tokenFile}`],
    `--service-account-key-file=${pki.serviceAccountKeyFile}`,
    `--service-account-signing-key-file=${pki.serviceAccountSigningKeyFile}`,
    `--service-account-issuer=https://127.0.0.1:${port}`,
    ...["--disable-admission-plugins=ServiceAccount", "--endpoint-reconciler-type=none"],
    ...extraArgs,
  ];
}

/** The kubeconfig of a server: one cluster, one user (the admin token), one context. */
export function kubeconfigOf(connection: KubeConnection): string {
  const cluster = {
    server: connection.url,
    "certificate-authority-data": Buffer.from(connection.caCertificate).toString("base64"),
  };
  const config = {
    apiVersion: "v1",
    kind: "Config",
    clusters: [{ name: "kcp-test", cluster }],
    users: [{ name: "kcp-admin", user: { token: connection.token } }],
    contexts: [{ name: "kcp-test", context: { cluster: "kcp-test", user: "kcp-admin", namespace: "default" } }],
    "current-context": "kcp-test",
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

async function startApiServer(
  binary: string,
  etcdUrl: string,
  dir: string,
  options: KubeApiServerOptions,
  started: ManagedProcess[],
): Promise<KubeConnection> {
  const pki = await generateKubePki(join(dir, "pki"));
  const port = await freePort();
  const connection = { url: `https://127.0.0.1:${port}`, token: pki.token, caCertificate: pki.caCertificate };
  const process = await startProcess({
    command: binary,
    args: apiServerArgs(port, etcdUrl, dir, pki, options.extraArgs ?? []),
    env: CHILD_ENV,
    logFile: join(dir, "kube-apiserver.log"),
  });
  started.push(process);
  await waitFor(
    `kube-apiserver /readyz on ${connection.url}`,
    async () => {
      const response = await kubeRequest(connection, "GET", "/readyz");
      return response.status === 200 && response.text.trim() === "ok" ? true : undefined;
    },
    {
      timeoutMs: 180_000,
      giveUpIf: () => (process.hasExited() ? new Error("kube-apiserver exited") : undefined),
    },
  );
  return connection;
}

/**
 * A real kube-apiserver (and its etcd) on free loopback ports in a fresh folder, ready (`/readyz` ok) when this
 * resolves. The binaries are built once from the Go module proxy (see binaries.ts); a start takes seconds.
 */
export async function startKubeApiServer(options: KubeApiServerOptions = {}): Promise<KubeApiServer> {
  const binaries = await ensureKubernetesBinaries();
  const dir = await makeRunDir("kube-apiserver");
  const started: ManagedProcess[] = [];
  const stop = async () => {
    for (const process of [...started].reverse()) await process.stop(15_000);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const etcdUrl = await startEtcd(binaries.etcd, dir, started);
    const connection = await startApiServer(binaries.kubeApiServer, etcdUrl, dir, options, started);
    const kubeconfig = kubeconfigOf(connection);
    const kubeconfigFile = join(dir, "kubeconfig");
    await writeFile(kubeconfigFile, kubeconfig, { mode: 0o600 });
    return { ...connection, kubeconfig, kubeconfigFile, dir, stop };
  } catch (error) {
    const logs = await Promise.all(["etcd.log", "kube-apiserver.log"].map((f) => logTail(join(dir, f))));
    await stop();
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\n--- etcd:\n${logs[0]}\n--- kube-apiserver:\n${logs[1]}`,
    );
  }
}
