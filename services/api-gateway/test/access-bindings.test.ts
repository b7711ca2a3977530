import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InProcessQueue } from "@kcp/queue";
import { createLogger, type RoleBinding, type RoleBindingSpec } from "@kcp/shared";
import { EmbeddedStore } from "@kcp/store";
import { type Api, apiClient } from "@kcp/test-infra";
import { expect } from "chai";
import { startGatewayOver, TEST_ADMIN } from "./helpers.js";

type Refusal = { error: { code: string; message: string } };
type MyAccess = { username: string; role?: string; groups: string[]; bindings: RoleBinding[] };

const payments: RoleBindingSpec = {
  subject: { kind: "user", username: "dev" },
  role: "operator",
  clusters: { labels: { env: "prod" } },
  resources: { topics: ["payments.*"], groups: ["payments-*"] },
  team: "payments",
};

const env = (extra: Record<string, string> = {}) => ({
  ADMIN_USERNAME: TEST_ADMIN.username,
  ADMIN_PASSWORD: TEST_ADMIN.password,
  ...extra,
});
const silent = createLogger({ name: "test", level: "silent" });

/** Role bindings and teams through the gateway, over the embedded store (two instances on one data folder). */
describe("role bindings and teams (API, file, instances)", function () {
  this.timeout(60_000);
  const dataDir = mkdtempSync(join(tmpdir(), "kcp-bindings-"));
  const bindingsFile = join(dataDir, "bindings.json");
  const fromFile: RoleBindingSpec[] = [
    { subject: { kind: "group", source: "corp", group: "sre" }, role: "admin", clusters: { all: true }, team: "sre" },
    {
      subject: { kind: "user", username: "dev" },
      role: "viewer",
      clusters: { labels: { env: "prod" } },
      team: "payments",
    },
  ];
  writeFileSync(bindingsFile, JSON.stringify(fromFile));
  const queue = new InProcessQueue();
  const stores: EmbeddedStore[] = [];
  const gateways: { stop(): Promise<void> }[] = [];
  let one: Api;
  let other: Api;
  let admin: string;
  let dev: string;

  const start = async (extra: Record<string, string> = {}) => {
    const store = new EmbeddedStore(dataDir);
    stores.push(store);
    const gateway = await startGatewayOver(store, queue, silent, env(extra));
    gateways.push(gateway);
    return apiClient(gateway.url);
  };
  const login = async (api: Api, username: string, password: string) =>
    (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: { username, password } })).body.token;
  const list = async (api: Api) =>
    (await api<{ bindings: RoleBinding[] }>("GET", "/api/v1/access/bindings", { token: admin })).body.bindings;

  before(async () => {
    one = await start({ ACCESS_BINDINGS_FILE: bindingsFile });
    other = await start({ ACCESS_BINDINGS_FILE: bindingsFile });
    admin = await login(one, TEST_ADMIN.username, TEST_ADMIN.password);
    const created = await one("POST", "/api/v1/users", {
      token: admin,
      body: { username: "dev", password: "dev-password-long", role: "viewer" },
    });
    expect(created.status).to.equal(201);
    dev = await login(one, "dev", "dev-password-long");
  });
  after(async () => {
    for (const gateway of gateways) await gateway.stop();
    for (const store of stores) await store.stop();
    await queue.stop();
  });

  it("loads the bindings file at start, read-only through the API (409 binding_from_file), and shows its teams", async () => {
    const bindings = await list(one);
    expect(bindings.map(({ origin, subject, role }) => ({ origin, subject, role }))).to.deep.equal([
      { origin: "file", subject: fromFile[0]?.subject, role: "admin" },
      { origin: "file", subject: fromFile[1]?.subject, role: "viewer" },
    ]);
    const [sre] = bindings;
    const replaced = await one<Refusal>("PUT", `/api/v1/access/bindings/${sre?.id}`, {
      token: admin,
      body: { ...fromFile[0], role: "viewer" },
    });
    expect(replaced.status).to.equal(409);
    expect(replaced.body.error.code).to.equal("binding_from_file");
    expect(replaced.body.error.message).to.include("ACCESS_BINDINGS_FILE");
    const deleted = await one<Refusal>("DELETE", `/api/v1/access/bindings/${sre?.id}`, { token: admin });
    expect(deleted.status).to.equal(409);
    expect(deleted.body.error.code).to.equal("binding_from_file");
    expect(await list(one)).to.deep.equal(bindings);
    const refusals = (await stores[0]?.audit.list({ limit: 100 }))?.filter((e) => e.target === "group corp:sre");
    expect(refusals?.map((e) => [e.action, e.result])).to.deep.equal([
      ["binding.delete", "failure"],
      ["binding.update", "failure"],
    ]);

    const teams = await one<{ teams: { name: string; bindings: RoleBinding[] }[] }>("GET", "/api/v1/access/teams", {
      token: admin,
    });
    expect(teams.body.teams.map((team) => [team.name, team.bindings.length])).to.deep.equal([
      ["payments", 1],
      ["sre", 1],
    ]);
  });

  it("an admin's binding for a local user, made through one instance, is in that user's access on the other at its next request", async () => {
    const before = await other<MyAccess>("GET", "/api/v1/access/me", { token: dev });
    expect(before.status).to.equal(200);
    expect(before.body).to.deep.include({ username: "dev", role: "viewer", groups: [] });
    expect(before.body.bindings.map((b) => b.origin)).to.deep.equal(["file"]);

    const created = await one<{ binding: RoleBinding }>("POST", "/api/v1/access/bindings", {
      token: admin,
      body: payments,
    });
    expect(created.status).to.equal(201);
    expect(created.body.binding).to.deep.include({ ...payments, origin: "api" });

    const after = await other<MyAccess>("GET", "/api/v1/access/me", { token: dev });
    expect(after.body.bindings.map((b) => b.id)).to.include(created.body.binding.id);
    expect(after.body.bindings.find((b) => b.id === created.body.binding.id)).to.deep.include(payments);

    // Replaced and deleted through the other instance: the first sees each at the user's next request.
    const id = created.body.binding.id;
    const replaced = await other<{ binding: RoleBinding }>("PUT", `/api/v1/access/bindings/${id}`, {
      token: admin,
      body: { ...payments, role: "viewer" },
    });
    expect(replaced.body.binding).to.deep.include({ id, role: "viewer", origin: "api" });
    const viewer = await one<MyAccess>("GET", "/api/v1/access/me", { token: dev });
    expect(viewer.body.bindings.find((b) => b.id === id)?.role).to.equal("viewer");
    const removed = await other("DELETE", `/api/v1/access/bindings/${id}`, { token: admin });
    expect(removed.status).to.equal(200);
    const again = await one<MyAccess>("GET", "/api/v1/access/me", { token: dev });
    expect(again.body.bindings.map((b) => b.id)).to.not.include(id);

    // Each change audited, its target the subject, the binding as it was before a replace or a delete.
    const changes = (await stores[0]?.audit.list({ limit: 100 }))?.filter(
      (e) => e.action.startsWith("binding.") && e.target === "user dev",
    );
    expect(changes?.map((e) => [e.action, e.target, e.result])).to.deep.equal([
      ["binding.delete", "user dev", "success"],
      ["binding.update", "user dev", "success"],
      ["binding.create", "user dev", "success"],
    ]);
    expect(changes?.[1]?.detail.before).to.include({ role: "operator" });
    expect(changes?.[0]?.detail.before).to.include({ role: "viewer" });
  });

  it("a user who is not admin over the whole service gets 403 — an admin binding on some clusters is not enough", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1/access/bindings"],
      ["POST", "/api/v1/access/bindings"],
      ["GET", "/api/v1/access/teams"],
    ] as const) {
      const refused = await one<Refusal>(method, path, { token: dev, body: method === "POST" ? payments : undefined });
      expect(refused.status, `${method} ${path}`).to.equal(403);
      expect(refused.body.error.code).to.equal("forbidden");
    }
    const narrowed = await one<{ binding: RoleBinding }>("POST", "/api/v1/access/bindings", {
      token: admin,
      body: { subject: { kind: "user", username: "dev" }, role: "admin", clusters: { labels: { env: "prod" } } },
    });
    expect(narrowed.status).to.equal(201);
    const refused = await one<Refusal>("GET", "/api/v1/access/bindings", { token: dev });
    expect(refused.status).to.equal(403);
    expect(refused.body.error.message).to.include("admin role on every cluster");
    await one("DELETE", `/api/v1/access/bindings/${narrowed.body.binding.id}`, { token: admin });
  });

  it("a pattern that is no pattern (pay*ments, empty) gets 400 with the schema's message and changes nothing", async () => {
    const before = await list(one);
    for (const [pattern, message] of [
      ["pay*ments", "a '*' may stand only at the end of a pattern"],
      ["", "must not be empty"],
    ] as const) {
      const refused = await one<Refusal>("POST", "/api/v1/access/bindings", {
        token: admin,
        body: { ...payments, resources: { topics: [pattern] } },
      });
      expect(refused.status, pattern).to.equal(400);
      expect(refused.body.error.code).to.equal("validation_failed");
      expect(refused.body.error.message).to.include(`resources.topics.0: ${message}`);
    }
    expect(await list(one)).to.deep.equal(before);
  });

  it("a bindings file with a bad entry stops the start, naming the entry and the problem", async () => {
    const bad = join(dataDir, "bad.json");
    writeFileSync(bad, JSON.stringify([fromFile[0], { ...payments, resources: { topics: ["pay*ments"] } }]));
    const store = new EmbeddedStore(dataDir);
    stores.push(store);
    const failed = await startGatewayOver(store, queue, silent, env({ ACCESS_BINDINGS_FILE: bad })).then(
      (gateway) => {
        gateways.push(gateway);
        return undefined;
      },
      (error: unknown) => error,
    );
    expect(failed).to.be.instanceOf(Error);
    expect((failed as Error).message).to.equal(
      `ACCESS_BINDINGS_FILE ${bad}: entry 2 (user dev): resources.topics.0: a '*' may stand only at the end of a pattern (a prefix), or alone for every name`,
    );
    // The bindings of the good file are still those in force.
    expect((await list(one)).filter((b) => b.origin === "file")).to.have.length(2);
  });
});
