import {
  type AgentEndpoint,
  AgentHealthSchema,
  AppError,
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
import type { CommandSigner } from "./tokens.js";

/**
 * An error of one agent request. `message` is "agent <id> <detail>"; `detail` alone reads after the agent's name
 * (capability notes). Neither ever holds a token.
 */
export class AgentError extends AppError {
  constructor(
    code: ErrorCode,
    readonly agentId: string,
    readonly detail: string,
  ) {
    super(code, `agent ${agentId} ${detail}`);
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
}

interface Call<T> {
  method: "GET" | "POST" | "PUT" | "PATCH";
  path: string;
  body?: unknown;
  schema: z.ZodType<T>;
  timeoutMs: number;
  /** Every request but /v1/health carries a fresh command token. */
  signed?: boolean;
}

const MINUTE = 60_000;

/**
 * The HTTP client of one node agent's API v1 (docs/node-agent.md). Each request but the health check carries a token
 * signed for that request alone. Errors are AgentErrors: the agent's not_found, conflict and invalid_request keep
 * their codes with the agent's message; an agent that cannot be reached is `cluster_unreachable`; anything else (a
 * refused token, a malformed answer, an agent's internal error) is `internal`. Redirects are not followed (a token is
 * for its agent only).
 */
export class AgentClient {
  readonly agentId: string;
  private readonly base: string;
  private readonly readTimeoutMs: number;

  constructor(
    endpoint: Pick<AgentEndpoint, "url" | "agentId">,
    private readonly signer: CommandSigner | undefined,
    options: AgentClientOptions = {},
  ) {
    this.agentId = endpoint.agentId;
    this.base = endpoint.url.replace(/\/+$/, "");
    this.readTimeoutMs = options.timeoutMs ?? 5_000;
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
    const headers: Record<string, string> = { accept: "application/json" };
    if (call.signed !== false) {
      if (!this.signer)
        throw this.fail("invalid_request", "cannot be commanded: no AGENT_SIGNING_KEY is configured to sign tokens");
      headers.authorization = `Bearer ${this.signer.sign(this.agentId)}`;
    }
    if (call.body !== undefined) headers["content-type"] = "application/json";
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.base}/v1${call.path}`, {
        method: call.method,
        headers,
        ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
        redirect: "error",
        signal: AbortSignal.timeout(call.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw this.fail("cluster_unreachable", `unreachable (${describeFetchError(error, call.timeoutMs)})`);
    }
    let json: unknown;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!response.ok) throw this.refusal(what, response.status, json);
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

function describeFetchError(error: unknown, timeoutMs: number): string {
  const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err.name === "TimeoutError") return `no answer within ${timeoutMs} ms`;
  return err.cause?.message ?? err.cause?.code ?? err.message ?? String(error);
}
