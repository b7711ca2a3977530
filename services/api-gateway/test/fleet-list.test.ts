import type { Provider } from "@kcp/shared";
import { type Api, apiClient } from "@kcp/test-infra";
import { expect } from "chai";
import { startTestGateway, TEST_ADMIN, type TestGateway } from "./helpers.js";

interface Freshness {
  since: string;
  intervalSeconds: number;
  staleAfter: string;
  stale: boolean;
}

const ageOf = (freshness: Freshness | undefined) =>
  freshness ? (Date.now() - Date.parse(freshness.since)) / 1000 : Number.NaN;
interface View {
  cluster: { id: string; name: string; labels: Record<string, string> };
  health: { status: string };
  updatedAt: string;
  freshness?: Freshness;
}
interface ListAnswer {
  clusters: View[];
  total: number;
  counts: Record<string, number>;
  stale: number;
}
type Envelope = { error: { code: string; message: string } };

const MINUTE = 60_000;

/**
 * GET /clusters and /overview over HTTP: the fleet filtered, sorted and paged from the registry's cached views, with
 * the total, the counts by health and the stale count; each view's freshness; 400 for a bad query; the views' ages on
 * /metrics. Clusters and views are written straight into the embedded store: no Kafka, no collector.
 */
describe("gateway: the fleet's cluster list (filters, counts, pages, freshness)", () => {
  let test: TestGateway;
  let api: Api;
  let token: string;
  const ids: Record<string, string> = {};

  const get = <T>(path: string) => api<T>("GET", path, { token });
  const names = (answer: ListAnswer) => answer.clusters.map((view) => view.cluster.name);

  before(async () => {
    test = await startTestGateway();
    api = apiClient(test.gateway.url);
    token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: TEST_ADMIN })).body.token;
    type Spec = { name: string; provider: Provider; labels: Record<string, string>; status?: string; age: number };
    const fleet: Spec[] = [
      { name: "payments-prod", provider: "external", labels: { env: "prod", team: "payments" }, status: "ok", age: 0 },
      { name: "Orders-Prod", provider: "agent", labels: { env: "prod" }, status: "critical", age: 10 * MINUTE },
      { name: "search-staging", provider: "external", labels: { env: "staging" }, status: "warning", age: 0 },
      { name: "ledger", provider: "container", labels: { env: "prod" }, status: "warning", age: 0 },
      // Never collected: no view stored; its age counts from its registration (just now).
      { name: "audit", provider: "external", labels: {}, status: undefined, age: 0 },
    ];
    for (const spec of fleet) {
      const record = await test.store.clusters.create({
        name: spec.name,
        profile: {
          provider: spec.provider,
          flavor: "oss",
          bootstrapServers: ["127.0.0.1:9"],
          security: { protocol: "PLAINTEXT", saslMechanism: "" },
          secretsSet: [],
        },
        labels: spec.labels,
        settings: {},
        brokerClusterId: "",
      });
      ids[spec.name] = record.id;
      if (spec.status)
        await test.store.clusterViews.put({
          clusterId: record.id,
          health: { status: spec.status, issues: [] },
          capabilities: { refusals: [], notes: [] },
          updatedAt: new Date(Date.now() - spec.age),
        });
    }
  });
  after(() => test.stop());

  it("with no parameter: every cluster by name, each with its freshness, the total, the counts and the stale count", async () => {
    const { status, body } = await get<ListAnswer>("/api/v1/clusters");
    expect(status).to.equal(200);
    expect(names(body)).to.deep.equal(["audit", "ledger", "Orders-Prod", "payments-prod", "search-staging"]);
    expect(body.total).to.equal(5);
    expect(body.counts).to.deep.equal({ ok: 1, warning: 2, critical: 1, unreachable: 0, unknown: 1 });
    expect(body.stale).to.equal(1);
    for (const view of body.clusters) {
      expect(view.freshness, view.cluster.name).to.include({ intervalSeconds: 30 });
      expect(view.freshness?.stale, view.cluster.name).to.equal(view.cluster.name === "Orders-Prod");
    }
    const orders = body.clusters.find((view) => view.cluster.name === "Orders-Prod");
    expect(ageOf(orders?.freshness)).to.be.within(599, 620);
    const overview = await get<ListAnswer>("/api/v1/overview");
    expect(names(overview.body), "the overview: the same answer").to.deep.equal(names(body));
    expect([overview.body.total, overview.body.stale]).to.deep.equal([5, 1]);
  });

  it("filters by label selector, health, provider, name part and staleness; counts ignore only the health filter", async () => {
    const prod = await get<ListAnswer>("/api/v1/clusters?labels=env%3Dprod&health=warning,critical");
    expect(names(prod.body)).to.deep.equal(["ledger", "Orders-Prod"]);
    expect(prod.body.total).to.equal(2);
    expect(prod.body.counts, "payments-prod (ok) counted, though not listed").to.deep.equal({
      ok: 1,
      warning: 1,
      critical: 1,
      unreachable: 0,
      unknown: 0,
    });
    expect(prod.body.stale).to.equal(1);
    const selector = encodeURIComponent("env!=staging,!team");
    expect(names((await get<ListAnswer>(`/api/v1/clusters?labels=${selector}`)).body)).to.deep.equal([
      "audit",
      "ledger",
      "Orders-Prod",
    ]);
    expect(names((await get<ListAnswer>("/api/v1/clusters?provider=agent,container")).body)).to.deep.equal([
      "ledger",
      "Orders-Prod",
    ]);
    expect(names((await get<ListAnswer>("/api/v1/overview?name=PROD")).body)).to.deep.equal([
      "Orders-Prod",
      "payments-prod",
    ]);
    const stale = await get<ListAnswer>("/api/v1/clusters?stale=true");
    expect(names(stale.body)).to.deep.equal(["Orders-Prod"]);
    expect([stale.body.total, stale.body.stale]).to.deep.equal([1, 1]);
    expect((await get<ListAnswer>("/api/v1/clusters?stale=false")).body.total).to.equal(4);
    expect((await get<ListAnswer>("/api/v1/clusters?health=unreachable")).body).to.deep.include({
      clusters: [],
      total: 0,
    });
  });

  it("sorts and pages: the total counts every page", async () => {
    const worst = await get<ListAnswer>("/api/v1/clusters?sort=worst");
    expect(names(worst.body)).to.deep.equal(["Orders-Prod", "ledger", "search-staging", "audit", "payments-prod"]);
    const page = await get<ListAnswer>("/api/v1/clusters?sort=worst&limit=2&offset=1");
    expect(names(page.body)).to.deep.equal(["ledger", "search-staging"]);
    expect([page.body.total, page.body.stale]).to.deep.equal([5, 1]);
    expect(names((await get<ListAnswer>("/api/v1/clusters?sort=stalest&limit=1")).body)).to.deep.equal(["Orders-Prod"]);
    expect((await get<ListAnswer>("/api/v1/clusters?offset=5")).body).to.deep.include({ clusters: [], total: 5 });
  });

  it("refuses a bad selector, an unknown health status and other bad parameters: 400 validation_failed", async () => {
    for (const query of [
      `labels=${encodeURIComponent("env=prod,=x")}`,
      `labels=${encodeURIComponent("a=b=c")}`,
      "health=ok,fine",
      "provider=cloud",
      "stale=yes",
      "sort=random",
      "limit=0",
      "limit=5001",
      "offset=-1",
      "colour=blue",
    ])
      for (const path of ["/api/v1/clusters", "/api/v1/overview"]) {
        const { status, body } = await get<Envelope>(`${path}?${query}`);
        expect(status, `${path}?${query}`).to.equal(400);
        expect(body.error.code, query).to.equal("validation_failed");
      }
    const { body } = await get<Envelope>("/api/v1/clusters?health=ok,fine");
    expect(body.error.message).to.include("fine");
  });

  it("answers the list from the cached views: no store read per request", async () => {
    const views = test.store.clusterViews;
    const original = views.listSummaries.bind(views);
    let reads = 0;
    views.listSummaries = async () => {
      reads++;
      return original();
    };
    try {
      for (const query of ["labels=env", "health=ok", "sort=newest", "name=a", "limit=1", "stale=true"])
        expect((await get<ListAnswer>(`/api/v1/clusters?${query}`)).status).to.equal(200);
      expect(reads, "at most one rebuild of the cache (a second old at most)").to.be.at.most(2);
    } finally {
      views.listSummaries = original;
    }
  });

  it("one cluster's view carries its freshness; never collected, its age counts from its registration", async () => {
    const orders = await get<View>(`/api/v1/clusters/${ids["Orders-Prod"]}?snapshot=none`);
    expect(orders.status).to.equal(200);
    expect(orders.body.freshness).to.include({ intervalSeconds: 30, stale: true });
    const audit = await get<View>(`/api/v1/clusters/${ids.audit}`);
    expect(audit.body.freshness).to.include({ stale: false });
    expect(ageOf(audit.body.freshness)).to.be.below(120);
  });

  it("/metrics: each view's age and how many are stale, from the same cached views", async () => {
    const text = await (await fetch(`${test.gateway.url}/metrics`)).text();
    const age = new RegExp(`kcp_cluster_view_age_seconds\\{[^}]*cluster_id="${ids["Orders-Prod"]}"[^}]*\\} (\\S+)`);
    expect(Number(age.exec(text)?.[1])).to.be.within(599, 620);
    expect(text.match(/^kcp_cluster_view_age_seconds\{/gm)).to.have.length(5);
    expect(text).to.match(/^kcp_clusters_stale\{service="api-gateway"\} 1$/m);
  });
});
