import { createPublicKey, type KeyObject, verify as verifySignature } from "node:crypto";
import { join } from "node:path";
import { AppError, bodyDigest, type CommandBinding, CommandBindingSchema, type Logger, scopeOf } from "@kcp/shared";
import jwt from "jsonwebtoken";
import { readJson, writeJsonAtomic } from "./files.js";

export const ISSUER = "kcp";
export const MAX_LIFETIME_SECONDS = 60;
/** Clock difference tolerated between the control plane and the agent. */
const CLOCK_TOLERANCE_SECONDS = 5;

export interface TokenClaims extends CommandBinding {
  jti: string;
  iat: number;
  exp: number;
  sub?: string;
}

/** What the agent received, as the token's binding claims are checked against it. */
export interface ReceivedRequest {
  method: string;
  /** The path as received, without the query. */
  path: string;
  /** The node id the path names (parsed strictly); undefined when it names none. */
  nodeId: number | undefined;
}

/** A token whose signature and claims match the request line; its body digest and its id are not checked yet. */
export interface PendingToken {
  readonly claims: TokenClaims;
}

/**
 * The token ids seen while their tokens could still be valid, in memory and in `<state>/jtis.json` (rewritten
 * atomically on every accepted token), so a restart of the agent does not reopen replay for their remaining life.
 */
export class SeenTokenIds {
  private readonly seen = new Map<string, number>();
  private readonly file: string;

  constructor(stateDir: string) {
    this.file = join(stateDir, "jtis.json");
  }

  async load(): Promise<void> {
    const stored = (await readJson<Record<string, number>>(this.file)) ?? {};
    const cutoff = nowSeconds() - CLOCK_TOLERANCE_SECONDS;
    for (const [jti, exp] of Object.entries(stored)) if (exp >= cutoff) this.seen.set(jti, exp);
  }

  /** False when the id was seen already; else records it (and persists before the command runs). */
  async claim(jti: string, exp: number): Promise<boolean> {
    const cutoff = nowSeconds() - CLOCK_TOLERANCE_SECONDS;
    for (const [id, until] of this.seen) if (until < cutoff) this.seen.delete(id);
    if (this.seen.has(jti)) return false;
    this.seen.set(jti, exp);
    await writeJsonAtomic(this.file, Object.fromEntries(this.seen));
    return true;
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

const refused = (reason: string) => Object.assign(new AppError("unauthenticated", "Invalid command token"), { reason });

/**
 * Verifies command tokens: ES256 (a P-256 key) through jsonwebtoken, EdDSA (an Ed25519 key) with node:crypto, since
 * jsonwebtoken 9 does not know EdDSA; the claims are checked the same way for both. The key's type decides the one
 * algorithm accepted (no algorithm confusion).
 */
export class TokenVerifier {
  private readonly key: KeyObject;
  readonly algorithm: "ES256" | "EdDSA";

  constructor(
    publicKeyPem: string,
    private readonly agentId: string,
    private readonly seen: SeenTokenIds,
    private readonly logger: Logger,
  ) {
    this.key = createPublicKey(publicKeyPem);
    if (this.key.asymmetricKeyType === "ec" && this.key.asymmetricKeyDetails?.namedCurve === "prime256v1") {
      this.algorithm = "ES256";
    } else if (this.key.asymmetricKeyType === "ed25519") {
      this.algorithm = "EdDSA";
    } else {
      throw new Error("the public key must be an EC P-256 (ES256) or Ed25519 (EdDSA) key");
    }
  }

  /**
   * Checks a token against the request line, before the body is read: signature, issuer, audience, lifetime, and that
   * it was signed for this method, path and node, with the scope of the method (a read token never authorises anything
   * but GET). Else `401 unauthenticated`.
   */
  authenticate(authorization: string | undefined, request: ReceivedRequest): PendingToken {
    const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(authorization ?? "");
    if (!match) throw refused("no bearer token");
    const token = match[1] as string;
    let payload: jwt.JwtPayload;
    try {
      payload = this.algorithm === "ES256" ? this.verifyEs256(token) : this.verifyEdDsa(token);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw refused((error as Error).message);
    }
    const claims = this.checkClaims(payload);
    if (claims.method !== request.method) throw refused("signed for another method");
    if (claims.path !== request.path) throw refused("signed for another path");
    if (claims.nodeId !== request.nodeId) throw refused("signed for another node");
    if (claims.scope !== scopeOf(request.method)) throw refused(`a ${claims.scope} token for a ${request.method}`);
    return { claims };
  }

  /**
   * Completes the check with the exact body bytes received (their digest must be the token's), then claims the token's
   * id: one token, one request, and only once every check passed.
   */
  async accept(pending: PendingToken, body: Uint8Array): Promise<TokenClaims> {
    const { claims } = pending;
    if (bodyDigest(body) !== claims.bodySha256) throw refused("signed for another body");
    if (!(await this.seen.claim(claims.jti, claims.exp))) throw refused("replayed token id");
    return claims;
  }

  /** Both checks at once: the claims of a valid, fresh token for exactly this request; else `401 unauthenticated`. */
  async verify(authorization: string | undefined, request: ReceivedRequest, body: Uint8Array): Promise<TokenClaims> {
    return this.accept(this.authenticate(authorization, request), body);
  }

  private verifyEs256(token: string): jwt.JwtPayload {
    const payload = jwt.verify(token, this.key, {
      algorithms: ["ES256"],
      audience: this.agentId,
      issuer: ISSUER,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    if (typeof payload === "string") throw refused("payload is not a JSON object");
    return payload;
  }

  private verifyEdDsa(token: string): jwt.JwtPayload {
    const [header, body, signature] = token.split(".") as [string, string, string];
    const decoded = jwt.decode(token, { complete: true });
    if (decoded?.header.alg !== "EdDSA" || typeof decoded.payload === "string") {
      throw refused("not an EdDSA token");
    }
    const ok = verifySignature(null, Buffer.from(`${header}.${body}`), this.key, Buffer.from(signature, "base64url"));
    if (!ok) throw refused("invalid signature");
    const payload = decoded.payload;
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!audiences.includes(this.agentId)) throw refused("wrong audience");
    if (payload.iss !== ISSUER) throw refused("wrong issuer");
    if (typeof payload.exp !== "number" || payload.exp + CLOCK_TOLERANCE_SECONDS < nowSeconds()) {
      throw refused("expired");
    }
    if (typeof payload.nbf === "number" && payload.nbf - CLOCK_TOLERANCE_SECONDS > nowSeconds()) {
      throw refused("not yet valid");
    }
    return payload;
  }

  private checkClaims(payload: jwt.JwtPayload): TokenClaims {
    const { jti, iat, exp } = payload;
    if (typeof iat !== "number" || typeof exp !== "number") throw refused("iat and exp are required");
    if (exp - iat > MAX_LIFETIME_SECONDS || exp <= iat) throw refused("lifetime above 60 s");
    if (iat - CLOCK_TOLERANCE_SECONDS > nowSeconds()) throw refused("issued in the future");
    if (typeof jti !== "string" || jti.length === 0 || jti.length > 256) throw refused("jti is required");
    const binding = CommandBindingSchema.safeParse(payload);
    if (!binding.success) throw refused("no valid request binding (method, path, nodeId, bodySha256, scope)");
    return { jti, iat, exp, ...binding.data, ...(typeof payload.sub === "string" ? { sub: payload.sub } : {}) };
  }

  /** Logs why a token was refused (never the token). */
  logRefusal(error: unknown, requestId: string): void {
    const reason = (error as { reason?: string }).reason;
    this.logger.warn({ requestId, reason }, "command token refused");
  }
}
