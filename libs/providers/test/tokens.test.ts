import { createHash, generateKeyPairSync } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import jwt from "jsonwebtoken";
import { CommandSigner, loadCommandSigner, TOKEN_ISSUER } from "../src/index.js";

const pemPair = (type: "ec" | "ed25519" | "rsa", namedCurve = "P-256") => {
  const options =
    type === "ec" ? { namedCurve } : type === "rsa" ? { modulusLength: 2048 } : ({} as Record<string, never>);
  const { privateKey, publicKey } = generateKeyPairSync(type as "ec", options as { namedCurve: string });
  return {
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKey: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
};

describe("agent command tokens", () => {
  const keys = pemPair("ec");
  const signer = CommandSigner.fromPem(keys.privateKey);
  const verify = (token: string, publicKey = keys.publicKey, audience = "a-1") =>
    jwt.verify(token, publicKey, { algorithms: ["ES256"], audience, issuer: TOKEN_ISSUER }) as jwt.JwtPayload;

  const nodes = { method: "GET", path: "/v1/nodes" } as const;

  it("signs ES256 with aud = the agent, iss kcp, a 30-60 s lifetime and a random jti", () => {
    const token = signer.sign("a-1", nodes);
    expect(jwt.decode(token, { complete: true })?.header.alg).to.equal("ES256");
    const claims = verify(token);
    expect(claims.aud).to.equal("a-1");
    expect(claims.iss).to.equal("kcp");
    const lifetime = (claims.exp ?? 0) - (claims.iat ?? 0);
    expect(lifetime).to.be.within(30, 60);
    expect(Math.abs((claims.iat ?? 0) - Date.now() / 1000)).to.be.below(5);
    expect(claims.jti).to.match(/^[0-9a-f-]{36}$/);
    expect(verify(signer.sign("a-1", nodes)).jti).not.to.equal(claims.jti);
  });

  it("binds each token to its request: method, path, node id, the digest of the exact body bytes, the scope", () => {
    const body = Buffer.from('{"timeoutMs":1000}');
    const stop = verify(signer.sign("a-1", { method: "POST", path: "/v1/nodes/5/stop", body }));
    expect(stop).to.include({ method: "POST", path: "/v1/nodes/5/stop", nodeId: 5, scope: "write" });
    expect(stop.bodySha256).to.equal(createHash("sha256").update(body).digest("base64url"));
    const list = verify(signer.sign("a-1", nodes));
    expect(list).to.include({ method: "GET", path: "/v1/nodes", scope: "read" });
    expect(list).not.to.have.property("nodeId");
    // No body: the digest of the empty body.
    expect(list.bodySha256).to.equal("47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU");
  });

  it("read-only: signs GET requests only, refusing anything else before a token exists", () => {
    const reader = signer.readOnly();
    expect(reader.writes).to.equal(false);
    expect(verify(reader.sign("a-1", nodes)).scope).to.equal("read");
    for (const method of ["POST", "PUT", "PATCH"] as const)
      expect(() => reader.sign("a-1", { method, path: "/v1/nodes/5" }))
        .to.throw(/signs reads only/)
        .with.property("code", "invalid_request");
    expect(JSON.stringify({ reader })).to.equal('{"reader":"[ReadOnlySigner]"}');
  });

  it("does not verify with another key, for another agent, or once expired", () => {
    const token = signer.sign("a-1", nodes);
    expect(() => verify(token, pemPair("ec").publicKey)).to.throw(/invalid signature/);
    expect(() => verify(token, keys.publicKey, "a-2")).to.throw(/audience invalid/);
    expect(() => verify(signer.sign("a-1", nodes, Date.now() - 61_000))).to.throw(/jwt expired/);
  });

  it("gives the public key that verifies its tokens (what agents hold as AGENT_PUBLIC_KEY)", () => {
    expect(verify(signer.sign("a-1", nodes), signer.publicKeyPem()).aud).to.equal("a-1");
  });

  it("refuses keys other than EC P-256, naming the kind and never echoing the key", () => {
    for (const [pair, kind] of [
      [pemPair("ed25519"), /not a ed25519 key/],
      [pemPair("rsa"), /not a rsa key/],
      [pemPair("ec", "P-384"), /not an EC secp384r1 key/],
    ] as const) {
      expect(() => CommandSigner.fromPem(pair.privateKey)).to.throw(kind);
    }
    const garbage = "-----BEGIN PRIVATE KEY-----\nnot-a-key-c2VjcmV0\n-----END PRIVATE KEY-----\n";
    expect(() => CommandSigner.fromPem(garbage))
      .to.throw(/not a readable PEM private key/)
      .with.property("message")
      .that.does.not.include("c2VjcmV0");
    expect(JSON.stringify({ signer })).to.equal('{"signer":"[CommandSigner]"}');
  });

  it("loads from AGENT_SIGNING_KEY, else AGENT_SIGNING_KEY_FILE, else none", async () => {
    const dir = await mkdtemp(join(tmpdir(), "kcp-agent-key-"));
    const file = join(dir, "agent.key");
    await writeFile(file, keys.privateKey, { mode: 0o600 });
    const fromEnv = await loadCommandSigner({ AGENT_SIGNING_KEY: keys.privateKey });
    const fromFile = await loadCommandSigner({ AGENT_SIGNING_KEY_FILE: file });
    expect(verify(fromEnv?.sign("a-1", nodes) ?? "").aud).to.equal("a-1");
    expect(verify(fromFile?.sign("a-1", nodes) ?? "").aud).to.equal("a-1");
    expect(await loadCommandSigner({})).to.equal(undefined);
    const missing = await loadCommandSigner({ AGENT_SIGNING_KEY_FILE: join(dir, "none") }).catch((e: Error) => e);
    expect((missing as Error).message).to.match(/^AGENT_SIGNING_KEY_FILE .* cannot be read: ENOENT$/);
    const wrong = await loadCommandSigner({ AGENT_SIGNING_KEY: pemPair("ed25519").privateKey }).catch((e: Error) => e);
    expect((wrong as Error).message).to.match(/^AGENT_SIGNING_KEY: the agent signing key must be an EC P-256 key/);
  });
});
