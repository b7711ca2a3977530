import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger, loadConfig } from "@kcp/shared";
import { type Standalone, standaloneConfigSchema, startStandalone } from "@kcp/standalone";
import { expect } from "chai";
import { run } from "../src/run.js";

const ADMIN = { username: "admin", password: "kcp-access-admin-password" };

/** kcp access: role bindings, teams and one's own access, in this process against the real service (no Kafka). */
describe("kcp access: bindings, teams and my access against the service", function () {
  this.timeout(60_000);
  let service: Standalone;
  let folder: string;
  let url: string;
  let admin: string;
  let dev: string;

  async function kcp(token: string, argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await run(argv, {
      env: { KCP_URL: url, KCP_TOKEN: token, HOME: folder, KCP_CONFIG: join(folder, "kcp.json") },
      out: (text) => out.push(text),
      err: (text) => err.push(text),
      stdin: async () => "",
      ask: async () => undefined,
    });
    return { code, out: out.join("\n"), err: err.join("\n") };
  }
  const login = async (username: string, password: string) => {
    const response = await fetch(`${url}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-service-request": "1" },
      body: JSON.stringify({ username, password }),
    });
    return ((await response.json()) as { token: string }).token;
  };

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), "kcp-access-"));
    const config = loadConfig(standaloneConfigSchema, {
      PORT: "0",
      DATA_DIR: join(folder, "data"),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
    service = await startStandalone(config, createLogger({ name: "kcp-access-test", level: "silent" }));
    url = service.gateway.url;
    admin = await login(ADMIN.username, ADMIN.password);
    await fetch(`${url}/api/v1/users`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-service-request": "1", authorization: `Bearer ${admin}` },
      body: JSON.stringify({ username: "dev", password: "dev-password-long", role: "viewer" }),
    });
    dev = await login("dev", "dev-password-long");
  });
  after(async () => {
    for (const component of service?.components ?? []) await component.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it("an admin creates, lists and deletes bindings; the user sees them under kcp access me; the team is listed", async () => {
    const created = await kcp(admin, [
      "access",
      "bindings",
      "create",
      "--user",
      "dev",
      "--role",
      "operator",
      "--cluster-label",
      "env=prod",
      "--topics",
      "payments.*",
      "--groups",
      "payments-*",
      "--team",
      "payments",
    ]);
    expect(created.code, created.err).to.equal(0);
    expect(created.out).to.match(
      /^Created binding \S+: user dev is operator on labels env=prod \(topics payments\.\*; groups payments-\*\), team payments$/,
    );

    const listed = await kcp(admin, ["access", "bindings", "list", "--json"]);
    const { bindings } = JSON.parse(listed.out) as { bindings: { id: string; team?: string }[] };
    expect(bindings).to.have.length(1);
    const id = bindings[0]?.id as string;

    const mine = await kcp(dev, ["access", "me"]);
    expect(mine.code, mine.err).to.equal(0);
    expect(mine.out).to.include("dev: local role viewer on every cluster").and.include("Groups: none");
    expect(mine.out).to.include(id).and.include("labels env=prod").and.include("topics payments.*; groups payments-*");

    const teams = await kcp(admin, ["access", "teams"]);
    expect(teams.out.split("\n")[1]).to.match(/^payments\s+\S+\s+api\s+user dev\s+operator/);

    const refused = await kcp(dev, ["access", "bindings", "list"]);
    expect(refused.code).to.equal(2);
    expect(refused.err).to.include("needs the admin role");

    const bad = await kcp(admin, [
      "access",
      "bindings",
      "create",
      "--user",
      "dev",
      "--role",
      "viewer",
      "--all-clusters",
      "--topics",
      "pay*ments",
    ]);
    expect(bad.code).to.equal(2);
    expect(bad.err).to.include("a '*' may stand only at the end of a pattern");

    const replaced = await kcp(admin, [
      "access",
      "bindings",
      "replace",
      id,
      "--user",
      "dev",
      "--role",
      "viewer",
      "--cluster-ids",
      "c1",
    ]);
    expect(replaced.code, replaced.err).to.equal(0);
    const shown = await kcp(admin, ["access", "bindings", "show", id]);
    expect(shown.out).to.match(
      new RegExp(`^Binding ${id}: user dev is viewer on ids c1 \\(whole clusters\\); from api, updated `),
    );

    const deleted = await kcp(admin, ["access", "bindings", "delete", id]);
    expect(deleted.out).to.equal(`Deleted binding ${id} (user dev, viewer)`);
    expect((await kcp(dev, ["access", "me"])).out).to.include("No role binding applies to you.");
  });

  it("a binding from a file (-f), and usage errors that name what is missing", async () => {
    const file = join(folder, "binding.yaml");
    await writeFile(file, "subject: {kind: group, source: corp, group: sre}\nrole: admin\nclusters: {all: true}\n");
    const created = await kcp(admin, ["access", "bindings", "create", "-f", file]);
    expect(created.code, created.err).to.equal(0);
    expect(created.out).to.include("group corp:sre is admin on all (whole clusters)");
    const noSubject = await kcp(admin, ["access", "bindings", "create", "--role", "viewer", "--all-clusters"]);
    expect(noSubject.code).to.equal(1);
    expect(noSubject.err).to.include("--user NAME or --group SOURCE:GROUP");
    const twoScopes = await kcp(admin, [
      "access",
      "bindings",
      "create",
      "--user",
      "x",
      "--role",
      "viewer",
      "--all-clusters",
      "--cluster-ids",
      "a",
    ]);
    expect(twoScopes.code).to.equal(1);
    expect(twoScopes.err).to.include("one of them");
  });
});
