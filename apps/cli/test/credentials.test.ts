import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { checkTransport, isLoopbackHost, sameService, tokenFor } from "../src/credentials.js";
import { Refused } from "../src/exit-codes.js";
import { run } from "../src/run.js";
import { MAX_ALIAS_COUNT, parseYamlDocuments } from "../src/yaml-files.js";

/** Runs kcp in this process: its output, errors and exit code. */
async function kcp(argv: string[], env: NodeJS.ProcessEnv, stdin = "") {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, {
    env,
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    stdin: async () => stdin,
    ask: async () => undefined,
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** A YAML alias bomb: nine lines that expand to 10^8 strings. */
const BOMB = [
  'a: &a ["x","x","x","x","x","x","x","x","x","x"]',
  "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]",
  "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]",
  "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]",
  "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]",
  "f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e,*e]",
  "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f,*f]",
  "h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g,*g]",
  "i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h,*h]",
].join("\n");

/**
 * Where kcp sends a credential, the config folder's mode, and broken files: against a small HTTP server that keeps
 * every request's Authorization header (the real service: cli.test.ts).
 */
describe("kcp: a token only to its own service, http only on loopback, the config 0700/0600, broken files (exit 2)", () => {
  let folder: string;
  let server: Server;
  let port: number;
  const seen: { url: string; host: string; authorization: string | undefined }[] = [];
  const lanAddress = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), "kcp-credentials-"));
    server = createServer((req: IncomingMessage, res) => {
      seen.push({ url: req.url ?? "", host: req.headers.host ?? "", authorization: req.headers.authorization });
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ user: { username: "ci", role: "viewer" } }));
    });
    await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(folder, { recursive: true, force: true });
  });
  beforeEach(() => {
    seen.length = 0;
  });

  it("pure: a token goes only to its own service; http only to loopback unless allowed", () => {
    expect(sameService("http://a:8080/", "HTTP://A:8080")).to.equal(true);
    expect(sameService("http://a:8080", "https://a:8080")).to.equal(false);
    expect(sameService("http://a:8080", "http://a:8081")).to.equal(false);
    for (const host of ["localhost", "127.0.0.1", "127.1.2.3", "[::1]"])
      expect(isLoopbackHost(host), host).to.equal(true);
    for (const host of ["10.0.0.1", "kcp.example", "localhost.example", "[fd00::2]", "0.0.0.0"])
      expect(isLoopbackHost(host), host).to.equal(false);
    expect(() => checkTransport("http://kcp.example:8080", false)).to.throw(Refused, /plain http to kcp\.example:8080/);
    expect(() => checkTransport("http://kcp.example:8080", true)).to.not.throw();
    expect(() => checkTransport("https://kcp.example", false)).to.not.throw();
    expect(() => checkTransport("http://127.0.0.1:8080", false)).to.not.throw();
    const base = { contextName: "ci", envToken: "env-token" };
    expect(tokenFor({ ...base, url: "https://a", envUrl: "https://a/" })).to.equal("env-token");
    expect(() => tokenFor({ ...base, url: "http://evil", envUrl: "https://a" })).to.throw(
      Refused,
      "$KCP_TOKEN belongs to https://a ($KCP_URL), not to http://evil",
    );
    expect(() => tokenFor({ ...base, url: "http://evil", stored: { url: "https://a" } })).to.throw(
      Refused,
      "the context ci's URL",
    );
    expect(() => tokenFor({ ...base, url: "http://evil" })).to.throw(Refused, "belongs to no service");
    expect(tokenFor({ ...base, url: "http://evil", envUrl: "https://a", explicit: "named" })).to.equal("named");
    const stored = { url: "https://a", token: "session" };
    expect(tokenFor({ contextName: "c", url: "https://a", stored })).to.equal("session");
    expect(tokenFor({ contextName: "c", url: "https://b", stored })).to.equal(undefined);
  });

  it("$KCP_TOKEN with --url of another service: refused (exit 2), nothing sent; named with --token-file it goes", async () => {
    const home = `http://127.0.0.1:${port}`;
    const other = `http://localhost:${port}`;
    const env = { KCP_CONFIG: join(folder, "none.json"), KCP_URL: home, KCP_TOKEN: "env-secret-token" };
    const refused = await kcp(["session", "--url", other], env);
    expect(refused.code, refused.err).to.equal(2);
    expect(refused.err).to.include(`$KCP_TOKEN belongs to ${home} ($KCP_URL), not to ${other}`);
    expect(refused.err).to.include("--token-file").and.not.include("env-secret-token");
    expect(seen, "no request at all").to.deep.equal([]);

    const own = await kcp(["session"], env);
    expect(own.code, own.err).to.equal(0);
    expect(seen.map((r) => r.authorization)).to.deep.equal(["Bearer env-secret-token"]);

    seen.length = 0;
    const file = join(folder, "other.token");
    await writeFile(file, "other-service-token\n", { mode: 0o600 });
    const named = await kcp(["session", "--url", other, "--token-file", file], env);
    expect(named.code, named.err).to.equal(0);
    expect(seen.map((r) => [r.host, r.authorization])).to.deep.equal([
      [`localhost:${port}`, "Bearer other-service-token"],
    ]);

    seen.length = 0;
    const noHome = await kcp(["session", "--url", home], { KCP_CONFIG: env.KCP_CONFIG, KCP_TOKEN: "env-secret-token" });
    expect(noHome.code).to.equal(2);
    expect(noHome.err).to.include("$KCP_TOKEN belongs to no service");
    expect(seen).to.deep.equal([]);
  });

  it("a context's URL binds $KCP_TOKEN and its session: --url elsewhere is refused, the session never sent", async () => {
    const config = join(folder, "contexts.json");
    const home = `http://127.0.0.1:${port}`;
    await writeFile(
      config,
      JSON.stringify({ currentContext: "ci", contexts: { ci: { url: home, token: "saved-session" } } }),
    );
    const viaContext = await kcp(["session"], { KCP_CONFIG: config, KCP_TOKEN: "env-secret-token" });
    expect(viaContext.code, viaContext.err).to.equal(0);
    const elsewhere = await kcp(["session", "--url", `http://localhost:${port}`], {
      KCP_CONFIG: config,
      KCP_TOKEN: "env-secret-token",
    });
    expect(elsewhere.code).to.equal(2);
    expect(elsewhere.err).to.include(`$KCP_TOKEN belongs to ${home} (the context ci's URL)`);
    const anonymous = await kcp(["session", "--url", `http://localhost:${port}`], { KCP_CONFIG: config });
    expect(anonymous.code, anonymous.err).to.equal(0);
    expect(seen.map((r) => r.authorization)).to.deep.equal(["Bearer env-secret-token", undefined]);
  });

  it("plain http to another machine: refused (exit 2) before any connection, login included; --insecure-http allows it", async function () {
    if (!lanAddress) this.skip();
    const url = `http://${lanAddress}:${port}`;
    const env = { KCP_CONFIG: join(folder, "lan.json"), KCP_URL: url, KCP_TOKEN: "env-secret-token" };
    const refused = await kcp(["session"], env);
    expect(refused.code).to.equal(2);
    expect(refused.err).to.include(`plain http to ${lanAddress}:${port}`).and.include("--insecure-http");
    const login = await kcp(["login", "--url", url, "--username", "admin"], { KCP_CONFIG: env.KCP_CONFIG }, "pw\n");
    expect(login.code).to.equal(2);
    expect(seen, "neither the token nor the password was sent").to.deep.equal([]);
    const allowed = await kcp(["session", "--insecure-http"], env);
    expect(allowed.code, allowed.err).to.equal(0);
    const byEnv = await kcp(["session"], { ...env, KCP_INSECURE_HTTP: "1" });
    expect(byEnv.code, byEnv.err).to.equal(0);
    expect(seen.map((r) => r.authorization)).to.deep.equal(["Bearer env-secret-token", "Bearer env-secret-token"]);
  });

  it("the config folder is made 0700 when it exists wider, the file 0600 even when it was wider", async () => {
    const xdg = join(folder, "xdg");
    await mkdir(join(xdg, "kcp"), { recursive: true, mode: 0o755 });
    await chmod(join(xdg, "kcp"), 0o755);
    const file = join(xdg, "kcp", "config.json");
    await writeFile(file, JSON.stringify({ url: "https://old", token: "old-token" }), { mode: 0o644 });
    await chmod(file, 0o644);
    const set = await kcp(["config", "set-context", "ci", "--url", "https://kcp.example"], { XDG_CONFIG_HOME: xdg });
    expect(set.code, set.err).to.equal(0);
    expect((await stat(join(xdg, "kcp"))).mode & 0o777).to.equal(0o700);
    expect((await stat(file)).mode & 0o777).to.equal(0o600);
  });

  it("a YAML alias bomb or a broken file: refused (exit 2; diff 1) naming the file, document and line; nothing sent", async () => {
    expect(() => parseYamlDocuments(BOMB, "bomb.yaml")).to.throw(
      Refused,
      `bomb.yaml, document 0, line 4: its aliases (*name) expand past ${MAX_ALIAS_COUNT} uses`,
    );
    const anchors = ["base: &d {partitions: 3}", ...Array.from({ length: 50 }, (_, i) => `t${i}: *d`)].join("\n");
    expect((parseYamlDocuments(anchors, "ok.yaml")[0] as Record<string, unknown>).t49).to.deep.equal({ partitions: 3 });

    const bomb = join(folder, "bomb.yaml");
    await writeFile(bomb, BOMB);
    const broken = join(folder, "broken.yaml");
    await writeFile(broken, "kind: Topic\nname: orders\npartitions: [unclosed\n");
    const env = { KCP_CONFIG: join(folder, "none.json"), KCP_URL: `http://127.0.0.1:${port}` };
    const started = Date.now();
    const applied = await kcp(["apply", "prod", "-f", bomb], env);
    expect(Date.now() - started, "refused at once").to.be.below(2000);
    expect(applied.code).to.equal(2);
    expect(applied.err).to.include(`${bomb}, document 0, line 4: its aliases`).and.not.include("cannot be reached");
    const profile = await kcp(["clusters", "register", "--name", "p", "--profile-file", bomb], env);
    expect(profile.code).to.equal(2);
    expect(profile.err).to.include(`${bomb}, document 0, line 4`);
    const diff = await kcp(["diff", "prod", "-f", broken], env);
    expect(diff.code, "diff exits 2 for changes: a refusal is 1 there").to.equal(1);
    expect(diff.err).to.match(new RegExp(`${broken}, document 0, line 4: `));
    const policy = await kcp(["policies", "create", "-f", broken], env);
    expect(policy.code).to.equal(2);
    expect(policy.err).to.include(`${broken}, document 0, line`).and.not.include("cannot be reached");
    expect(seen, "nothing was sent").to.deep.equal([]);
  });
});
