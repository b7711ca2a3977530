import { expect } from "chai";
import {
  ageAt,
  filterLocally,
  formatAge,
  healthOf,
  isFiltered,
  isStale,
  overviewQuery,
  pageOf,
  parseOverviewSearch,
  toggleHealth,
  withChange,
} from "../src/pages/overview/overview-state.js";

describe("console: the overview's filters in the URL, its API query and a view's age", () => {
  describe("parseOverviewSearch (the route's validateSearch)", () => {
    it("is empty for the default view: no key at its default", () => {
      expect(parseOverviewSearch({})).to.deep.equal({});
      expect(parseOverviewSearch({ sort: "worst", page: 1, stale: false, q: " ", health: "" })).to.deep.equal({});
    });

    it("reads every filter, as text or as the router's JSON values", () => {
      expect(
        parseOverviewSearch({
          q: " Orders ",
          labels: "env=prod,team!=payments,tier,!legacy",
          health: "warning,critical",
          provider: "agent",
          stale: true,
          sort: "stalest",
          page: 3,
        }),
      ).to.deep.equal({
        q: "Orders",
        labels: "env=prod,team!=payments,tier,!legacy",
        health: "critical,warning",
        provider: "agent",
        stale: true,
        sort: "stalest",
        page: 3,
      });
      // ?q=123 and ?page="2" as the router may hand them over.
      expect(parseOverviewSearch({ q: 123, page: "2", stale: "true" })).to.deep.equal({
        q: "123",
        page: 2,
        stale: true,
      });
    });

    it("drops what it does not know instead of refusing the link", () => {
      expect(
        parseOverviewSearch({
          health: "critical,broken,critical",
          provider: "aws",
          sort: "size",
          page: -1,
          stale: "yes",
          extra: "x",
        }),
      ).to.deep.equal({ health: "critical" });
      expect(parseOverviewSearch({ health: ["ok", "unknown"], page: 2.5 })).to.deep.equal({ health: "unknown,ok" });
      expect(parseOverviewSearch({ q: "x".repeat(300) }).q).to.have.length(200);
    });
  });

  describe("changes", () => {
    it("a filter's change goes back to the first page; a page's change keeps the filters", () => {
      const search = parseOverviewSearch({ q: "orders", page: 4 });
      expect(withChange(search, { provider: "container" })).to.deep.equal({ q: "orders", provider: "container" });
      expect(withChange(search, { page: 5 })).to.deep.equal({ q: "orders", page: 5 });
      expect(withChange(search, { q: undefined })).to.deep.equal({});
      expect(withChange(search, { sort: "worst" }), "the default sort is left out").to.deep.equal({ q: "orders" });
    });

    it("a health chip adds its status or takes it out", () => {
      const one = toggleHealth({ page: 2 }, "warning");
      expect(one).to.deep.equal({ health: "warning" });
      const two = toggleHealth(one, "critical");
      expect(two).to.deep.equal({ health: "critical,warning" });
      expect(healthOf(two)).to.deep.equal(["critical", "warning"]);
      expect(toggleHealth(toggleHealth(two, "critical"), "warning")).to.deep.equal({});
    });

    it("knows whether anything is filtered (sort and page are not filters)", () => {
      expect(isFiltered({ sort: "name", page: 2 })).to.equal(false);
      expect(isFiltered({ stale: true })).to.equal(true);
      expect(isFiltered({ health: "ok" })).to.equal(true);
    });
  });

  describe("overviewQuery", () => {
    it("asks for the first page of 100, worst first, by default", () => {
      expect(overviewQuery({})).to.equal("sort=worst&limit=100&offset=0");
    });

    it("names every filter as the API does, and the page's offset", () => {
      const query = new URLSearchParams(
        overviewQuery({
          q: "orders",
          labels: "env=prod,!legacy",
          health: "critical,unreachable",
          provider: "operator-managed",
          stale: true,
          sort: "name",
          page: 3,
        }),
      );
      expect(Object.fromEntries(query)).to.deep.equal({
        labels: "env=prod,!legacy",
        health: "critical,unreachable",
        provider: "operator-managed",
        name: "orders",
        stale: "true",
        sort: "name",
        limit: "100",
        offset: "200",
      });
      expect(overviewQuery({ page: 2 }, 50)).to.equal("sort=worst&limit=50&offset=50");
    });
  });

  describe("ages", () => {
    it("formatAge: whole numbers, two units at most", () => {
      expect(formatAge(0)).to.equal("0 s");
      expect(formatAge(12.7)).to.equal("12 s");
      expect(formatAge(59.9)).to.equal("59 s");
      expect(formatAge(60)).to.equal("1 min");
      expect(formatAge(250)).to.equal("4 min 10 s");
      expect(formatAge(3_600)).to.equal("1 h");
      expect(formatAge(2 * 3_600 + 5 * 60 + 9)).to.equal("2 h 5 min");
      expect(formatAge(3 * 86_400 + 4 * 3_600)).to.equal("3 d 4 h");
      expect(formatAge(-3)).to.equal("0 s");
    });

    it("ageAt: since the service's freshness.since; or its ageSeconds plus the time since it answered; else since updatedAt", () => {
      const answeredAt = Date.parse("2026-11-29T11:00:00Z");
      const since = { updatedAt: "2026-11-29T10:00:00Z", freshness: { since: "2026-11-29T10:59:50Z" } };
      expect(ageAt(since, answeredAt, answeredAt + 2_000)).to.equal(12);
      expect(ageAt(since, answeredAt, Date.parse("2026-11-29T10:59:00Z")), "a clock behind the service's").to.equal(0);
      const view = { updatedAt: "2026-11-29T10:00:00Z", freshness: { ageSeconds: 12 } };
      expect(ageAt(view, answeredAt, answeredAt)).to.equal(12);
      expect(ageAt(view, answeredAt, answeredAt + 5_000)).to.equal(17);
      expect(ageAt({ updatedAt: "2026-11-29T10:59:30Z" }, answeredAt, answeredAt + 5_000)).to.equal(35);
      expect(ageAt({ updatedAt: "never" }, answeredAt, answeredAt)).to.be.NaN;
    });

    it("isStale: as the service said when it answered, or once staleAfter has passed", () => {
      const at = Date.parse("2026-11-29T11:00:00Z");
      const fresh = { since: "2026-11-29T10:59:50Z", staleAfter: "2026-11-29T11:01:15Z", stale: false };
      expect(isStale(fresh, at)).to.equal(false);
      expect(isStale(fresh, at + 75_000)).to.equal(true);
      expect(isStale({ ...fresh, stale: true }, at)).to.equal(true);
      expect(isStale({ ageSeconds: 10, stale: false }, at)).to.equal(false);
      expect(isStale(undefined, at)).to.equal(false);
    });
  });

  it("pageOf: the range shown and the pages around it", () => {
    expect(pageOf(1, 100, 1_000)).to.deep.equal({
      label: "1–100 of 1,000",
      pages: 10,
      hasPrevious: false,
      hasNext: true,
    });
    expect(pageOf(10, 100, 1_000)).to.include({ label: "901–1,000 of 1,000", hasPrevious: true, hasNext: false });
    expect(pageOf(1, 0, 0)).to.deep.equal({ label: "0 of 0", pages: 1, hasPrevious: false, hasNext: false });
  });

  describe("filterLocally (an older service that ignores the query)", () => {
    const view = (
      name: string,
      status: string,
      extra: { issues?: number; stale?: boolean; provider?: string } = {},
    ) => ({
      cluster: { name, provider: extra.provider ?? "external", createdAt: "2026-11-01T00:00:00Z" },
      health: { status, issues: Array.from({ length: extra.issues ?? 0 }, () => ({})) },
      updatedAt: "2026-11-29T10:00:00Z",
      freshness: { ageSeconds: extra.stale ? 900 : 10, stale: extra.stale === true },
    });
    const fleet = [
      view("orders-a", "ok"),
      view("orders-b", "warning", { issues: 1, stale: true }),
      view("payments", "critical", { issues: 2, provider: "agent" }),
      view("orders-c", "critical", { issues: 3 }),
      view("billing", "unreachable", { stale: true }),
    ];
    const names = (answer: { clusters: { cluster: { name: string } }[] }) => answer.clusters.map((v) => v.cluster.name);

    it("sorts worst first (then by issues, then by name) and counts by health", () => {
      const answer = filterLocally(fleet, {});
      expect(names(answer)).to.deep.equal(["orders-c", "payments", "billing", "orders-b", "orders-a"]);
      expect(answer).to.include({ total: 5, stale: 2 });
      expect(answer.counts).to.deep.equal({ ok: 1, warning: 1, critical: 2, unreachable: 1, unknown: 0 });
    });

    it("counts every filter but health; the list has them all", () => {
      const answer = filterLocally(fleet, { q: "ORDERS", health: "critical,ok", sort: "name" });
      expect(names(answer)).to.deep.equal(["orders-a", "orders-c"]);
      expect(answer.counts).to.deep.equal({ ok: 1, warning: 1, critical: 1, unreachable: 0, unknown: 0 });
      expect(names(filterLocally(fleet, { provider: "agent" }))).to.deep.equal(["payments"]);
      expect(names(filterLocally(fleet, { stale: true, sort: "name" }))).to.deep.equal(["billing", "orders-b"]);
    });

    it("slices the page asked for", () => {
      expect(names(filterLocally(fleet, { sort: "name", page: 2 }, 2))).to.deep.equal(["orders-b", "orders-c"]);
    });
  });
});
