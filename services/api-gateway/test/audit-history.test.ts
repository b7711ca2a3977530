import { randomUUID } from "node:crypto";
import { createAuditService, retentionOf } from "@kcp/audit";
import { InProcessQueue } from "@kcp/queue";
import { auditSection, createLogger, loadConfig } from "@kcp/shared";
import { type Api, apiClient } from "@kcp/test-infra";
import { expect } from "chai";
import { startTestGateway, TEST_ADMIN, type TestGateway } from "./helpers.js";

type Entry = { id: number; at: string; actor: string; action: string; result: string; clusterId?: string };
type Page = { entries: Entry[]; nextCursor?: string };

/** Audit history: filters, cursor paging, NDJSON export, retention; the operations list's paging. */
describe("audit history and operation pages", function () {
  this.timeout(120_000);
  let gateway: TestGateway;
  let api: Api;
  let admin: string;
  const TOTAL = 1_205;
  const t0 = Date.parse("2026-01-01T00:00:00Z");
  const at = (i: number) => new Date(t0 + i * 1000);

  before(async () => {
    gateway = await startTestGateway();
    api = apiClient(gateway.gateway.url);
    admin = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: TEST_ADMIN })).body.token;
    for (let i = 0; i < TOTAL; i++) {
      await gateway.store.audit.append({
        at: at(i),
        actor: i % 3 === 0 ? "carol" : "dave",
        action: i % 2 === 0 ? "topic.create" : "acl.create",
        ...(i % 5 === 0 ? { clusterId: "c-five" } : {}),
        target: `t${i}`,
        result: i % 7 === 0 ? "failure" : "success",
        detail: { i },
      });
    }
  });
  after(() => gateway?.stop());

  const page = (query: string) =>
    api<Page & { error: { code: string; message: string } }>("GET", `/api/v1/audit?${query}`, { token: admin });

  it("reaches every one of more than 1,000 entries by paging with before=, unshifted by entries written meanwhile", async () => {
    const existing = (await gateway.store.audit.list({ limit: 5000 })).map((e) => e.id);
    expect(existing.length).to.be.greaterThan(TOTAL);
    const ids: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await page(`limit=1000${cursor ? `&before=${cursor}` : ""}`);
      expect(res.status).to.equal(200);
      ids.push(...res.body.entries.map((e) => e.id));
      cursor = res.body.nextCursor;
      pages++;
      // Written while paging (the login and this request's own reads add nothing older).
      await gateway.store.audit.append({
        at: new Date(),
        actor: "eve",
        action: "topic.create",
        result: "success",
        detail: {},
      });
    } while (cursor);
    expect(pages).to.equal(2);
    expect(ids).to.deep.equal(existing); // every entry once, newest first; none of those written meanwhile
    expect([...ids].sort((a, b) => b - a)).to.deep.equal(ids);
  });

  it("filters by actor, action, result, cluster and time range; each filter's count is what the data holds", async () => {
    const count = async (query: string) => {
      let n = 0;
      let cursor: string | undefined;
      do {
        const res = await page(`limit=1000&${query}${cursor ? `&before=${cursor}` : ""}`);
        expect(res.status, query).to.equal(200);
        n += res.body.entries.length;
        cursor = res.body.nextCursor;
      } while (cursor);
      return n;
    };
    const expected = (keep: (i: number) => boolean) => Array.from({ length: TOTAL }, (_, i) => i).filter(keep).length;
    expect(await count("actor=carol")).to.equal(expected((i) => i % 3 === 0));
    expect(await count("action=acl.create")).to.equal(expected((i) => i % 2 === 1));
    expect(await count("result=failure")).to.equal(expected((i) => i % 7 === 0));
    expect(await count("clusterId=c-five&actor=carol")).to.equal(expected((i) => i % 15 === 0));
    const from = at(100).toISOString();
    const to = at(200).toISOString();
    expect(await count(`from=${from}&to=${to}&action=topic.create`)).to.equal(50);
    const newest = await page("limit=1&clusterId=c-five");
    expect(newest.body.entries[0]).to.include({ clusterId: "c-five", actor: "carol", action: "topic.create" }); // i = 1200
  });

  it("refuses a cursor it did not give and a malformed time (400 naming the field)", async () => {
    for (const query of [
      "before=abc",
      `before=${Buffer.from("operation:5").toString("base64url")}`,
      "from=yesterday",
    ]) {
      const res = await page(query);
      expect(res.status, query).to.equal(400);
      expect(res.body.error.code).to.equal("validation_failed");
      expect(res.body.error.message).to.match(/before|from/);
    }
  });

  it("exports every matching entry as NDJSON for an admin (each line parses), and audits the export", async () => {
    const res = await fetch(`${gateway.gateway.url}/api/v1/audit/export?actor=carol`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).to.equal(200);
    expect(res.headers.get("content-type")).to.match(/^application\/x-ndjson/);
    const lines = (await res.text()).split("\n").filter(Boolean);
    const entries = lines.map((line) => JSON.parse(line) as Entry);
    expect(entries).to.have.lengthOf(Array.from({ length: TOTAL }, (_, i) => i).filter((i) => i % 3 === 0).length);
    expect(entries.every((e) => e.actor === "carol")).to.equal(true);
    expect([...entries].sort((a, b) => b.id - a.id).map((e) => e.id)).to.deep.equal(entries.map((e) => e.id));
    const all = await fetch(`${gateway.gateway.url}/api/v1/audit/export`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect((await all.text()).split("\n").filter(Boolean).length).to.be.greaterThan(TOTAL);

    const [audited] = await gateway.store.audit.list({ limit: 1, action: "audit.export" });
    expect(audited).to.include({ actor: "admin", result: "success" });

    await api("POST", "/api/v1/users", {
      token: admin,
      body: { username: "reader", password: "reader-password-long", role: "viewer" },
    });
    const viewer = (
      await api<{ token: string }>("POST", "/api/v1/auth/login", {
        body: { username: "reader", password: "reader-password-long" },
      })
    ).body.token;
    const refused = await api<{ error: { code: string } }>("GET", "/api/v1/audit/export", { token: viewer });
    expect(refused.status).to.equal(403);
    expect((await page("limit=1")).status).to.equal(200);
  });

  it("retention: a sweep deletes only the entries older than the setting, newer ones stay", async () => {
    const store = gateway.store;
    const before = (await store.audit.list({ limit: 5000 })).length;
    const now = new Date(t0 + 40 * 86_400_000); // the seeded entries are 40 days old, the test's own are "future"
    const days = (d: number) => new Date(now.getTime() - d * 86_400_000);
    const kept = await store.audit.append({
      at: days(29),
      actor: "x",
      action: "retention.kept",
      result: "success",
      detail: {},
    });
    const queue = new InProcessQueue();
    const logger = createLogger({ name: "test", level: "silent" });
    const keepForever = createAuditService({ logger, store, queue });
    expect(await keepForever.sweep(now)).to.equal(0);
    const service = createAuditService({ logger, store, queue, retention: { days: 30, intervalMs: 3_600_000 } });
    const deleted = await service.sweep(now);
    const after = await store.audit.list({ limit: 5000 });
    expect(
      after.some((e) => e.id === kept.id),
      "29 days old: kept",
    ).to.equal(true);
    expect(after.every((e) => e.at.getTime() >= days(30).getTime())).to.equal(true);
    expect(deleted).to.equal(TOTAL);
    expect(after.length).to.equal(before + 1 - deleted);
    await queue.stop();
  });

  it("retention comes from the configuration: unset keeps every entry, AUDIT_RETENTION_DAYS sets the sweep", () => {
    expect(retentionOf(loadConfig(auditSection, {}))).to.equal(undefined);
    expect(retentionOf(loadConfig(auditSection, { AUDIT_RETENTION_DAYS: "30" }))).to.deep.equal({
      days: 30,
      intervalMs: 3_600_000,
    });
    expect(() => loadConfig(auditSection, { AUDIT_RETENTION_DAYS: "0" })).to.throw(/AUDIT_RETENTION_DAYS/);
  });

  it("lists a cluster's operations by status, a page at a time", async () => {
    const cluster = await gateway.store.clusters.create({
      name: `ops-${randomUUID().slice(0, 8)}`,
      profile: {
        provider: "external",
        flavor: "oss",
        bootstrapServers: ["127.0.0.1:1"],
        security: { protocol: "PLAINTEXT", saslMechanism: "" },
        secretsSet: [],
      },
      labels: {},
      settings: {},
      brokerClusterId: "x",
    });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const op = await gateway.store.operations.create({
        id: randomUUID(),
        clusterId: cluster.id,
        type: "electLeaders",
        expiresAt: new Date(Date.now() + 900_000),
        document: {
          summary: "Elect preferred leaders",
          params: { electionType: "preferred" },
          plan: { summary: "Elect preferred leaders", warnings: [], irreversible: false },
          details: {},
          irreversible: false,
          currentStep: 0,
          requestedAction: null,
          error: null,
          createdBy: "admin",
          confirmedBy: null,
          startedAt: null,
          finishedAt: null,
          steps: [],
        },
      });
      ids.push(op.id);
    }
    for (const id of [ids[0], ids[2]])
      await gateway.store.operations.transition(id as string, { from: ["planned"] }, { status: "cancelled" });
    type OpPage = { operations: { id: string; status: string }[]; nextCursor?: string };
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await api<OpPage>(
        "GET",
        `/api/v1/clusters/${cluster.id}/operations?limit=2${cursor ? `&before=${cursor}` : ""}`,
        { token: admin },
      );
      expect(res.status, JSON.stringify(gateway.logLines().filter((l) => l.level === 50))).to.equal(200);
      seen.push(...res.body.operations.map((o) => o.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).to.deep.equal([...ids].reverse());
    const cancelled = await api<OpPage>("GET", `/api/v1/clusters/${cluster.id}/operations?status=cancelled`, {
      token: admin,
    });
    expect(cancelled.body.operations.map((o) => o.id)).to.deep.equal([ids[2], ids[0]]);
    const bad = await api("GET", `/api/v1/clusters/${cluster.id}/operations?status=done`, { token: admin });
    expect(bad.status).to.equal(400);
  });
});
