import { createPrivateKey, createPublicKey, type KeyObject, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { type AgentConfig, AppError, commandBinding } from "@kcp/shared";
import jwt from "jsonwebtoken";

/** `iss` of every command token: the agent accepts only this issuer (docs/node-agent.md). */
export const TOKEN_ISSUER = "kcp";
/** Lifetime of a command token, in seconds: one command, sent at once; the agent accepts at most 60. */
export const TOKEN_LIFETIME_SECONDS = 45;
/**
 * The algorithm of command tokens. The agent accepts ES256 or EdDSA (docs/node-agent.md), but `jsonwebtoken` (the
 * package both ends use) signs and verifies no EdDSA: keys are EC P-256.
 */
export const TOKEN_ALGORITHM = "ES256";

function privateKeyOf(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: "pem" });
  } catch {
    // Never the key's text in a message.
    throw new Error("the agent signing key is not a readable PEM private key");
  }
  if (key.asymmetricKeyType !== "ec" || key.asymmetricKeyDetails?.namedCurve !== "prime256v1") {
    const what =
      key.asymmetricKeyType === "ec"
        ? `an EC ${key.asymmetricKeyDetails?.namedCurve} key`
        : `a ${key.asymmetricKeyType} key`;
    throw new Error(`the agent signing key must be an EC P-256 key (ES256), not ${what}`);
  }
  return key;
}

/** The request a command token is signed for: the agent checks each part against what it receives. */
export interface SignedRequest {
  method: "GET" | "POST" | "PUT" | "PATCH";
  /** With /v1, without a query. */
  path: string;
  /** The exact body bytes sent (none: the empty body). */
  body?: Uint8Array;
}

/** What the agent client signs its requests with. */
export interface TokenSigner {
  /** Whether it signs anything but GET. */
  readonly writes: boolean;
  /** A token for exactly `request` to agent `agentId`; `now` in ms (tests). */
  sign(agentId: string, request: SignedRequest, now?: number): string;
  /** The same key, signing reads (GET) only. */
  readOnly(): TokenSigner;
}

/**
 * Signs one short-lived token per agent command: `aud` = the agent's id, `iss` = "kcp", `exp` 45 s after `iat`, a
 * random `jti` the agent refuses to see twice, and the request it is for (method, path, node id, body digest, scope:
 * see commandBinding). Holds the private key in memory only; nothing it throws or returns contains the key.
 */
export class CommandSigner implements TokenSigner {
  readonly writes = true;

  private constructor(private readonly key: KeyObject) {}

  static fromPem(pem: string): CommandSigner {
    return new CommandSigner(privateKeyOf(pem));
  }

  /** The public key (SPKI PEM) to give every agent as AGENT_PUBLIC_KEY. */
  publicKeyPem(): string {
    return createPublicKey(this.key).export({ type: "spki", format: "pem" }).toString();
  }

  sign(agentId: string, request: SignedRequest, now: number = Date.now()): string {
    const binding = commandBinding(request.method, request.path, request.body);
    return jwt.sign({ iat: Math.floor(now / 1000), ...binding }, this.key, {
      algorithm: TOKEN_ALGORITHM,
      audience: agentId,
      issuer: TOKEN_ISSUER,
      expiresIn: TOKEN_LIFETIME_SECONDS,
      jwtid: randomUUID(),
    });
  }

  /** The same key, signing reads (GET) only: what a process that only reads the agents (the collector) holds. */
  readOnly(): TokenSigner {
    return new ReadOnlySigner(this);
  }

  /** Never the key in logs or serialized objects. */
  toJSON(): string {
    return "[CommandSigner]";
  }
}

/** Signs GET requests only; anything else is refused before a token exists. */
class ReadOnlySigner implements TokenSigner {
  readonly writes = false;

  constructor(private readonly signer: TokenSigner) {}

  readOnly(): TokenSigner {
    return this;
  }

  sign(agentId: string, request: SignedRequest, now?: number): string {
    if (request.method !== "GET")
      throw new AppError(
        "invalid_request",
        `agent ${agentId} is not commanded from this process: it signs reads only (${request.method} ${request.path} refused)`,
      );
    return this.signer.sign(agentId, request, now);
  }

  toJSON(): string {
    return "[ReadOnlySigner]";
  }
}

/**
 * The signer from configuration: AGENT_SIGNING_KEY, else AGENT_SIGNING_KEY_FILE, else none (then `agent` clusters
 * offer no node-lifecycle action). Error messages name the variable or file, never the key.
 */
export async function loadCommandSigner(
  config: Pick<AgentConfig, "AGENT_SIGNING_KEY" | "AGENT_SIGNING_KEY_FILE">,
): Promise<CommandSigner | undefined> {
  let pem = config.AGENT_SIGNING_KEY;
  if (pem === undefined && config.AGENT_SIGNING_KEY_FILE !== undefined) {
    const path = config.AGENT_SIGNING_KEY_FILE;
    pem = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
      throw new Error(`AGENT_SIGNING_KEY_FILE ${path} cannot be read: ${error.code ?? "error"}`);
    });
  }
  if (pem === undefined) return undefined;
  try {
    return CommandSigner.fromPem(pem);
  } catch (error) {
    const variable = config.AGENT_SIGNING_KEY !== undefined ? "AGENT_SIGNING_KEY" : "AGENT_SIGNING_KEY_FILE";
    throw new Error(`${variable}: ${(error as Error).message}`);
  }
}
