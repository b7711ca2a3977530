import { createHash } from "node:crypto";
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createLogger } from "@kcp/shared";
import { makeRunDir } from "@kcp/test-infra";
import { expect } from "chai";
import { archiveName, ClassDataArchives, keepsDump } from "../src/class-data.js";
import { Installations, libsChecksum, parseChecksumFile, SeenTokenIds, TokenVerifier } from "../src/index.js";
import { renderProperties } from "../src/properties.js";
import { removeDir, TokenMinter } from "./helpers.js";

const logger = createLogger({ name: "node-agent-test", level: "silent" });

describe("node agent (unit)", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeRunDir("agent-unit");
  });
  afterEach(async () => {
    await removeDir(dir);
  });

  /** The request every token below is checked against, unless a test says otherwise. */
  const stopFive = { method: "POST", path: "/v1/nodes/5/stop", body: '{"timeoutMs":1000}' };
  const received = (request: { method: string; path: string; body?: string }) => ({
    request: { method: request.method, path: request.path, nodeId: nodeIdOf(request.path) },
    body: Buffer.from(request.body ?? ""),
  });

  for (const algorithm of ["ES256", "EdDSA"] as const) {
    describe(`command tokens (${algorithm})`, () => {
      const minter = new TokenMinter("agent-a", algorithm);
      const verifierFor = async (stateDir: string) => {
        const seen = new SeenTokenIds(stateDir);
        await seen.load();
        return new TokenVerifier(minter.publicKeyPem, "agent-a", seen, logger);
      };

      it("accepts a fresh token once, and refuses it again even after a restart of the agent", async () => {
        const verifier = await verifierFor(dir);
        const token = minter.token(stopFive);
        const { request, body } = received(stopFive);
        const claims = await verifier.verify(`Bearer ${token}`, request, body);
        expect(claims).to.include({ method: "POST", path: "/v1/nodes/5/stop", nodeId: 5, scope: "write" });
        await expectRefused(verifier, token);
        const restarted = await verifierFor(dir);
        await expectRefused(restarted, token);
      });

      it("refuses forged, expired, too long-lived, wrongly addressed and wrongly issued tokens", async () => {
        const verifier = await verifierFor(dir);
        const now = Math.floor(Date.now() / 1000);
        await expectRefused(verifier, new TokenMinter("agent-a", algorithm).token(stopFive));
        await expectRefused(verifier, minter.token(stopFive, { iat: now - 120, exp: now - 60 }));
        await expectRefused(verifier, minter.token(stopFive, { iat: now, exp: now + 61 }));
        await expectRefused(verifier, minter.token(stopFive, { aud: "agent-b" }));
        await expectRefused(verifier, minter.token(stopFive, { iss: "someone" }));
        await expectRefused(verifier, minter.token(stopFive, { jti: "" }));
        await expectRefused(verifier, "not-a-token");
      });

      it("refuses a token signed for another method, path, node, body or scope, without using up its id", async () => {
        const verifier = await verifierFor(dir);
        const jti = "one-token-one-request";
        const mismatches: [string, string, { method: string; path: string; body?: string }][] = [
          ["method", minter.token({ ...stopFive, method: "PUT" }, { jti }), stopFive],
          ["path", minter.token({ ...stopFive, path: "/v1/nodes/5/start" }, { jti }), stopFive],
          ["node", minter.token(stopFive, { jti, nodeId: 6 }), stopFive],
          ["no node", minter.token(stopFive, { jti, nodeId: null }), stopFive],
          ["body", minter.token({ ...stopFive, body: '{"timeoutMs":1}' }, { jti }), stopFive],
          ["no body", minter.token({ ...stopFive, body: "" }, { jti }), stopFive],
          ["scope", minter.token(stopFive, { jti, scope: "read" }), stopFive],
          [
            "a read token for a write",
            minter.token({ method: "GET", path: "/v1/nodes/5" }, { jti }),
            {
              method: "PUT",
              path: "/v1/nodes/5",
            },
          ],
          [
            "a node claim on a path without one",
            minter.token({ method: "GET", path: "/v1/nodes" }, { jti, nodeId: 5 }),
            {
              method: "GET",
              path: "/v1/nodes",
            },
          ],
        ];
        for (const [what, token, request] of mismatches) await expectRefused(verifier, token, request, what);
        // None of the refusals claimed the id: the token signed for exactly this request is still accepted, once.
        const exact = minter.token(stopFive, { jti });
        const { request, body } = received(stopFive);
        expect((await verifier.verify(`Bearer ${exact}`, request, body)).jti).to.equal(jti);
        await expectRefused(verifier, exact);
      });
    });
  }

  it("refuses an HS256 token signed with the public key as a secret (no algorithm confusion)", async () => {
    const minter = new TokenMinter("agent-a");
    const seen = new SeenTokenIds(dir);
    const verifier = new TokenVerifier(minter.publicKeyPem, "agent-a", seen, logger);
    const { default: jwt } = await import("jsonwebtoken");
    const now = Math.floor(Date.now() / 1000);
    const { request, body } = received(stopFive);
    const binding = { method: "POST", path: "/v1/nodes/5/stop", nodeId: 5, scope: "write" };
    const bodySha256 = createHash("sha256").update(body).digest("base64url");
    const token = jwt.sign(
      { iss: "kcp", aud: "agent-a", iat: now, exp: now + 30, jti: "x", ...binding, bodySha256 },
      minter.publicKeyPem,
      { algorithm: "HS256" },
    );
    await expectRefused(verifier, token, { ...request, body: stopFive.body });
  });

  it("parses sha512sum and Apache-style checksum files", () => {
    const hex = "a1".repeat(64);
    expect(parseChecksumFile(`${hex}  4.3.1\n`)).to.equal(hex);
    const grouped = `kafka_2.13-4.3.1.tgz: ${hex
      .toUpperCase()
      .match(/.{1,8}/g)
      ?.join(" ")}\n`;
    expect(parseChecksumFile(grouped)).to.equal(hex);
    expect(() => parseChecksumFile("nope")).to.throw();
  });

  it("installs from a folder only when the checksum of the copied jars matches, and leaves nothing otherwise", async () => {
    const source = join(dir, "source");
    await mkdir(join(source, "1.0.0", "libs"), { recursive: true });
    await writeFile(join(source, "1.0.0", "libs", "b.jar"), "bee");
    await writeFile(join(source, "1.0.0", "libs", "a.jar"), "ay");
    const sum = await libsChecksum(join(source, "1.0.0", "libs"));
    await writeFile(join(source, "1.0.0.sha512"), `${sum}  1.0.0\n`);
    await mkdir(join(source, "2.0.0", "libs"), { recursive: true });
    await writeFile(join(source, "2.0.0", "libs", "a.jar"), "ay");
    await writeFile(join(source, "2.0.0.sha512"), `${sum}\n`);
    const state = join(dir, "state");
    const installations = new Installations(state, `file://${source}`, logger);
    await installations.init();
    const installed = await installations.install("1.0.0");
    expect(installed.sha512).to.equal(sum);
    expect(await installations.install("1.0.0")).to.deep.equal(installed);
    let refused: unknown;
    await installations.install("2.0.0").catch((error: unknown) => {
      refused = error;
    });
    expect((refused as { code?: string }).code).to.equal("invalid_request");
    expect(await readdir(join(state, "installations"))).to.deep.equal(["1.0.0"]);
    expect((await installations.list()).map((i) => i.version)).to.deep.equal(["1.0.0"]);
  });

  it("renders server.properties with sorted keys and escaped separators", () => {
    expect(renderProperties({ "b.key": "x=y", "a.key": "1" })).to.match(/a\.key=1\nb\.key=x=y\n$/);
  });

  describe("class-data archives", () => {
    const installation = { version: "4.3.1", path: "/opt/kafka/4.3.1", sha512: "ab".repeat(64) };
    const archives = (enabled = true) => new ClassDataArchives({ stateDir: dir, java: "java", enabled, logger });
    /** What a JVM started with `-XX:ArchiveClassesAtExit=<dump>` leaves when it exits. */
    const writeDump = (args: string[]) =>
      writeFile((args[0] as string).slice("-XX:ArchiveClassesAtExit=".length), "archive bytes");

    it("of two starts at once one dumps; a dump of a killed JVM is dropped, one of a JVM that exited is mapped next", async () => {
      const agent = archives();
      await agent.init([installation]);
      const [first, second] = await Promise.all([agent.forStart(installation), agent.forStart(installation)]);
      const dumping = [first, second].filter((use) => use.args[0]?.startsWith("-XX:ArchiveClassesAtExit="));
      expect(dumping, "exactly one dumps").to.have.length(1);
      expect([...first.args, ...second.args]).to.have.length(1);
      await writeDump(dumping[0]?.args as string[]);
      await dumping[0]?.settle({ code: null, signal: "SIGKILL" });
      expect(await readdir(agent.dir), "dump and claim dropped").to.deep.equal([]);

      const again = await agent.forStart(installation);
      await writeDump(again.args);
      await again.settle({ code: 143, signal: null });
      expect(await readdir(agent.dir)).to.have.length(1);
      const mapped = await agent.forStart(installation);
      const archive = (await readdir(agent.dir))[0] as string;
      expect(archive).to.match(/^kafka-4\.3\.1-abababababababab-[0-9a-f]{12}\.jsa$/);
      expect(mapped.args).to.deep.equal([`-XX:SharedArchiveFile=${join(agent.dir, archive)}`]);
      expect(keepsDump({ code: 1, signal: null }, 0), "an exit that wrote nothing").to.equal(false);
      expect(keepsDump(undefined, 10), "an end not seen").to.equal(false);
    });

    it("tries two dumps of an archive while the agent runs, then starts without", async () => {
      const agent = archives();
      await agent.init([installation]);
      for (let i = 0; i < 2; i++) {
        const use = await agent.forStart(installation);
        expect(use.args[0]).to.match(/^-XX:ArchiveClassesAtExit=/);
        await writeDump(use.args);
        await use.settle({ code: null, signal: "SIGKILL" });
      }
      expect((await agent.forStart(installation)).args).to.deep.equal([]);
      const restarted = archives();
      await restarted.init([installation]);
      expect((await restarted.forStart(installation)).args[0], "a new agent tries again").to.match(/AtExit/);
    });

    it("at start drops a previous agent's dumps and claims and the archives of removed installations; off uses none", async () => {
      const agent = archives();
      await agent.init([installation]);
      const dumping = await agent.forStart(installation);
      await writeDump(dumping.args);
      const other = { ...installation, version: "4.2.2" };
      const kept = await archives();
      await kept.init([installation, other]);
      expect(await readdir(agent.dir), "the previous agent's dump and claim").to.deep.equal([]);
      const otherStart = await kept.forStart(other);
      await writeDump(otherStart.args);
      await otherStart.settle({ code: 0, signal: null });
      const [name] = await readdir(agent.dir);
      expect(name).to.match(/^kafka-4\.2\.2-/);
      expect(name?.endsWith(archiveName(other, (name ?? "").slice(-16, -4)))).to.equal(true);
      await archives().init([installation]);
      expect(await readdir(agent.dir), "4.2.2 is no longer installed").to.deep.equal([]);

      const off = archives(false);
      await off.init([installation]);
      expect(await stat(agent.dir).catch(() => undefined), "the folder removed").to.equal(undefined);
      const use = await off.forStart(installation);
      expect(use.args).to.deep.equal([]);
    });
  });
});

/** The node id a path names, as the agent parses it. */
function nodeIdOf(path: string): number | undefined {
  const match = /^\/v1\/nodes\/(\d+)/.exec(path);
  return match ? Number(match[1]) : undefined;
}

async function expectRefused(
  verifier: TokenVerifier,
  token: string,
  request: { method: string; path: string; body?: string } = {
    method: "POST",
    path: "/v1/nodes/5/stop",
    body: '{"timeoutMs":1000}',
  },
  what = "refused",
): Promise<void> {
  let caught: unknown;
  await verifier
    .verify(
      `Bearer ${token}`,
      { method: request.method, path: request.path, nodeId: nodeIdOf(request.path) },
      Buffer.from(request.body ?? ""),
    )
    .catch((error: unknown) => {
      caught = error;
    });
  expect((caught as { code?: string } | undefined)?.code, what).to.equal("unauthenticated");
  expect((caught as Error).message, what).to.equal("Invalid command token");
}
