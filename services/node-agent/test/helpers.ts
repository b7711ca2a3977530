import { generateKeyPairSync, type KeyObject, randomUUID, sign } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { commandBinding } from "@kcp/shared";
import {
  agentNodeArgs,
  buildArtifactSource,
  freePort,
  type ManagedProcess,
  repoRoot,
  startProcess,
  waitFor,
} from "@kcp/test-infra";
import jwt from "jsonwebtoken";

/** A `file://` artifact source from the harness's Maven jars: one implementation, in `@kcp/test-infra`. */
export { buildArtifactSource };

/** The control plane's side: an ES256 (or EdDSA) key pair and command tokens signed with it. */
export class TokenMinter {
  readonly publicKeyPem: string;
  private readonly privateKey: KeyObject;

  constructor(
    readonly audience: string,
    readonly algorithm: "ES256" | "EdDSA" = "ES256",
  ) {
    const pair =
      algorithm === "ES256" ? generateKeyPairSync("ec", { namedCurve: "P-256" }) : generateKeyPairSync("ed25519");
    this.publicKeyPem = pair.publicKey.export({ type: "spki", format: "pem" }).toString();
    this.privateKey = pair.privateKey;
  }

  /**
   * A token for one request (its method, path and exact body text, as the control plane binds it); `overrides` replace
   * claims (`nodeId: null` removes the node claim) to forge mismatches.
   */
  token(request: BoundRequest, overrides: TokenOverrides = {}): string {
    const iat = overrides.iat ?? Math.floor(Date.now() / 1000);
    const { nodeId, ...binding } = {
      ...commandBinding(request.method, request.path, Buffer.from(request.body ?? "")),
      ...overrides,
    };
    const payload = {
      ...binding,
      ...(nodeId === null || nodeId === undefined ? {} : { nodeId }),
      iss: overrides.iss ?? "kcp",
      aud: overrides.aud ?? this.audience,
      iat,
      exp: overrides.exp ?? iat + 30,
      jti: overrides.jti ?? randomUUID(),
    };
    if (this.algorithm === "ES256") return jwt.sign(payload, this.privateKey, { algorithm: "ES256" });
    // jsonwebtoken 9 cannot sign EdDSA: the JWS by hand.
    const header = Buffer.from(JSON.stringify({ alg: "EdDSA", typ: "JWT" })).toString("base64url");
    const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
    const signature = sign(null, Buffer.from(`${header}.${body}`), this.privateKey).toString("base64url");
    return `${header}.${body}.${signature}`;
  }
}

/** The request a token is signed for: method, path (with /v1, no query) and the exact body text ("" when none). */
export interface BoundRequest {
  method: string;
  path: string;
  body?: string;
}

export interface TokenOverrides {
  aud?: string;
  iat?: number;
  exp?: number;
  jti?: string;
  iss?: string;
  method?: string;
  path?: string;
  nodeId?: number | null;
  bodySha256?: string;
  scope?: string;
}

export interface AgentProcess {
  url: string;
  process: ManagedProcess;
  logFile: string;
}

/** The agent as a real process (`src/main.ts` bundled, as the harness starts it), on a free port; dies with the test process. */
export async function startAgentProcess(env: Record<string, string>, logDir: string): Promise<AgentProcess> {
  const port = env.AGENT_PORT ?? String(await freePort());
  const logFile = join(logDir, `agent-${Date.now()}.log`);
  const agent = await startProcess({
    command: "node",
    args: await agentNodeArgs(),
    cwd: repoRoot,
    env: { LOG_LEVEL: "info", AGENT_HOST: "127.0.0.1", ...env, AGENT_PORT: port },
    logFile,
    budget: { kind: "node-agent", what: `node agent on port ${port}` },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    "the node agent to listen",
    async () => {
      const answer = await fetch(`${url}/v1/health`).catch(() => undefined);
      return answer?.ok ? true : undefined;
    },
    {
      timeoutMs: 30_000,
      giveUpIf: () => (agent.hasExited() ? new Error(`the agent exited; see ${logFile}`) : undefined),
    },
  );
  await agent.up();
  return { url, process: agent, logFile };
}

export async function readLog(path: string): Promise<string> {
  return readFile(path, "utf8").catch(() => "");
}

/** Kills processes by pid (the agent's nodes: not children of the test), ignoring those already gone. */
export function killPids(pids: Iterable<number>): void {
  for (const pid of pids) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone
      }
    }
  }
}

export const removeDir = (dir: string) => rm(dir, { recursive: true, force: true });
