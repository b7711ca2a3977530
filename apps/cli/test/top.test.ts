import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "chai";
import { run } from "../src/run.js";
import type { Terminal } from "../src/terminal.js";

/**
 * kcp top, kcp groups' sparklines and kcp series against a small HTTP server answering the few reads they make with
 * fixed JSON (the real service and Kafka: cli.test.ts); every request is kept, to check what each command asks.
 */
const at = new Date(Date.now() - 3000).toISOString();
const view = (updatedAt: string) => ({
  cluster: { id: "c-1", name: "prod" },
  health: {
    status: "healthy",
    issues: [],
    brokers: 2,
    brokersAlive: 2,
    partitions: 20,
    underReplicated: 0,
    underMinIsr: 0,
    offlinePartitions: 0,
  },
  capabilities: {},
  updatedAt,
  snapshot: {
    collectedAt: updatedAt,
    brokers: [
      { id: 2, host: "k2", port: 9092, alive: true, dataBytes: 2048, leaders: 10, replicas: 20 },
      {
        id: 1,
        host: "k1",
        port: 9092,
        alive: true,
        dataBytes: 1024,
        leaders: 10,
        replicas: 20,
        diskTotalBytes: 1000,
        diskUsableBytes: 250,
        bytesInPerSec: 2048,
      },
    ],
    topics: [{ name: "orders", bytesInPerSec: 2048 }],
    groups: [
      { id: "quiet", lag: 0 },
      { id: "billing", lag: 5000 },
      { id: "audit", lag: 7 },
      { id: "billing-2", lag: 1 },
    ],
  },
});
const listing = (id: string, lag: number) => ({
  id,
  type: "consumer",
  state: "Stable",
  protocolType: "consumer",
  coordinator: 1,
  lag,
  ...(id === "billing"
    ? { lagGrowth: { growingForSeconds: 720, perSecond: 35 }, lagRecent: [0, 1000, 2000, 3000, 5000] }
    : { lagRecent: [lag, lag] }),
});

describe("kcp top, groups and series against a fixed service (no Kafka)", () => {
  let server: Server;
  let url: string;
  let updatedAt = at;
  const requests: string[] = [];
  before(async () => {
    server = createServer((req, res) => {
      const address = new URL(req.url ?? "/", "http://x");
      requests.push(`${address.pathname}${address.search}`);
      const send = (body: unknown, status = 200) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const q = address.searchParams;
      switch (address.pathname) {
        case "/api/v1/clusters":
          return send({
            clusters: [
              {
                ...view(updatedAt),
                freshness: {
                  since: new Date(Date.now() - 200_000).toISOString(),
                  intervalSeconds: 30,
                  staleAfter: new Date(Date.now() - 120_000).toISOString(),
                  stale: true,
                },
              },
            ],
            total: 3,
            counts: { ok: 1, warning: 0, critical: 2, unreachable: 0, unknown: 0 },
            stale: 1,
          });
        case "/api/v1/clusters/c-1": {
          const { snapshot, ...summary } = view(updatedAt);
          return send(q.get("snapshot") === "none" ? summary : { ...summary, snapshot });
        }
        case "/api/v1/clusters/c-1/series":
          if (q.get("figure") === "cluster.bytesOutPerSec")
            return send({ error: { code: "internal", message: "history down" } }, 500);
          return send({
            figure: q.get("figure"),
            unit: q.get("figure") === "group.lag" ? "messages" : "bytes/s",
            entity: q.get("entity") ?? "",
            from: "2026-11-29T07:00:00.000Z",
            to: "2026-11-29T08:00:00.000Z",
            step: 30,
            resolution: "collection",
            points: [0, 1024, 2048].map((value, i) => ({
              at: `2026-11-29T07:0${i}:00.000Z`,
              value,
              min: value / 2,
              max: value * 2,
            })),
          });
        case "/api/v1/series/figures":
          return send({
            figures: [{ name: "group.lag", entity: "group", unit: "messages", description: "The group's total lag" }],
          });
        case "/api/v1/clusters/c-1/groups": {
          const all = [listing("billing", 5000), listing("billing-2", 1), listing("audit", 7), listing("quiet", 0)];
          const search = q.get("search") ?? "";
          const found = all.filter((g) => g.id.includes(search));
          return send({ groups: found, total: found.length });
        }
        default:
          return send({ error: { code: "not_found", message: "No such route" } }, 404);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    requests.length = 0;
    updatedAt = at;
  });

  async function kcp(argv: string[], terminal?: Terminal) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await run(argv, {
      env: { KCP_URL: url, KCP_CONFIG: "/nonexistent/kcp.json" },
      out: (text) => out.push(text),
      err: (text) => err.push(text),
      stdin: async () => "",
      ask: async () => undefined,
      ...(terminal ? { terminal } : {}),
    });
    return { code, out: out.join("\n"), err: err.join("\n") };
  }

  it("kcp groups shows each group's lag of the last hour as a sparkline, and its growth", async () => {
    const { code, out } = await kcp(["groups", "prod"]);
    expect(code).to.equal(0);
    expect(out).to.match(/^GROUP +TYPE +STATE +LAG +LAST HOUR +TREND$/m);
    expect(out).to.match(/^billing +consumer +Stable +5000 +▁▂▄▅█ +growing 12m at 35\/s$/m);
    expect(out).to.match(/^quiet +consumer +Stable +0 +▁▁ +-$/m);
    const json = JSON.parse((await kcp(["groups", "prod", "--json"])).out) as { groups: { lagRecent: number[] }[] };
    expect(json.groups[0]?.lagRecent, "--json: the API's own answer").to.deep.equal([0, 1000, 2000, 3000, 5000]);
  });

  it("kcp clusters passes its filters to the service; shows each view's age, the total and the counts by health", async () => {
    const { code, out, err } = await kcp([
      ...["clusters", "--labels", "env=prod,team!=payments", "--health", "critical,warning", "--provider", "agent"],
      ...["--name", "pr", "--stale", "true", "--sort", "worst", "--limit", "1", "--offset", "2"],
    ]);
    expect(err).to.equal("");
    expect(code).to.equal(0);
    const asked = new URL(requests.find((r) => r.startsWith("/api/v1/clusters?")) ?? "/", "http://x").searchParams;
    expect(Object.fromEntries(asked)).to.deep.equal({
      labels: "env=prod,team!=payments",
      health: "critical,warning",
      provider: "agent",
      name: "pr",
      stale: "true",
      sort: "worst",
      limit: "1",
      offset: "2",
    });
    expect(out).to.match(/^NAME +ID +STATUS +BROKERS +OFFLINE +UNDER-REPLICATED +ISSUES +AGE$/m);
    expect(out).to.match(/^prod +c-1 +healthy +2\/2 +0 +0 +- +3m \(stale\)$/m);
    expect(out).to.include("1 of 3 clusters; by health (every filter but --health): 1 ok, 2 critical; 1 stale");
    requests.length = 0;
    const json = JSON.parse((await kcp(["clusters", "--json"])).out) as { total: number; clusters: unknown[] };
    expect([json.total, json.clusters.length], "--json: the API's own answer").to.deep.equal([3, 1]);
    expect(requests, "no option: no parameter").to.deep.equal(["/api/v1/clusters"]);
  });

  it("kcp top without a terminal prints one frame and exits: throughput, disk bars, the worst lags", async () => {
    const { code, out, err } = await kcp(["top", "prod", "--limit", "2"]);
    expect(err).to.equal("");
    expect(code).to.equal(0);
    expect(out).to.match(/^prod {2}HEALTHY {2}brokers 2\/2/);
    expect(out).to.match(/^in +2\.0 KiB\/s +▁▅█$/m);
    expect(out, "the history of one figure failed: a dash and a note, not an error").to.match(/^out +- +-$/m);
    expect(out).to.include("note: the history of cluster.bytesOutPerSec could not be read");
    expect(out).to.match(/^1 +k1:9092 +\[███████████████ {5}\] +75% +1\.0 KiB +10 +2\.0 KiB\/s$/m);
    expect(out).to.match(/^2 +k2:9092 +\[ {20}\] +- +2\.0 KiB/m);
    expect(out.indexOf("\n1 "), "brokers by id").to.be.lessThan(out.indexOf("\n2 "));
    expect(out).to.include("WORST LAGS (2 of 4 groups)");
    expect(out).to.match(/^billing +5\.0k +▁▂▄▅█ +growing 12m at 35\/s$/m);
    expect(out).to.match(/^audit +7 +██ +-$/m);
    expect(out, "not among the 2 worst").to.not.match(/^billing-2 /m);
    expect(out, "one frame: no refresh line").to.not.include("q or Ctrl-C");
    expect(requests.filter((r) => r.startsWith("/api/v1/clusters/c-1/groups"))).to.have.length(2);
    const json = JSON.parse((await kcp(["top", "prod", "--json"])).out) as { lags: { id: string }[] };
    expect(json.lags.map((g) => g.id)).to.deep.equal(["billing", "audit", "billing-2"]);
    expect((await kcp(["top", "prod", "--interval", "0"])).code, "a usage error").to.equal(1);
    expect((await kcp(["top", "nowhere"])).err).to.include("No cluster named nowhere");
  });

  it("kcp top at a terminal redraws until q, and reads the view again only after a new collection", async () => {
    const frames: string[] = [];
    let quit: (() => void) | undefined;
    const events: string[] = [];
    const terminal: Terminal = {
      columns: () => 60,
      enter: () => events.push("enter"),
      leave: () => events.push("leave"),
      draw: (frame) => {
        frames.push(frame);
        if (frames.length === 2) updatedAt = new Date().toISOString();
        if (frames.length === 3) quit?.();
      },
      onQuit: (handler) => {
        quit = handler;
        return () => events.push("released");
      },
    };
    const started = Date.now();
    const { code, out } = await kcp(["top", "prod", "--interval", "1"], terminal);
    expect(code).to.equal(0);
    expect(out, "nothing printed: drawn on the terminal").to.equal("");
    expect(frames).to.have.length(3);
    expect(Date.now() - started, "two waits of 1 s, the third cut short by q").to.be.within(1900, 2900);
    expect(events).to.deep.equal(["enter", "released", "leave"]);
    for (const frame of frames) {
      expect(frame).to.include("refreshes every 1 s; q or Ctrl-C quits");
      for (const line of frame.split("\n")) expect(line.length).to.be.at.most(60);
    }
    const fullReads = requests.filter((r) => r === "/api/v1/clusters/c-1");
    const lightReads = requests.filter((r) => r === "/api/v1/clusters/c-1?snapshot=none");
    expect(lightReads, "a light read before each redraw").to.have.length(2);
    expect(fullReads, "the whole view: at the start and after the new collection only").to.have.length(2);
  });

  it("kcp series prints a figure's points with a sparkline; kcp series figures the catalogue", async () => {
    const { code, out } = await kcp(["series", "prod", "group.lag", "--entity", "billing", "--from", "24h"]);
    expect(code).to.equal(0);
    expect(out.split("\n")[0]).to.equal(
      "group.lag of billing (messages), 2026-11-29T07:00:00.000Z → 2026-11-29T08:00:00.000Z, a point per 30s (each collection)",
    );
    expect(out).to.include("▁▅█  last 2.0k, low 0, high 4.1k");
    expect(out).to.match(/^2026-11-29T07:01:00.000Z +1.0k +512 +2.0k$/m);
    const asked = requests.find((r) => r.startsWith("/api/v1/clusters/c-1/series")) ?? "";
    const query = new URL(asked, "http://x").searchParams;
    expect(query.get("entity")).to.equal("billing");
    expect(Date.now() - Date.parse(query.get("from") ?? ""), "24h: a day before now").to.be.within(
      86_400_000 - 60_000,
      86_400_000 + 60_000,
    );
    expect((await kcp(["series", "prod", "group.lag", "--from", "yesterday"])).code).to.equal(1);
    const figures = await kcp(["series", "figures"]);
    expect(figures.out).to.match(/^group\.lag +group +messages +The group's total lag$/m);
  });
});
