import type { AddressInfo } from "node:net";
import { InProcessQueue } from "@kcp/queue";
import { createLogger } from "@kcp/shared";
import { expect } from "chai";
import express from "express";
import { z } from "zod";
import { CHECK_RESPONSES_ENV, checkResponses, responseJudge } from "../src/http/response-check.js";
import type { RouteSpec } from "../src/routes/route.js";
import { API_VERSION } from "../src/routes/table.js";
import { startTestGateway, type TestGateway, testRouteTable } from "./helpers.js";

const thingsRoute = {
  method: "GET",
  path: "/api/v1/things/:id",
  role: "viewer",
  operationId: "getThings",
  summary: "Things",
  response: { status: 200, schema: z.object({ things: z.array(z.object({ name: z.string() })) }) },
  errors: ["conflict"],
  async handle() {
    return { status: 200, body: {} };
  },
} as RouteSpec;

/** A tiny app whose one route answers whatever the test asks, through the check. */
async function appAnswering(status: number, body: unknown) {
  const app = express();
  const logger = createLogger({ name: "test", level: "silent" });
  app.use((req, _res, next) => {
    req.log = logger;
    next();
  });
  app.use(checkResponses(responseJudge([thingsRoute], "1.0.0")));
  app.get("/api/v1/things/:id", (_req, res) => {
    res.locals.route = thingsRoute;
    res.status(status).json(body);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/things/1`;
  const response = await fetch(url);
  const answer = { status: response.status, body: (await response.json()) as { error?: { message: string } } };
  server.close();
  return answer;
}

describe("responses checked against the OpenAPI document", () => {
  it("is on in every test run (the mocha hooks set KCP_CHECK_RESPONSES=1)", () => {
    expect(process.env[CHECK_RESPONSES_ENV]).to.equal("1");
  });

  it("lets a declared answer through and turns a drift into 500 naming it", async () => {
    expect(await appAnswering(200, { things: [{ name: "a" }] })).to.deep.equal({
      status: 200,
      body: { things: [{ name: "a" }] },
    });
    const extra = await appAnswering(200, { things: [], more: true });
    expect(extra.status).to.equal(500);
    expect(extra.body.error?.message).to.include("GET /api/v1/things/{id} answered 200").and.include("more");
    const bare = await appAnswering(200, [{ name: "a" }]);
    expect(bare.status).to.equal(500);
    expect(bare.body.error?.message).to.include("does not match its schema");
    const status = await appAnswering(201, { things: [] });
    expect(status.body.error?.message).to.include("a status its OpenAPI entry does not declare");
    const code = await appAnswering(409, { error: { code: "already_exists", message: "taken" } });
    expect(code.body.error?.message).to.include("code already_exists");
    expect(await appAnswering(409, { error: { code: "conflict", message: "busy" } })).to.have.property("status", 409);
  });

  it("GET /clusters/{id}/quotas: the document declares {quotas: [...]}, what the service answers, not a bare array", async () => {
    const queue = new InProcessQueue();
    let test: TestGateway | undefined;
    try {
      test = await startTestGateway();
      const judge = await responseJudge(testRouteTable(test.store, queue), API_VERSION);
      const route = testRouteTable(test.store, queue).find(
        (r) => r.method === "GET" && r.path === "/api/v1/clusters/:id/quotas",
      );
      const entity = { entity: [{ type: "user", name: "alice" }], quotas: { producer_byte_rate: 1024 } };
      expect(judge(route, 200, { quotas: [entity] })).to.equal(undefined);
      expect(judge(route, 200, [entity])).to.include("does not match its schema");
    } finally {
      await test?.stop();
      await queue.stop();
    }
  });
});
