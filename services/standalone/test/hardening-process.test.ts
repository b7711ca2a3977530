import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { apiClient } from "@kcp/test-infra";
import { expect } from "chai";
import { type StandaloneProcess, startStandaloneProcess } from "./process.js";

const admin = { username: "admin", password: "hardening-admin-password" };

/** The standalone process (as `npm start` runs it) on a data folder the test chooses; without a key it makes one. */
function startOn(dataDir: string, secretKey?: string): Promise<StandaloneProcess> {
  return startStandaloneProcess({
    DATA_DIR: dataDir,
    ...(secretKey ? { SECRET_KEY: secretKey } : {}),
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
  });
}

describe("hardening of the standalone process", function () {
  this.timeout(120_000);
  let root: string;
  const secretKey = randomBytes(32).toString("hex");

  before(async () => {
    root = await mkdtemp(join(tmpdir(), "kcp-hardening-"));
  });
  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("survives a request nested 4,000 deep (an anonymous one is refused unread), and keeps its data folder private (0700, files 0600)", async () => {
    const dataDir = join(root, "fresh", "data");
    const service = await startOn(dataDir);
    try {
      const nested = `{"a":${"[".repeat(4000)}${"]".repeat(4000)}}`;
      const headers = { "content-type": "application/json", "x-service-request": "1" };
      const anonymous = await fetch(`${service.url}/api/v1/clusters`, { method: "POST", headers, body: nested });
      expect(anonymous.status, "refused before its body is read").to.equal(401);
      const token = (await apiClient(service.url)<{ token: string }>("POST", "/api/v1/auth/login", { body: admin }))
        .body.token;
      const response = await fetch(`${service.url}/api/v1/clusters`, {
        method: "POST",
        headers: { ...headers, authorization: `Bearer ${token}` },
        body: nested,
      });
      expect(response.status).to.equal(400);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(service.child.exitCode, service.stdout()).to.equal(null);
      expect((await fetch(`${service.url}/healthz`)).status).to.equal(200);

      expect((await stat(dataDir)).mode & 0o777, "DATA_DIR").to.equal(0o700);
      const files = await readdir(dataDir);
      expect(files).to.include.members(["control-plane.sqlite", "secret.key"]);
      for (const file of files) expect((await stat(join(dataDir, file))).mode & 0o777, file).to.equal(0o600);
    } finally {
      service.child.kill("SIGTERM");
      await service.exitCode;
    }
  });

  it("keeps the audit entry of every acknowledged write when killed (SIGKILL) in the middle of a burst", async () => {
    const dataDir = join(root, "killed");
    const first = await startOn(dataDir, secretKey);
    const api = apiClient(first.url);
    const token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
    const acknowledged: string[] = [];
    const burst = Array.from({ length: 40 }, (_, i) => `burst-user-${i}`).map(async (username) => {
      const response = await api("POST", "/api/v1/users", {
        token,
        body: { username, password: "burst-user-password", role: "viewer" },
      }).catch(() => undefined);
      if (response?.status !== 201) return;
      acknowledged.push(username);
      // Killed right after the tenth answer, while the other writes are in flight.
      if (acknowledged.length === 10) first.child.kill("SIGKILL");
    });
    await Promise.all(burst);
    await first.exitCode;
    expect(acknowledged.length).to.be.at.least(10);

    const second = await startOn(dataDir, secretKey);
    try {
      const again = apiClient(second.url);
      const session = (await again<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
      const audit = await again<{ entries: { action: string; target?: string; result: string }[] }>(
        "GET",
        "/api/v1/audit?limit=1000",
        { token: session },
      );
      const audited = new Set(
        audit.body.entries.filter((e) => e.action === "user.create" && e.result === "success").map((e) => e.target),
      );
      const missing = acknowledged.filter((username) => !audited.has(username));
      expect(missing, `acknowledged ${acknowledged.length}, audited ${audited.size}`).to.deep.equal([]);
    } finally {
      second.child.kill("SIGTERM");
      await second.exitCode;
    }
  });
});
