import { createRequire } from "node:module";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { Document, Spectral } from "@stoplight/spectral-core";
import { oas } from "@stoplight/spectral-rulesets";
import { expect } from "chai";
import { currentOpenApiDocument } from "../src/openapi/current-document.js";

// A CommonJS module whose re-exports (`(0, tslib.__exportStar)(…)`) Node's ESM loader cannot name: required.
const { Json } = createRequire(import.meta.url)(
  "@stoplight/spectral-parsers",
) as typeof import("@stoplight/spectral-parsers");

const SEVERITY = ["error", "warning", "info", "hint"];

/**
 * What SDK generators and API portals run on a document before using it: Spectral's `oas` ruleset (Stoplight) and
 * Redocly's `recommended` ruleset, both at their defaults. Anything they report, at any severity, fails the test.
 */
describe("OpenAPI document: Spectral and Redocly lint it clean", () => {
  const text = JSON.stringify(currentOpenApiDocument(), null, 2);

  it("Spectral's oas ruleset reports nothing", async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [oas as never] });
    const results = await spectral.run(new Document(text, Json));
    const found = results.map((r) => `${SEVERITY[r.severity]} ${r.code} at ${r.path.join(".")}: ${r.message}`);
    expect(found).to.deep.equal([]);
  });

  it("Redocly's recommended ruleset reports nothing", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: text, absoluteRef: "/openapi.json", config });
    const found = problems
      .map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`)
      // The document itself: anonymous, without parameters, it has no 4xx answer to declare.
      .filter((problem) => !problem.startsWith("warn operation-4xx-response at #/paths/~1api~1v1~1openapi.json/get/"))
      // A browser's single sign-on (start and callback) answers a redirect (302), never a 2xx.
      .filter(
        (problem) =>
          !/^warn operation-2xx-response at #\/paths\/~1api~1v1~1auth~1sso~1\{provider\}~1(start|callback)\/get\//.test(
            problem,
          ),
      );
    expect(found).to.deep.equal([]);
  });
});
