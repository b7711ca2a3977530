import {
  type ClusterListQuery,
  ClusterListQuerySchema,
  type ClusterView,
  type HealthStatus,
  viewAgeSeconds,
} from "@kcp/shared";
import { expect } from "chai";
import { fleetList, freshnessOf, isDefaultListQuery } from "../src/fleet-list.js";

const NOW = Date.parse("2026-11-29T12:00:00.000Z");
const SETTINGS = { intervalSeconds: 30, timeoutMs: 20_000 };
/** Older than this (2 × 30 s + 20 s) a view with the default interval is stale. */
const LIMIT_MS = 80_000;
const iso = (ms: number) => new Date(ms).toISOString();
const ago = (ms: number) => new Date(NOW - ms).toISOString();

interface Spec {
  id: string;
  name: string;
  status?: HealthStatus;
  issues?: number;
  labels?: Record<string, string>;
  provider?: "external" | "agent" | "container" | "operator-managed";
  ageMs?: number;
  createdAgoMs?: number;
  settings?: Record<string, unknown>;
}

function view(spec: Spec): ClusterView {
  return {
    cluster: {
      id: spec.id,
      name: spec.name,
      provider: spec.provider ?? "external",
      flavor: "oss",
      bootstrapServers: ["kafka:9092"],
      security: { protocol: "PLAINTEXT" },
      labels: spec.labels ?? {},
      settings: spec.settings ?? {},
      brokerClusterId: "",
      secretsSet: [],
      createdAt: ago(spec.createdAgoMs ?? 86_400_000),
      updatedAt: ago(spec.createdAgoMs ?? 86_400_000),
    },
    health: {
      status: spec.status ?? "ok",
      issues: Array.from({ length: spec.issues ?? 0 }, (_, i) => ({
        severity: "warning" as const,
        code: "under_replicated" as const,
        message: `issue ${i}`,
      })),
    },
    capabilities: { refusals: [], notes: [] },
    updatedAt: ago(spec.ageMs ?? 5_000),
  } as ClusterView;
}

const FLEET = [
  view({ id: "c1", name: "payments-prod", status: "ok", labels: { env: "prod", team: "payments" }, ageMs: 10_000 }),
  view({
    id: "c2",
    name: "Orders-Prod",
    status: "critical",
    issues: 1,
    labels: { env: "prod", team: "orders" },
    provider: "agent",
    ageMs: 100_000,
    createdAgoMs: 3_600_000,
  }),
  view({ id: "c3", name: "search-staging", status: "warning", issues: 3, labels: { env: "staging" }, ageMs: 20_000 }),
  view({ id: "c4", name: "audit", status: "unreachable", labels: {}, provider: "container", ageMs: 500_000 }),
  view({ id: "c5", name: "ledger", status: "warning", issues: 1, labels: { env: "prod" }, createdAgoMs: 60_000 }),
  view({ id: "c6", name: "new-one", status: "unknown", labels: { env: "dev" }, ageMs: 0, createdAgoMs: 1_000 }),
];

/** The query as the route parses it from the URL's parameters. */
const query = (params: Record<string, string> = {}): ClusterListQuery => ClusterListQuerySchema.parse(params);
const list = (params: Record<string, string> = {}) =>
  fleetList({ views: FLEET, now: NOW, settings: SETTINGS }, query(params));
const ids = (params: Record<string, string> = {}) => list(params).clusters.map((v) => v.cluster.id);

describe("the fleet's cluster list (pure)", () => {
  it("with no parameter: every cluster by name (case-insensitive), each with its freshness, the total and counts", () => {
    const answer = list();
    expect(answer.clusters.map((v) => v.cluster.name)).to.deep.equal([
      "audit",
      "ledger",
      "new-one",
      "Orders-Prod",
      "payments-prod",
      "search-staging",
    ]);
    expect(answer.total).to.equal(6);
    expect(answer.counts).to.deep.equal({ ok: 1, warning: 2, critical: 1, unreachable: 1, unknown: 1 });
    expect(answer.stale, "c2 (100 s) and c4 (500 s)").to.equal(2);
    expect(answer.clusters.find((v) => v.cluster.id === "c1")?.freshness).to.deep.equal({
      since: iso(NOW - 10_000),
      intervalSeconds: 30,
      staleAfter: iso(NOW - 10_000 + LIMIT_MS),
      stale: false,
    });
    expect(isDefaultListQuery(query())).to.equal(true);
    expect(isDefaultListQuery(query({ sort: "name", offset: "0" })), "the defaults named").to.equal(true);
    expect(isDefaultListQuery(query({ limit: "10" }))).to.equal(false);
  });

  it("filters by label selector: key=value, key==value, key!=value (met when unset), key, !key, all at once", () => {
    expect(ids({ labels: "env=prod" })).to.deep.equal(["c5", "c2", "c1"]);
    expect(ids({ labels: "env==prod" })).to.deep.equal(["c5", "c2", "c1"]);
    expect(ids({ labels: "env!=prod" }), "unset env counts as different").to.deep.equal(["c4", "c6", "c3"]);
    expect(ids({ labels: "team" })).to.deep.equal(["c2", "c1"]);
    expect(ids({ labels: "!env" })).to.deep.equal(["c4"]);
    expect(ids({ labels: "env=prod, team!=payments" })).to.deep.equal(["c5", "c2"]);
    expect(ids({ labels: "env=prod,team,!team" })).to.deep.equal([]);
    expect(ids({ labels: "env=" }), "an empty value matches no label set").to.deep.equal([]);
  });

  it("refuses a bad selector, an unknown health status or provider, and a limit out of range (the route's 400)", () => {
    for (const params of [
      { labels: "env=prod,=x" },
      { labels: "a=b=c" },
      { labels: "env=prod," },
      { labels: "!" },
      { health: "ok,fine" },
      { provider: "cloud" },
      { stale: "yes" },
      { sort: "random" },
      { limit: "0" },
      { limit: "5001" },
      { offset: "-1" },
      { unknown: "x" },
    ])
      expect(ClusterListQuerySchema.safeParse(params).success, JSON.stringify(params)).to.equal(false);
  });

  it("filters by health (any of several), provider, name part (case-insensitive) and staleness", () => {
    expect(ids({ health: "warning" })).to.deep.equal(["c5", "c3"]);
    expect(ids({ health: "critical,unreachable" })).to.deep.equal(["c4", "c2"]);
    expect(ids({ provider: "agent,container" })).to.deep.equal(["c4", "c2"]);
    expect(ids({ name: "PROD" })).to.deep.equal(["c2", "c1"]);
    expect(ids({ name: "nothing" })).to.deep.equal([]);
    expect(ids({ stale: "true" })).to.deep.equal(["c4", "c2"]);
    expect(ids({ stale: "false" })).to.deep.equal(["c5", "c6", "c1", "c3"]);
    expect(ids({ labels: "env=prod", health: "ok,critical", name: "prod" })).to.deep.equal(["c2", "c1"]);
  });

  it("counts by health the clusters matching every filter but health; total and stale follow every filter", () => {
    const answer = list({ labels: "env=prod", health: "warning" });
    expect(answer.clusters.map((v) => v.cluster.id)).to.deep.equal(["c5"]);
    expect(answer.total).to.equal(1);
    expect(answer.counts, "the other chips keep their numbers").to.deep.equal({
      ok: 1,
      warning: 1,
      critical: 1,
      unreachable: 0,
      unknown: 0,
    });
    expect(answer.stale).to.equal(0);
    const stale = list({ health: "critical", stale: "true" });
    expect([stale.total, stale.stale]).to.deep.equal([1, 1]);
    expect(stale.counts).to.deep.equal({ ok: 0, warning: 0, critical: 1, unreachable: 1, unknown: 0 });
  });

  it("pages: offset and limit over the sorted matches; the total counts every page", () => {
    expect(ids({ limit: "2" })).to.deep.equal(["c4", "c5"]);
    expect(ids({ limit: "2", offset: "2" })).to.deep.equal(["c6", "c2"]);
    expect(ids({ limit: "2", offset: "5" })).to.deep.equal(["c3"]);
    expect(ids({ offset: "6" })).to.deep.equal([]);
    expect(ids({ offset: "4" })).to.deep.equal(["c1", "c3"]);
    const page = list({ limit: "1", offset: "1", sort: "worst" });
    expect(page.clusters.map((v) => v.cluster.id)).to.deep.equal(["c4"]);
    expect([page.total, page.stale], "the figures are the whole match's").to.deep.equal([6, 2]);
  });

  it("sorts worst first: critical, unreachable, warning, unknown, ok; then more issues first; then name", () => {
    expect(ids({ sort: "worst" })).to.deep.equal(["c2", "c4", "c3", "c5", "c6", "c1"]);
  });

  it("sorts stalest first (largest age; a cluster never collected ages from its registration), then newest first", () => {
    const neverCollected = new Set(["c6"]);
    const stalest = fleetList(
      { views: FLEET, neverCollected, now: NOW, settings: SETTINGS },
      query({ sort: "stalest" }),
    );
    expect(stalest.clusters.map((v) => v.cluster.id)).to.deep.equal(["c4", "c2", "c3", "c1", "c5", "c6"]);
    const c6 = stalest.clusters.at(-1)?.freshness;
    expect(c6 && viewAgeSeconds(c6, NOW), "c6: registered 1 s ago, never collected").to.equal(1);
    expect(ids({ sort: "newest" })).to.deep.equal(["c6", "c5", "c2", "c4", "c1", "c3"]);
  });

  it("sorts by name case-insensitively, and by id between equal names", () => {
    const twins = [view({ id: "b", name: "Same" }), view({ id: "a", name: "same" }), view({ id: "c", name: "alpha" })];
    const answer = fleetList({ views: twins, now: NOW, settings: SETTINGS }, query());
    expect(answer.clusters.map((v) => v.cluster.id)).to.deep.equal(["c", "a", "b"]);
  });

  it("freshness: stale only when older than twice the interval plus the collection timeout; the cluster's own interval", () => {
    const at = (ageMs: number, settings?: Record<string, unknown>) =>
      freshnessOf(view({ id: "x", name: "x", ageMs, ...(settings ? { settings } : {}) }), NOW, SETTINGS);
    const since = (ageMs: number) => iso(NOW - ageMs);
    expect(at(LIMIT_MS)).to.deep.equal({
      since: since(LIMIT_MS),
      intervalSeconds: 30,
      staleAfter: iso(NOW),
      stale: false,
    });
    expect(at(LIMIT_MS + 1)).to.deep.equal({
      since: since(LIMIT_MS + 1),
      intervalSeconds: 30,
      staleAfter: iso(NOW - 1),
      stale: true,
    });
    expect(viewAgeSeconds(at(0), NOW)).to.equal(0);
    expect(viewAgeSeconds(at(-5_000), NOW), "a view written after now (clocks apart): age 0").to.equal(0);
    const own = { collectionIntervalSeconds: 300 };
    expect(at(620_000, own)).to.deep.include({ intervalSeconds: 300, staleAfter: iso(NOW), stale: false });
    expect(at(620_001, own).stale).to.equal(true);
    expect(at(10_000, { collectionIntervalSeconds: "300" }).intervalSeconds, "not a number: the default").to.equal(30);
    // Never collected: the view's updatedAt is the record's; the age counts from the registration.
    const fresh = view({ id: "n", name: "n", ageMs: 0, createdAgoMs: LIMIT_MS + 1 });
    expect(freshnessOf(fresh, NOW, SETTINGS, false)).to.deep.equal({
      since: since(LIMIT_MS + 1),
      intervalSeconds: 30,
      staleAfter: iso(NOW - 1),
      stale: true,
    });
    expect(freshnessOf(fresh, NOW, SETTINGS, true).stale).to.equal(false);
  });

  it("an empty fleet: no cluster, zero everywhere", () => {
    expect(fleetList({ views: [], now: NOW, settings: SETTINGS }, query({ health: "ok" }))).to.deep.equal({
      clusters: [],
      total: 0,
      counts: { ok: 0, warning: 0, critical: 0, unreachable: 0, unknown: 0 },
      stale: 0,
    });
  });
});
