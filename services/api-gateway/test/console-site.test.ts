import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { startTestGateway, type TestGateway } from "./helpers.js";

const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head></html>';

/** A built console of two files, as Vite lays it out. */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), "kcp-console-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), INDEX);
  writeFileSync(join(dir, "assets", "index-abc123.js"), "console.log('console');");
  return dir;
}

describe("gateway: the web console at /", () => {
  let test: TestGateway;
  before(async () => {
    test = await startTestGateway(undefined, {}, { consoleDir: fakeBuild() });
  });
  after(() => test.stop());

  it("answers index.html at / under a policy with no inline script or style, revalidated on every visit", async () => {
    const res = await fetch(`${test.gateway.url}/`, { headers: { accept: "text/html" } });
    expect(res.status).to.equal(200);
    expect(await res.text()).to.equal(INDEX);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).to.include("script-src 'self'").and.include("style-src 'self'").and.not.include("unsafe-inline");
    expect(csp).to.include("frame-ancestors 'none'");
    expect(res.headers.get("cache-control")).to.equal("no-cache");
  });

  it("answers index.html for a deep link (the console routes in the browser) and a reload works", async () => {
    const res = await fetch(`${test.gateway.url}/clusters/abc/topics?q=orders`, { headers: { accept: "text/html" } });
    expect(res.status).to.equal(200);
    expect(await res.text()).to.equal(INDEX);
    // A topic whose name ends like a file name has its page all the same.
    const dotted = await fetch(`${test.gateway.url}/clusters/abc/topics/orders.001.events`, {
      headers: { accept: "text/html" },
    });
    expect(dotted.status).to.equal(200);
    expect(await dotted.text()).to.equal(INDEX);
    const missingRootFile = await fetch(`${test.gateway.url}/robots.txt`, { headers: { accept: "text/html" } });
    expect(missingRootFile.status).to.equal(404);
  });

  it("serves hashed assets for a year (immutable) and a missing asset is a 404, not the page", async () => {
    const asset = await fetch(`${test.gateway.url}/assets/index-abc123.js`);
    expect(asset.status).to.equal(200);
    expect(asset.headers.get("cache-control")).to.equal("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-type")).to.match(/javascript/);
    const missing = await fetch(`${test.gateway.url}/assets/gone-123.js`);
    expect(missing.status).to.equal(404);
  });

  it("leaves the API alone: an unknown API route is still the JSON 404 envelope, the API still no-store", async () => {
    const res = await fetch(`${test.gateway.url}/api/v1/nope`, { headers: { accept: "text/html" } });
    expect(res.status).to.equal(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).to.equal("not_found");
    const health = await fetch(`${test.gateway.url}/healthz`, { headers: { accept: "text/html" } });
    expect(await health.json()).to.deep.equal({ status: "ok" });
  });

  it("gives index.html only to a browser navigating: an API client's unknown path is a 404 and OPTIONS is not a page", async () => {
    const client = await fetch(`${test.gateway.url}/no/such/route`, { headers: { accept: "*/*" } });
    expect(client.status).to.equal(404);
    const options = await fetch(`${test.gateway.url}/clusters/abc`, { method: "OPTIONS" });
    expect(options.status).to.equal(404);
    expect(options.headers.get("allow")).to.equal(null);
  });

  it("without a build, pages answer 503 saying how to build it, and the service keeps running", async () => {
    const bare = await startTestGateway(undefined, {}, { consoleDir: mkdtempSync(join(tmpdir(), "kcp-none-")) });
    try {
      const res = await fetch(`${bare.gateway.url}/`, { headers: { accept: "text/html" } });
      expect(res.status).to.equal(503);
      expect(await res.text()).to.match(/not built/);
      expect((await fetch(`${bare.gateway.url}/healthz`)).status).to.equal(200);
    } finally {
      await bare.stop();
    }
  });
});
