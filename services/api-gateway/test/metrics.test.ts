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
});
