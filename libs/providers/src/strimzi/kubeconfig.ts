import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { AllowedHosts } from "@kcp/shared";
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
  server?: unknown;
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
  exec?: unknown;
  "auth-provider"?: unknown;
  username?: string;
}

interface KubeconfigContext {
  cluster?: string;
  user?: string;
  namespace?: unknown;
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

/** A name from the kubeconfig as an error shows it: quoted, at most 64 characters (never more of the file). */
const named = (name: unknown): string => JSON.stringify(String(name).slice(0, 64));

/** What entry `name` of a kubeconfig list holds under `field`. */
function entry<T>(list: Entry[] | undefined, field: string, name: string): T {
  const found = (Array.isArray(list) ? list : []).find((item) => item?.name === name);
  if (!found) throw new KubeconfigError(`the kubeconfig has no ${field} named ${named(name)}`);
  const value = found[field] ?? {};
  if (typeof value !== "object" || value === null)
    throw new KubeconfigError(`${field} ${named(name)} of the kubeconfig is not a mapping`);
  return value as T;
}

function pem(data: unknown, what: string): string {
  const text = typeof data === "string" ? Buffer.from(data, "base64").toString("utf8") : "";
  if (!text.includes("-----BEGIN ")) throw new KubeconfigError(`${what} is not base64 of a PEM block`);
  return text;
}

function clusterOptions(cluster: KubeconfigCluster, name: string): Pick<KubeClientOptions, "server" | "caCertificate"> {
  if (!cluster.server) throw new KubeconfigError(`cluster ${named(name)} of the kubeconfig has no server`);
  let url: URL;
  try {
    url = new URL(String(cluster.server));
  } catch {
    throw new KubeconfigError(`the server of cluster ${named(name)} of the kubeconfig is not a URL`);
  }
  if (url.protocol !== "https:")
    throw new KubeconfigError(`the server of cluster ${named(name)} of the kubeconfig must be https://`);
  if (cluster["insecure-skip-tls-verify"]) {
    throw new KubeconfigError(`cluster ${named(name)} skips TLS verification, which kcp does not do: give its CA`);
  }
  if (cluster["certificate-authority"] && !cluster["certificate-authority-data"]) {
    throw new KubeconfigError(
      `cluster ${named(name)} names its CA by a file path; embed it (kubectl config view --raw --flatten --minify)`,
    );
  }
  const data = cluster["certificate-authority-data"];
  return {
    server: url.origin,
    ...(data ? { caCertificate: pem(data, `certificate-authority-data of ${named(name)}`) } : {}),
  };
}

/** The user's credentials: a token, or a client certificate and key embedded as data. */
function userOptions(
  user: KubeconfigUser,
  name: string,
): Pick<KubeClientOptions, "token" | "clientCertificate" | "clientKey"> {
  if (user.exec || user["auth-provider"] || user.tokenFile || user["client-certificate"] || user["client-key"])
    throw new KubeconfigError(`user ${named(name)} of the kubeconfig has ${unsupportedCredential(user)}`);
  if (typeof user.token === "string" && user.token) return { token: user.token };
  const [cert, key] = [user["client-certificate-data"], user["client-key-data"]];
  if (cert && key) {
    return {
      clientCertificate: pem(cert, `client-certificate-data of ${named(name)}`),
      clientKey: pem(key, `client-key-data of ${named(name)}`),
    };
  }
  if (cert || key)
    throw new KubeconfigError(`user ${named(name)} has only one of client-certificate-data and client-key-data`);
  throw new KubeconfigError(`user ${named(name)} of the kubeconfig has ${unsupportedCredential(user)}`);
}

/** Why a user's credentials cannot be used; names the kind only (an exec plugin's command or a path is not shown). */
function unsupportedCredential(user: KubeconfigUser): string {
  if (user.exec) return "an exec plugin, which kcp does not run: give it a service account token";
  if (user["auth-provider"]) return "an auth-provider, which kcp does not run: give it a token";
  if (user.tokenFile || user["client-certificate"] || user["client-key"]) {
    return "credentials in files; embed them (kubectl config view --raw --flatten --minify)";
  }
  if (user.username) return "a username and password, which kcp does not use: give it a token";
  return "no token and no client certificate";
}

/**
 * What a kubeconfig (YAML or JSON) says to use, without connecting: its current context, or `context`; that context's
 * cluster (server, CA data) and user (token, or client certificate and key data). Exec plugins, auth providers and
 * file paths are refused with the reason (KubeconfigError, which never quotes a credential): kcp runs in a pod and
 * cannot count on the CLIs or files of the machine the kubeconfig was made on. Checked at registration as at use.
 */
export function kubeconfigClientOptions(text: string, context?: string): KubeClientOptions {
  const config = parseKubeconfig(text);
  const contextName = context ?? config["current-context"];
  if (!contextName) throw new KubeconfigError("the kubeconfig has no current-context: name the context to use");
  const chosen = entry<KubeconfigContext>(config.contexts, "context", contextName);
  if (!chosen.cluster) throw new KubeconfigError(`context ${named(contextName)} of the kubeconfig names no cluster`);
  if (!chosen.user) throw new KubeconfigError(`context ${named(contextName)} of the kubeconfig names no user`);
  return {
    ...clusterOptions(entry(config.clusters, "cluster", chosen.cluster), chosen.cluster),
    ...userOptions(entry(config.users, "user", chosen.user), chosen.user),
    ...(typeof chosen.namespace === "string" && chosen.namespace ? { namespace: chosen.namespace } : {}),
  };
}

/**
 * Throws a KubeconfigError naming the host when the API server `options` name is not one `allowed` allows: the
 * service connects only to hosts KAFKA_ALLOWED_HOSTS lists, the Kubernetes API of a kubeconfig included.
 */
export function checkKubeServer(options: Pick<KubeClientOptions, "server">, allowed: AllowedHosts | undefined): void {
  const host = new URL(options.server).hostname;
  if (allowed && !allowed.allows(host))
    throw new KubeconfigError(
      `the Kubernetes API server host ${host} is not allowed here (KAFKA_ALLOWED_HOSTS lists the allowed hosts)`,
    );
}

/**
 * A client for a kubeconfig (kubeconfigClientOptions), whose API server must be one `allowedHosts` allows (any when
 * not given).
 */
export function kubeClientFromKubeconfig(
  text: string,
  context?: string,
  timeoutMs?: number,
  allowedHosts?: AllowedHosts,
): KubeClient {
  const options = kubeconfigClientOptions(text, context);
  checkKubeServer(options, allowedHosts);
  return new KubeClient({ ...options, ...(timeoutMs ? { timeoutMs } : {}) });
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
