import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { hashPassword, verifyPassword } from "@kcp/shared";
import { EmbeddedStore, MongoStore, type Store } from "@kcp/store";
import { apiClient, getSharedMongo, nodeBundle } from "@kcp/test-infra";
import { expect } from "chai";
import { type StandaloneProcess, startStandaloneProcess } from "./process.js";

const resetAdminFile = join(dirname(fileURLToPath(import.meta.url)), "..", "src", "reset-admin.ts");

/** Runs `npm run reset-admin`'s entry point as a real process: exit code, stdout and stderr apart. */
async function runResetAdmin(env: Record<string, string>, args: string[] = []) {
  const { ADMIN_PASSWORD: _p, ADMIN_USERNAME: _u, STORE: _s, DATA_DIR: _d, MONGO_URL: _m, ...inherited } = process.env;
  const child = spawn(process.execPath, [await nodeBundle(resetAdminFile), ...args], {
    env: { ...inherited, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, stdout, stderr };
}

/** A locked-out installation: its only admin disabled, with a session and a login lockout. */
async function lockOut(store: Store): Promise<string> {
  const admin = await store.users.create({
    username: "admin",
    role: "admin",
    disabled: false,
    passwordHash: await hashPassword("the-forgotten-password"),
  });
  await store.users.update(admin.id, { disabled: true });
  await store.sessions.create({
    tokenHash: "old-session",
    userId: admin.id,
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  for (let i = 0; i < 5; i++) await store.loginAttempts.record("admin|127.0.0.1", { at: new Date(), succeeded: false });
  return admin.id;
}

describe("npm run reset-admin", function () {
  this.timeout(120_000);
  let dataDir: string;
  let running: StandaloneProcess | undefined;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "kcp-reset-admin-"));
  });
  afterEach(async () => {
    running?.child.kill("SIGKILL");
    running = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it("re-enables a locked-out admin with a generated password shown once; it logs in through the API; audited", async () => {
    const store = new EmbeddedStore(dataDir);
    await lockOut(store);
    await store.stop();

    const reset = await runResetAdmin({ STORE: "embedded", DATA_DIR: dataDir });
    expect(reset.code, reset.stderr).to.equal(0);
    const password = /^password: (\S+)$/m.exec(reset.stdout)?.[1] as string;
    expect(password).to.have.lengthOf(24);
    expect(reset.stdout).to.include('"admin" is an enabled admin again; 1 session(s) revoked');
    expect(reset.stdout).to.include("lockouts ended on 1 client address(es)");
    expect(reset.stdout.split(password)).to.have.lengthOf(2); // printed once
    expect(reset.stderr).to.not.include(password);

    running = await startStandaloneProcess({ DATA_DIR: dataDir });
    const api = apiClient(running.url);
    const login = await api<{ token: string; user: { role: string } }>("POST", "/api/v1/auth/login", {
      body: { username: "admin", password },
    });
    expect(login.status, login.text).to.equal(200);
    expect(login.body.user.role).to.equal("admin");
    const audit = await api<{ entries: Record<string, unknown>[] }>("GET", "/api/v1/audit?limit=50", {
      token: login.body.token,
    });
    const entry = audit.body.entries.find((e) => e.action === "user.reset-admin");
    expect(entry).to.include({ actor: "system:reset-admin", target: "admin", result: "success" });
    expect(entry?.detail).to.deep.equal({
      passwordGenerated: true,
      created: false,
      revokedSessions: 1,
      throttleKeysReset: 1,
    });
    expect(JSON.stringify(audit.body) + running.stdout()).to.not.include(password);

    const after = new EmbeddedStore(dataDir);
    try {
      expect(await after.sessions.findActive("old-session", new Date())).to.equal(undefined);
    } finally {
      await after.stop();
    }
  });

  it("creates the admin named by the argument with ADMIN_PASSWORD, which it never prints", async () => {
    const reset = await runResetAdmin(
      { STORE: "embedded", DATA_DIR: dataDir, ADMIN_PASSWORD: "rescue-password-0001" },
      ["rescuer"],
    );
    expect(reset.code, reset.stderr).to.equal(0);
    expect(reset.stdout).to.include('"rescuer" is an enabled admin (created)');
    expect(reset.stdout + reset.stderr).to.not.include("rescue-password-0001");
    const store = new EmbeddedStore(dataDir);
    try {
      const user = await store.users.findByUsername("rescuer");
      expect(user).to.include({ role: "admin", disabled: false });
      expect(await verifyPassword("rescue-password-0001", user?.passwordHash ?? "")).to.equal(true);
    } finally {
      await store.stop();
    }
    const refused = await runResetAdmin({ STORE: "embedded", DATA_DIR: dataDir }, ["not a name"]);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.include("not a valid username");
  });

  it("works on MongoDB with the service's MONGO_URL", async () => {
    const mongo = await getSharedMongo();
    const url = new URL(mongo.url);
    url.pathname = `/reset_${randomUUID().replaceAll("-", "")}`;
    const store = await MongoStore.open({ url: url.toString() });
    try {
      const adminId = await lockOut(store);
      const reset = await runResetAdmin({ STORE: "mongo", MONGO_URL: url.toString() });
      expect(reset.code, reset.stderr).to.equal(0);
      const password = /^password: (\S+)$/m.exec(reset.stdout)?.[1] as string;
      const user = await store.users.findById(adminId);
      expect(user).to.include({ role: "admin", disabled: false });
      expect(await verifyPassword(password, user?.passwordHash ?? "")).to.equal(true);
      expect(await store.sessions.findActive("old-session", new Date())).to.equal(undefined);
      const attempts = await store.loginAttempts.since("admin|127.0.0.1", new Date(0));
      expect(attempts.at(-1)?.succeeded).to.equal(true);
      const [entry] = await store.audit.list({ limit: 1 });
      expect(entry).to.include({ actor: "system:reset-admin", action: "user.reset-admin", target: "admin" });
    } finally {
      await store.stop();
    }
  });
});
