import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse, YAMLParseError } from "yaml";
import { KubeClient, type KubeClientOptions, readToken } from "./kube-client.js";

/** A kubeconfig kcp cannot use as it is: what is missing or unsupported, never a credential. */
export class KubeconfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "KubeconfigError";
  }
}

/** An entry of a kubeconfig's lists: `{ name, cluster: {...} }`, `{ name, user: {...} }`, `{ name, context: {...} }`. */
type Entry = { name?: unknown } & Record<string, unknown>;

interface KubeconfigCluster {
  server?: string;
  "certificate-authority-data"?: string;
  "certificate-authority"?: string;
  "insecure-skip-tls-verify"?: boolean;
}

interface KubeconfigUser {
  token?: string;
  tokenFile?: string;
  "client-certificate-data"?: string;
  "client-key-data"?: string;
  "client-certificate"?: string;
  "client-key"?: string;
  exec?: { command?: string };
  "auth-provider"?: { name?: string };
  username?: string;
}

interface KubeconfigContext {
  cluster?: string;
  user?: string;
  namespace?: string;
}

interface Kubeconfig {
  "current-context"?: string;
  clusters?: Entry[];
  users?: Entry[];
  contexts?: Entry[];
}

/** A kubeconfig's text as an object; a parse error says where, not what (the line could hold a token). */
function parseKubeconfig(text: string): Kubeconfig {
  let config: unknown;
  try {
    config = parse(text);
  } catch (error) {
    const line = error instanceof YAMLParseError ? ` (line ${error.linePos?.[0].line ?? "?"})` : "";
    throw new KubeconfigError(`the kubeconfig is neither YAML nor JSON${line}`);
  }
  if (typeof config !== "object" || config === null) throw new KubeconfigError("the kubeconfig is not a mapping");
  return config as Kubeconfig;
}

/** What entry `name` of a kubeconfig list holds under `field`. */
function entry<T>(list: Entry[] | undefined, field: string, name: string): T {
  const found = (Array.isArray(list) ? list : []).find((item) => item?.name === name);
  if (!found) throw new KubeconfigError(`the kubeconfig has no ${field} named "${name}"`);
  return (found[field] ?? {}) as T;
}

function pem(data: string, what: string): string {
  const text = Buffer.from(data, "base64").toString("utf8");
  if (!text.includes("-----BEGIN ")) throw new KubeconfigError(`${what} is not base64 of a PEM block`);
  return text;
}

function clusterOptions(cluster: KubeconfigCluster, name: string): Pick<KubeClientOptions, "server" | "caCertificate"> {
  if (!cluster.server) throw new KubeconfigError(`cluster "${name}" of the kubeconfig has no server`);
  if (cluster["insecure-skip-tls-verify"]) {
    throw new KubeconfigError(`cluster "${name}" skips TLS verification, which kcp does not do: give its CA`);
  }
  if (cluster["certificate-authority"] && !cluster["certificate-authority-data"]) {
    throw new KubeconfigError(
      `cluster "${name}" names its CA by a file path; embed it (kubectl config view --raw --flatten --minify)`,
    );
  }
  const data = cluster["certificate-authority-data"];
  return {
    server: cluster.server,
    ...(data ? { caCertificate: pem(data, `certificate-authority-data of "${name}"`) } : {}),
  };
}

/** The user's credentials: a token, or a client certificate and key embedded as data. */
function userOptions(
  user: KubeconfigUser,
  name: string,
): Pick<KubeClientOptions, "token" | "clientCertificate" | "clientKey"> {
  if (user.token) return { token: user.token };
  const [cert, key] = [user["client-certificate-data"], user["client-key-data"]];
  if (cert && key) {
    return {
      clientCertificate: pem(cert, `client-certificate-data of "${name}"`),
      clientKey: pem(key, `client-key-data of "${name}"`),
    };
  }
  if (cert || key)
    throw new KubeconfigError(`user "${name}" has only one of client-certificate-data and client-key-data`);
  throw new KubeconfigError(`user "${name}" of the kubeconfig has ${unsupportedCredential(user)}`);
}

function unsupportedCredential(user: KubeconfigUser): string {
  if (user.exec)
    return `an exec plugin (${user.exec.command ?? "?"}), which kcp does not run: give it a service account token`;
  if (user["auth-provider"]) return `an auth-provider (${user["auth-provider"].name ?? "?"}), which kcp does not run`;
  if (user.tokenFile || user["client-certificate"]) {
    return "credentials in files; embed them (kubectl config view --raw --flatten --minify)";
  }
  if (user.username) return "a username and password, which kcp does not use: give it a token";
  return "no token and no client certificate";
}

/**
 * A client for a kubeconfig (YAML or JSON): its current context, or `context`; that context's cluster (server, CA data)
 * and user (token, or client certificate and key data). Exec plugins and file paths are refused with the reason: kcp
 * runs in a pod and cannot count on the CLIs or files of the machine the kubeconfig was made on.
 */
export function kubeClientFromKubeconfig(text: string, context?: string, timeoutMs?: number): KubeClient {
  const config = parseKubeconfig(text);
  const contextName = context ?? config["current-context"];
  if (!contextName) throw new KubeconfigError("the kubeconfig has no current-context: name the context to use");
  const chosen = entry<KubeconfigContext>(config.contexts, "context", contextName);
  if (!chosen.cluster) throw new KubeconfigError(`context "${contextName}" of the kubeconfig names no cluster`);
  if (!chosen.user) throw new KubeconfigError(`context "${contextName}" of the kubeconfig names no user`);
  return new KubeClient({
    ...clusterOptions(entry(config.clusters, "cluster", chosen.cluster), chosen.cluster),
    ...userOptions(entry(config.users, "user", chosen.user), chosen.user),
    ...(chosen.namespace ? { namespace: chosen.namespace } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}

/** Where kubelet mounts a pod's service account: token, ca.crt, namespace. */
export const SERVICE_ACCOUNT_DIR = "/var/run/secrets/kubernetes.io/serviceaccount";

export interface InClusterOptions {
  /** Default: SERVICE_ACCOUNT_DIR. */
  dir?: string;
  /** Default: process.env (KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT). */
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
}

/**
 * A client for the API server of the pod kcp runs in, as its service account: the `kubernetes` service's address from
 * the environment, the cluster's CA and the token from the mounted files (the token read again as kubelet rotates it).
 */
export async function kubeClientInCluster(options: InClusterOptions = {}): Promise<KubeClient> {
  const dir = options.dir ?? SERVICE_ACCOUNT_DIR;
  const env = options.env ?? process.env;
  const host = env.KUBERNETES_SERVICE_HOST;
  const port = env.KUBERNETES_SERVICE_PORT;
  if (!host || !port) {
    throw new KubeconfigError("not in a Kubernetes pod: KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT are unset");
  }
  const caCertificate = await readFile(join(dir, "ca.crt"), "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new KubeconfigError(`could not read the service account's CA ${join(dir, "ca.crt")}: ${error.code}`);
  });
  await readToken(join(dir, "token"));
  const namespace = (await readFile(join(dir, "namespace"), "utf8").catch(() => "")).trim();
  return new KubeClient({
    server: `https://${host.includes(":") ? `[${host}]` : host}:${port}`,
    caCertificate,
    tokenFile: join(dir, "token"),
    ...(namespace ? { namespace } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
}
