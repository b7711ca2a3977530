import { X509Certificate } from "node:crypto";
import { readFile } from "node:fs/promises";
import {
  type AgentConfig,
  type AgentEndpoint,
  AgentPins,
  type AgentUrlsConfig,
  agentPinsOf,
  CONFIG_DEFAULTS,
} from "@kcp/shared";
import { AgentClient, AgentError } from "./client.js";
import { type CommandSigner, loadCommandSigner, type TokenSigner } from "./tokens.js";

/** What a process that talks to node agents reads from its configuration. */
export type AgentAccessConfig = Partial<
  Pick<
    AgentConfig,
    "AGENT_SIGNING_KEY" | "AGENT_SIGNING_KEY_FILE" | "AGENT_REQUEST_TIMEOUT_MS" | "AGENT_CA" | "AGENT_CA_FILE"
  > &
    AgentUrlsConfig
>;

export interface AgentAccessParts {
  signer?: TokenSigner | undefined;
  pins?: AgentPins;
  /** The CA (PEM) the agents' certificates must chain to. */
  ca?: string | undefined;
  /** Each read of an agent (health, status, lists). */
  timeoutMs?: number;
}

/**
 * Everything a process needs to call node agents, built once from its configuration: the signer of the command tokens
 * (AGENT_SIGNING_KEY), the one URL each agent may be called at (AGENT_URLS / AGENT_URLS_FILE), the only CA its
 * certificate may chain to (AGENT_CA / AGENT_CA_FILE) and the timeout of a read (AGENT_REQUEST_TIMEOUT_MS). A client is
 * made only for an agent of `settings.agents` whose URL is its pin, and it calls the pin; an agent that is not
 * pinned, or pinned elsewhere, gets none and nothing is sent to it.
 */
export class AgentAccess {
  readonly signer: TokenSigner | undefined;
  readonly pins: AgentPins;
  readonly ca: string | undefined;
  readonly timeoutMs: number;

  constructor(parts: AgentAccessParts = {}) {
    this.signer = parts.signer;
    this.pins = parts.pins ?? AgentPins.NONE;
    this.ca = parts.ca;
    this.timeoutMs = parts.timeoutMs ?? 5_000;
  }

  /** From the parsed configuration; errors name the variable or file, never a key. */
  static async fromConfig(config: AgentAccessConfig): Promise<AgentAccess> {
    const signer: CommandSigner | undefined = await loadCommandSigner(config);
    return new AgentAccess({
      signer,
      pins: agentPinsOf(config),
      ca: await loadAgentCa(config),
      timeoutMs: config.AGENT_REQUEST_TIMEOUT_MS ?? CONFIG_DEFAULTS.AGENT_REQUEST_TIMEOUT_MS,
    });
  }

  /** The same access signing reads only (GET): what the collector holds, which never commands an agent. */
  readOnly(): AgentAccess {
    return new AgentAccess({
      signer: this.signer?.readOnly(),
      pins: this.pins,
      ca: this.ca,
      timeoutMs: this.timeoutMs,
    });
  }

  /** Why no agent can be asked anything (no key, or no CA to verify them); undefined when they can. */
  problem(): string | undefined {
    if (!this.signer) return "no AGENT_SIGNING_KEY is configured to sign the agents' tokens";
    if (this.ca === undefined)
      return "no AGENT_CA is configured to verify the agents' TLS certificates, so nothing is sent to them";
    return undefined;
  }

  /**
   * The client of an agent of `settings.agents`, calling its pinned URL; an AgentError (`invalid_request`) saying why
   * there is none when the agent is not pinned or its stored URL is not its pin. `timeoutMs` overrides the read timeout.
   */
  client(endpoint: Pick<AgentEndpoint, "agentId" | "url">, timeoutMs: number = this.timeoutMs): AgentClient {
    const resolved = this.pins.resolve(endpoint);
    if ("refusal" in resolved)
      throw new AgentError(
        "invalid_request",
        endpoint.agentId,
        resolved.refusal === "not-pinned"
          ? "is not pinned in AGENT_URLS: nothing is sent to it"
          : "is pinned in AGENT_URLS at another URL than settings.agents names: nothing is sent to it",
      );
    return new AgentClient({ agentId: endpoint.agentId, url: resolved.url }, this.signer, {
      timeoutMs,
      ca: this.ca,
    });
  }

  /** Never the key or the CA in logs or serialized objects. */
  toJSON(): string {
    return "[AgentAccess]";
  }
}

/**
 * AGENT_CA, else the file AGENT_CA_FILE names, else none. A CA that cannot be read or parsed stops the process with a
 * message naming the variable (never its content).
 */
async function loadAgentCa(config: AgentAccessConfig): Promise<string | undefined> {
  let variable = "AGENT_CA";
  let pem = config.AGENT_CA;
  if (pem === undefined && config.AGENT_CA_FILE !== undefined) {
    const path = config.AGENT_CA_FILE;
    variable = `AGENT_CA_FILE ${path}`;
    pem = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
      throw new Error(`${variable} cannot be read: ${error.code ?? "error"}`);
    });
  }
  if (pem === undefined) return undefined;
  try {
    const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    if (blocks.length === 0) throw new Error("no certificate");
    for (const block of blocks) new X509Certificate(block);
  } catch {
    throw new Error(`${variable}: must hold one or more CA certificates in PEM form`);
  }
  return pem;
}
