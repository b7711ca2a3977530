import {
  type AgentEndpoint,
  AgentHealthSchema,
  AppError,
  type ArtifactAvailability,
  ArtifactAvailabilitySchema,
  type ErrorCode,
  type Installation,
  InstallationListSchema,
  InstallationSchema,
  NodeConfigSchema,
  NodeListSchema,
  type NodeStatus,
  NodeStatusSchema,
} from "@kcp/shared";
import type { z } from "zod";
import type { NodeConfigChange, NodeProvision } from "../provider.js";
import type { SignedRequest, TokenSigner } from "./tokens.js";
import { type AgentAnswer, sendTls } from "./transport.js";

/**
 * An error of one agent request. `message` is "agent <id> <detail>"; `detail` alone reads after the agent's name
 * (capability notes). Neither ever holds a token.
 */
export class AgentError extends AppError {
  constructor(
    code: ErrorCode,
    readonly agentId: string,
    readonly detail: string,
    cause?: unknown,
  ) {
    super(code, `agent ${agentId} ${detail}`, cause === undefined ? {} : { cause });
    this.name = "AgentError";
  }
}

/** How the agent's error codes reach the control plane's callers. */
const AGENT_CODES: Partial<Record<string, ErrorCode>> = {
  not_found: "not_found",
  conflict: "conflict",
  invalid_request: "invalid_request",
};

/** Anything shaped like a JWT, in case an agent ever echoes one. */
const scrub = (text: string) => text.replace(/eyJ[\w-]*\.[\w-]*\.[\w-]*/g, "[token]").slice(0, 1000);

export interface AgentClientOptions {
  /** How long a read (health, status, lists) may take; default 5 s. Commands wait as long as their action may. */
  timeoutMs?: number;
  /**
   * The CA (PEM) the agent's certificate must chain to, for the URL's host: the only trust (not the system store).
   * Without it no request is sent.
   */
  ca?: string | undefined;
}

interface Call<T> {
  method: SignedRequest["method"];
  path: string;
  body?: unknown;
  schema: z.ZodType<T>;
  timeoutMs: number;
  /** Every request but /v1/health carries a fresh command token. */
  signed?: boolean;
}

const MINUTE = 60_000;

/**
 * The HTTPS client of one node agent's API v1 (docs/node-agent.md). Each request but the health check carries a token
 * signed for that request alone (method, path, node, the digest of the exact body bytes sent). Nothing is sent unless
 * the URL is https:// and a CA is given: the agent's certificate must chain to it and name the URL's host, so a token
 * never travels in clear or to an unverified peer. Errors are AgentErrors: the agent's not_found, conflict and
 * invalid_request keep their codes with the agent's message; an agent that cannot be reached (or fails TLS) is
 * `cluster_unreachable` saying only "unreachable"; anything else (a refused token, a malformed answer, an agent's
 * internal error) is `internal`. Redirects are not followed (a token is for its agent only).
 */
export class AgentClient {
  readonly agentId: string;
  private readonly base: string;
  private readonly readTimeoutMs: number;
  private readonly ca: string | undefined;

  constructor(
    endpoint: Pick<AgentEndpoint, "url" | "agentId">,
    private readonly signer: TokenSigner | undefined,
    options: AgentClientOptions = {},
  ) {
    this.agentId = endpoint.agentId;
    this.base = endpoint.url.replace(/\/+$/, "");
    this.readTimeoutMs = options.timeoutMs ?? 5_000;
    this.ca = options.ca;
  }

  /** GET /v1/health (no token): the agent's id as it reports it. */
  async health(): Promise<{ agentId: string }> {
    const answer = await this.call({
      method: "GET",
      path: "/health",
      schema: AgentHealthSchema,
      timeoutMs: this.readTimeoutMs,
      signed: false,
    });
    return { agentId: answer.agentId };
  }

  async nodes(): Promise<NodeStatus[]> {
    const answer = await this.read("/nodes", NodeListSchema);
    return answer.nodes;
  }

  node(nodeId: number): Promise<NodeStatus> {
    return this.read(`/nodes/${nodeId}`, NodeStatusSchema);
  }

  /** SIGTERM, then SIGKILL after `timeoutMs` (the agent's default: 120 s); resolves once stopped. */
  stop(nodeId: number, options: { timeoutMs?: number } = {}): Promise<NodeStatus> {
    const body = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
    const wait = (options.timeoutMs ?? 2 * MINUTE) + MINUTE;
    return this.command("POST", `/nodes/${nodeId}/stop`, body, NodeStatusSchema, wait);
  }

  /** Resolves once the process runs (not once Kafka is healthy). */
  start(nodeId: number): Promise<NodeStatus> {
    return this.command("POST", `/nodes/${nodeId}/start`, {}, NodeStatusSchema, 2 * MINUTE);
  }

  /** Stop then start; the same `restartId` twice restarts once. `timeoutMs`: the stop's, as in `stop`. */
  restart(nodeId: number, restartId: string, options: { timeoutMs?: number } = {}): Promise<NodeStatus> {
    const body = options.timeoutMs === undefined ? { restartId } : { restartId, timeoutMs: options.timeoutMs };
    const wait = (options.timeoutMs ?? 2 * MINUTE) + 3 * MINUTE;
    return this.command("POST", `/nodes/${nodeId}/restart`, body, NodeStatusSchema, wait);
  }

  async installations(): Promise<Installation[]> {
    return (await this.read("/installations", InstallationListSchema)).installations;
  }

  /** Whether `version` is installed, or available from the agent's artifact source (nothing is downloaded). */
  artifact(version: string): Promise<ArtifactAvailability> {
    return this.read(`/artifacts/${encodeURIComponent(version)}`, ArtifactAvailabilitySchema);
  }

  /** Installs `version` (checksum verified); already installed: the same answer. Downloads may take minutes. */
  install(version: string): Promise<Installation> {
    return this.command("POST", "/installations", { version }, InstallationSchema, 15 * MINUTE);
  }

  /** The version the node runs from its next start; 422 invalid_request if not installed. */
  switchVersion(nodeId: number, version: string): Promise<NodeStatus> {
    return this.command("PUT", `/nodes/${nodeId}/version`, { version }, NodeStatusSchema, MINUTE);
  }

  /** Provisions a node; the same request twice provisions once. */
  provision(node: NodeProvision): Promise<NodeStatus> {
    const { nodeId, ...body } = node;
    return this.command("PUT", `/nodes/${nodeId}`, body, NodeStatusSchema, 5 * MINUTE);
  }

  /** The node's server.properties as the agent keeps it. */
  async config(nodeId: number): Promise<Record<string, string>> {
    return (await this.read(`/nodes/${nodeId}/config`, NodeConfigSchema)).config;
  }

  /** Changes keys of the node's server.properties (applied at its next start); the whole configuration after. */
  async patchConfig(nodeId: number, change: NodeConfigChange): Promise<Record<string, string>> {
    return (await this.command("PATCH", `/nodes/${nodeId}/config`, change, NodeConfigSchema, MINUTE)).config;
  }

  private read<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    return this.call({ method: "GET", path, schema, timeoutMs: this.readTimeoutMs });
  }

  private command<T>(
    method: Call<T>["method"],
    path: string,
    body: unknown,
    schema: z.ZodType<T>,
    timeoutMs: number,
  ): Promise<T> {
    return this.call({ method, path, body, schema, timeoutMs });
  }

  private fail(code: ErrorCode, detail: string): AgentError {
    return new AgentError(code, this.agentId, scrub(detail));
  }

  private async call<T>(call: Call<T>): Promise<T> {
    const what = `${call.method} /v1${call.path}`;
    if (!this.base.startsWith("https://"))
      throw this.fail("invalid_request", "is not at an https:// URL: nothing is sent to it");
    if (this.ca === undefined)
      throw this.fail("invalid_request", "cannot be verified: no AGENT_CA is configured, so nothing is sent to it");
    // The body is serialized once: the token is signed over exactly the bytes sent.
    const body = call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body));
    const headers: Record<string, string> = { accept: "application/json" };
    if (call.signed !== false) {
      if (!this.signer)
        throw this.fail("invalid_request", "cannot be commanded: no AGENT_SIGNING_KEY is configured to sign tokens");
      if (call.method !== "GET" && !this.signer.writes)
        throw this.fail("invalid_request", `is not commanded from this process, which only reads (${what})`);
      const request = { method: call.method, path: `/v1${call.path}`, ...(body ? { body } : {}) };
      headers.authorization = `Bearer ${this.signer.sign(this.agentId, request)}`;
    }
    if (body !== undefined) headers["content-type"] = "application/json";
    let answer: AgentAnswer;
    try {
      answer = await sendTls(`${this.base}/v1${call.path}`, {
        method: call.method,
        headers,
        ...(body ? { body } : {}),
        ca: this.ca,
        timeoutMs: call.timeoutMs,
      });
    } catch (error) {
      // Only "unreachable": no errno, address or TLS detail reaches a caller (the cause stays for the logs).
      throw new AgentError("cluster_unreachable", this.agentId, "unreachable", error);
    }
    let json: unknown;
    try {
      json = answer.text === "" ? undefined : JSON.parse(answer.text);
    } catch {
      json = undefined;
    }
    if (answer.status < 200 || answer.status > 299) throw this.refusal(what, answer.status, json);
    const parsed = call.schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw this.fail(
        "internal",
        `answered ${what} unexpectedly: ${issue?.path.join(".") || "body"}: ${issue?.message}`,
      );
    }
    return parsed.data;
  }

  private refusal(what: string, status: number, json: unknown): AgentError {
    const envelope = json as { error?: { code?: unknown; message?: unknown } } | undefined;
    const code = typeof envelope?.error?.code === "string" ? envelope.error.code : undefined;
    const message = typeof envelope?.error?.message === "string" ? envelope.error.message : `HTTP ${status}`;
    if (status === 401) return this.fail("internal", `refused the command token of ${what}: ${message}`);
    const mapped = code === undefined ? undefined : AGENT_CODES[code];
    if (mapped) return this.fail(mapped, `refused ${what}: ${message}`);
    return this.fail("internal", `failed ${what} (${status}${code ? ` ${code}` : ""}): ${message}`);
  }
}
