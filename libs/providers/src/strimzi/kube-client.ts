import { readFile } from "node:fs/promises";
import { STATUS_CODES } from "node:http";
import { Agent, request } from "node:https";
import { inspect } from "node:util";

const DEFAULT_TIMEOUT_MS = 30_000;
/** The name kcp's writes carry in managedFields (and the owner of its server-side applied fields). */
export const FIELD_MANAGER = "kcp";
/** Projected service account tokens rotate (kubelet rewrites the file): read it again after a minute, as client-go does. */
const TOKEN_FILE_REFRESH_MS = 60_000;

const PATCH_TYPES = {
  merge: "application/merge-patch+json",
  json: "application/json-patch+json",
  apply: "application/apply-patch+yaml",
} as const;

export type PatchType = keyof typeof PATCH_TYPES;
export type KubeQuery = Record<string, string | number | boolean | undefined>;

/**
 * An answer of the API server that was not a success. Its message is short and says only what the status line and
 * Kubernetes' own `reason` word say (e.g. "the Kubernetes API answered 422 Invalid"): the answer's body comes from
 * whatever server the kubeconfig names and is shown to nobody, in no note, health issue or operation error. The
 * Status object's message (what a 422 refused, token removed) stays in `detail`, for code that inspects it.
 */
export class KubeError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly detail: string,
  ) {
    super(`the Kubernetes API answered ${status} ${reason}`);
    this.name = "KubeError";
  }
}

/** Kubernetes' `reason` is one CamelCase word (NotFound, Invalid, Forbidden); anything else is not shown. */
const REASON = /^[A-Za-z]{1,40}$/;

/**
 * The API server could not be reached at all (refused, TLS not trusted, timed out). The message names the server and
 * the error's code only (ECONNREFUSED, a certificate error's code): a TLS error's text quotes the peer's certificate.
 */
export class KubeUnreachable extends Error {
  constructor(server: string, cause: Error) {
    super(`the Kubernetes API at ${server} did not answer: ${unreachableReason(cause)}`, { cause });
    this.name = "KubeUnreachable";
  }
}

/** Our own timeout; otherwise node's error code, a certificate's said so. */
function unreachableReason(error: Error & { code?: unknown }): string {
  if (error instanceof RequestTimeout) return error.message;
  const code = typeof error.code === "string" && /^[A-Z0-9_]{1,64}$/.test(error.code) ? error.code : undefined;
  if (code === undefined) return "the connection failed";
  return /CERT|SIGNATURE|TLS|SSL|ISSUER/.test(code) ? `its certificate is not trusted (${code})` : code;
}

/** A request that took longer than the client's timeout. */
class RequestTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

export interface KubeClientOptions {
  /** https://host:port of the API server. */
  server: string;
  /** PEM of the CA(s) the server's certificate is from: when given, the only ones trusted (else the public roots). */
  caCertificate?: string;
  /** A bearer token. */
  token?: string;
  /** A file holding the bearer token, read again every minute (a pod's rotating service account token). */
  tokenFile?: string;
  /** PEM of a client certificate and its key (kubeconfigs of kubeadm-made clusters authenticate this way). */
  clientCertificate?: string;
  clientKey?: string;
  /** The namespace the kubeconfig's context or the pod's service account names (kcp does not default to it). */
  namespace?: string;
  /** How long one request may take; default 30 s. */
  timeoutMs?: number;
}

interface Answer {
  status: number;
  text: string;
  /** The Retry-After header, as sent. */
  retryAfter?: string;
}

/**
 * How long to wait before asking again, or undefined to give up: only a 429 that says when to come back (Kubernetes
 * sends one when it did nothing: priority and fairness shed the request, or a new resource's storage is still
 * initializing), as client-go asks again, and only while the wait fits in the time left for the request.
 */
export function retryDelayMs(answer: { status: number; retryAfter?: string }, remainingMs: number): number | undefined {
  if (answer.status !== 429 || answer.retryAfter === undefined || !/^\d{1,4}$/.test(answer.retryAfter.trim()))
    return undefined;
  const delay = Math.max(Number(answer.retryAfter.trim()) * 1000, 100);
  return delay < remainingMs ? delay : undefined;
}

/**
 * A small client of the Kubernetes API over node:https: JSON in, JSON out, the few verbs the operator-managed provider
 * needs. The credentials live in private fields: neither inspect() nor JSON.stringify() nor any error shows them.
 */
export class KubeClient {
  readonly server: string;
  readonly namespace: string | undefined;
  /** How the client authenticates, for display. */
  readonly authentication: "token" | "client-certificate" | "none";
  readonly #agent: Agent;
  readonly #timeoutMs: number;
  readonly #tokenFile: string | undefined;
  #token: string | undefined;
  #tokenReadAt = 0;

  constructor(options: KubeClientOptions) {
    const url = new URL(options.server);
    if (url.protocol !== "https:") throw new Error(`the Kubernetes API server must be https://, not ${url.protocol}`);
    this.server = url.origin;
    this.namespace = options.namespace;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#token = options.token;
    this.#tokenFile = options.tokenFile;
    // Idle keep-alive sockets are unref'd by node: they hold no process open.
    this.#agent = new Agent({
      keepAlive: true,
      ...(options.caCertificate ? { ca: options.caCertificate } : {}),
      ...(options.clientCertificate ? { cert: options.clientCertificate, key: options.clientKey } : {}),
    });
    this.authentication = options.clientCertificate ? "client-certificate" : hasToken(options) ? "token" : "none";
  }

  async get<T = unknown>(path: string, query?: KubeQuery): Promise<T> {
    return (await this.call("GET", path, query)) as T;
  }

  /** A patch of `type`: JSON merge patch, JSON patch, or server-side apply (as field manager "kcp"). */
  async patch<T = unknown>(path: string, body: unknown, type: PatchType, query?: KubeQuery): Promise<T> {
    return (await this.call("PATCH", path, { fieldManager: FIELD_MANAGER, ...query }, body, PATCH_TYPES[type])) as T;
  }

  async put<T = unknown>(path: string, body: unknown, query?: KubeQuery): Promise<T> {
    return (await this.call("PUT", path, { fieldManager: FIELD_MANAGER, ...query }, body, "application/json")) as T;
  }

  /** Closes the idle connections (a client used once, in a CLI or a probe). */
  close(): void {
    this.#agent.destroy();
  }

  toJSON(): { server: string; namespace?: string; authentication: string } {
    return {
      server: this.server,
      ...(this.namespace ? { namespace: this.namespace } : {}),
      authentication: this.authentication,
    };
  }

  [inspect.custom](): string {
    return `KubeClient { server: ${this.server}, authentication: ${this.authentication} }`;
  }

  private async call(method: string, path: string, query?: KubeQuery, body?: unknown, type?: string): Promise<unknown> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { Accept: "application/json" };
    const token = await this.bearerToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (payload !== undefined) {
      headers["Content-Type"] = type ?? "application/json";
      headers["Content-Length"] = String(Buffer.byteLength(payload));
    }
    const deadline = Date.now() + this.#timeoutMs;
    for (;;) {
      const answer = await this.send(method, withQuery(path, query), headers, payload);
      if (answer.status >= 200 && answer.status < 300) return parsed(answer.text);
      const delay = retryDelayMs(answer, deadline - Date.now());
      if (delay === undefined) throw this.errorOf(answer);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  /** The token, from the file when it is one and a minute has passed since it was read. */
  private async bearerToken(): Promise<string | undefined> {
    if (!this.#tokenFile || Date.now() - this.#tokenReadAt < TOKEN_FILE_REFRESH_MS) return this.#token;
    this.#token = await readToken(this.#tokenFile);
    this.#tokenReadAt = Date.now();
    return this.#token;
  }

  private send(method: string, path: string, headers: Record<string, string>, payload?: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = request(new URL(path, this.server), { method, headers, agent: this.#agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", (error) => reject(new KubeUnreachable(this.server, error)));
        res.on("end", () => {
          const retryAfter = res.headers["retry-after"];
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString("utf8"),
            ...(retryAfter === undefined ? {} : { retryAfter }),
          });
        });
      });
      req.setTimeout(this.#timeoutMs, () => req.destroy(new RequestTimeout(this.#timeoutMs)));
      req.on("error", (error) => reject(new KubeUnreachable(this.server, error)));
      req.end(payload);
    });
  }

  /**
   * The status and the Status object's reason word (the status's own text when the reason is missing or not a word),
   * and its message as the error's `detail` (a 422 lists the fields), never the token.
   */
  private errorOf(answer: Answer): KubeError {
    const fallback = STATUS_CODES[answer.status] ?? "Error";
    let reason = fallback;
    let detail = answer.text.trim().slice(0, 1000) || fallback;
    try {
      const status = JSON.parse(answer.text) as { reason?: unknown; message?: unknown };
      if (typeof status.reason === "string" && REASON.test(status.reason)) reason = status.reason;
      if (typeof status.message === "string" && status.message) detail = status.message.slice(0, 1000);
    } catch {
      // not JSON (a proxy's page): the text as it came, in `detail` only
    }
    return new KubeError(answer.status, reason, this.#token ? detail.replaceAll(this.#token, "[token]") : detail);
  }
}

/** The body as JSON; a few endpoints (/readyz, /livez) answer plain text, kept as it is. */
function parsed(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const hasToken = (options: KubeClientOptions): boolean => Boolean(options.token || options.tokenFile);

function withQuery(path: string, query: KubeQuery | undefined): string {
  const entries = Object.entries(query ?? {}).filter((entry): entry is [string, string | number | boolean] => {
    return entry[1] !== undefined;
  });
  if (entries.length === 0) return path;
  return `${path}?${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)]))}`;
}

/** A token file's text, trimmed; its content never in the error. */
export async function readToken(file: string): Promise<string> {
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new Error(`could not read the token file ${file}: ${error.code ?? error.message}`);
  });
  const token = text.trim();
  if (!token) throw new Error(`the token file ${file} is empty`);
  return token;
}
