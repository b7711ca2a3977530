import { expect } from "chai";
import { startTestGateway, type TestGateway } from "./helpers.js";

describe("gateway: /metrics (Prometheus)", () => {
  let test: TestGateway;
  before(async () => {
    test = await startTestGateway();
  });
  after(() => test.stop());

  it("times requests by route pattern and status, never by raw path, and exposes process metrics", async () => {
    await fetch(`${test.gateway.url}/api/v1/auth/me`);
    await fetch(`${test.gateway.url}/api/v1/operations/some-id-that-is-not-a-label`);
    await fetch(`${test.gateway.url}/no/such/route`);
    const response = await fetch(`${test.gateway.url}/metrics`);
    expect(response.status).to.equal(200);
    expect(response.headers.get("content-type")).to.match(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).to.match(
      /kcp_http_request_duration_seconds_count\{service="api-gateway",method="GET",route="\/api\/v1\/auth\/me",status="401"\} 1/,
    );
    expect(text).to.match(/route="\/api\/v1\/operations\/:op",status="401"/);
    expect(text).to.match(/route="unmatched",status="404"/);
    expect(text).to.not.include("some-id-that-is-not-a-label");
    expect(text).to.match(/kcp_process_cpu_user_seconds_total\{service="api-gateway"\}/);
    expect(text).to.match(/kcp_nodejs_heap_size_used_bytes\{service="api-gateway"\}/);
  });

  describe("with METRICS_TOKEN", () => {
    const token = "metrics-token-for-the-scraper-0123";
    let guarded: TestGateway;
    before(async () => {
      guarded = await startTestGateway(undefined, {}, { metricsToken: token });
    });
    after(() => guarded.stop());

    it("answers /metrics only to Authorization: Bearer with the token (401 otherwise); the probes stay open", async () => {
      const scrape = (authorization?: string) =>
        fetch(`${guarded.gateway.url}/metrics`, authorization ? { headers: { authorization } } : {});
      for (const authorization of [undefined, "Bearer not-the-token", `Basic ${token}`, `Bearer ${token}x`]) {
        const refused = await scrape(authorization);
        expect(refused.status, authorization).to.equal(401);
        expect(refused.headers.get("www-authenticate")).to.equal('Bearer realm="metrics"');
        const body = await refused.text();
        expect(JSON.parse(body)).to.deep.equal({
          error: { code: "unauthenticated", message: "/metrics needs Authorization: Bearer with the METRICS_TOKEN" },
        });
        expect(body).to.not.include("kcp_");
      }
      for (const authorization of [`Bearer ${token}`, `bearer ${token}`]) {
        const scraped = await scrape(authorization);
        expect(scraped.status, authorization).to.equal(200);
        expect(await scraped.text()).to.match(/kcp_nodejs_version_info/);
      }
      expect((await fetch(`${guarded.gateway.url}/healthz`)).status).to.equal(200);
      expect((await fetch(`${guarded.gateway.url}/readyz`)).status).to.equal(200);
    });
  });
});
