import { readFileSync } from "node:fs";
import { z } from "zod";
import { AppError } from "../errors/index.js";

/** An agent id as `settings.agents` names it (AgentIdSchema). */
const AGENT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * The form of an agent URL that pins and stored settings are compared in: `https://host[:port][/path]` with the host
 * lower-cased, the default port dropped and no trailing slash. Undefined for anything else: another scheme, user
 * information, a query or a fragment — a command token is never sent over plain HTTP.
 */
export function canonicalAgentUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" || url.hostname === "") return undefined;
  if (url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "") return undefined;
  return `https://${url.host}${url.pathname.replace(/\/+$/, "")}`;
}

/** Why the service will not call an agent of `settings.agents`; read after "agent <id> " (capability notes). */
export type AgentPinRefusal = "not-pinned" | "other-url";

/**
 * `AGENT_URLS` / `AGENT_URLS_FILE`: the one URL each node agent is called at, by agent id. The configuration, not a
 * cluster's settings, decides where a command token can go: registering, testing or changing a cluster that names an
 * agent not pinned here, or at another URL, is refused before any connection, and the collector and the operations
 * worker call only the pinned URL (a stored URL that no longer matches is refused, not called). No pin: no agent
 * cluster can be registered.
 */
export class AgentPins {
  private constructor(private readonly urls: ReadonlyMap<string, string>) {}

  /** No agent pinned (AGENT_URLS and AGENT_URLS_FILE unset). */
  static readonly NONE = new AgentPins(new Map());

  /**
   * Parses `agentId=https://host:port` entries, comma-separated (`AGENT_URLS`) or one a line (`AGENT_URLS_FILE`, where
   * blank lines and lines starting with `#` are skipped). Throws an Error naming the entry (its position and, once
   * readable, its agent id) but never a URL, which could hold a credential.
   */
  static parse(text: string, form: "list" | "lines"): AgentPins {
    const urls = new Map<string, string>();
    const entries = form === "list" ? text.split(",") : text.split(/\r?\n/);
    entries.forEach((raw, index) => {
      const entry = raw.trim();
      if (entry === "" || (form === "lines" && entry.startsWith("#"))) return;
      const where = form === "list" ? `entry ${index + 1}` : `line ${index + 1}`;
      const equals = entry.indexOf("=");
      if (equals <= 0) throw new Error(`${where} is not agentId=https://host:port`);
      const agentId = entry.slice(0, equals).trim();
      if (!AGENT_ID.test(agentId))
        throw new Error(`${where}: the agent id must be 1-128 letters, digits, '.', '_' or '-', starting with one`);
      const url = canonicalAgentUrl(entry.slice(equals + 1).trim());
      if (url === undefined)
        throw new Error(`${where} (agent ${agentId}): the URL must be https:// without user, query or fragment`);
      if (urls.has(agentId)) throw new Error(`${where}: agent ${agentId} is pinned twice`);
      urls.set(agentId, url);
    });
    return new AgentPins(urls);
  }

  /** How many agents are pinned. */
  get size(): number {
    return this.urls.size;
  }

  /** The pinned URL of an agent id. */
  urlOf(agentId: string): string | undefined {
    return this.urls.get(agentId);
  }

  /** The URL to call for an agent of `settings.agents`: the pin, when the stored URL is that pin; else why not. */
  resolve(agent: { agentId: string; url: string }): { url: string } | { refusal: AgentPinRefusal } {
    const pinned = this.urls.get(agent.agentId);
    if (pinned === undefined) return { refusal: "not-pinned" };
    return canonicalAgentUrl(agent.url) === pinned ? { url: pinned } : { refusal: "other-url" };
  }

  /**
   * Throws 422 `invalid_request` naming the first agent that is not pinned or whose URL is not its pin. The message
   * names the agent id only, never the pinned URL.
   */
  check(agents: readonly { agentId: string; url: string }[]): void {
    for (const agent of agents) {
      const resolved = this.resolve(agent);
      if ("refusal" in resolved)
        throw new AppError(
          "invalid_request",
          resolved.refusal === "not-pinned"
            ? `Node agent ${agent.agentId} is not configured here (AGENT_URLS pins the URL of every agent the service may call)`
            : `Node agent ${agent.agentId} is configured at another URL (AGENT_URLS pins the URL of every agent the service may call)`,
        );
    }
  }

  /** `agentId=url` entries, comma-separated: the form of AGENT_URLS. */
  toString(): string {
    return [...this.urls].map(([agentId, url]) => `${agentId}=${url}`).join(",");
  }
}

/** The pins of a parsed configuration: AGENT_URLS, else AGENT_URLS_FILE, else none. */
export function agentPinsOf(config: Partial<AgentUrlsConfig>): AgentPins {
  return config.AGENT_URLS ?? config.AGENT_URLS_FILE ?? AgentPins.NONE;
}

function pinsFrom(text: string, form: "list" | "lines", ctx: z.RefinementCtx): AgentPins {
  try {
    return AgentPins.parse(text, form);
  } catch (error) {
    ctx.addIssue({ code: "custom", message: (error as Error).message });
    return z.NEVER;
  }
}

/**
 * Where the node agents are (read by the gateway, which checks registrations against it, and by the collector and the
 * operations worker, which call only these URLs). Each value is parsed once, at start-up.
 */
export const agentUrlsSection = z
  .object({
    /** Comma-separated `agentId=https://host:port` entries. */
    AGENT_URLS: z
      .string()
      .optional()
      .transform((text, ctx) => (text === undefined ? undefined : pinsFrom(text, "list", ctx))),
    /** A file of `agentId=https://host:port` lines instead (fleets; blank lines and `#` comments skipped). */
    AGENT_URLS_FILE: z
      .string()
      .min(1)
      .optional()
      .transform((path, ctx) => {
        if (path === undefined) return undefined;
        let text: string;
        try {
          text = readFileSync(path, "utf8");
        } catch (error) {
          ctx.addIssue({
            code: "custom",
            message: `cannot be read: ${(error as NodeJS.ErrnoException).code ?? "error"}`,
          });
          return z.NEVER;
        }
        return pinsFrom(text, "lines", ctx);
      }),
  })
  .refine((c) => c.AGENT_URLS === undefined || c.AGENT_URLS_FILE === undefined, {
    path: ["AGENT_URLS"],
    message: "set AGENT_URLS or AGENT_URLS_FILE, not both",
  });

export type AgentUrlsConfig = z.infer<typeof agentUrlsSection>;
