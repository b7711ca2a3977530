import { expect } from "chai";
import { BUDGETS, runFuzz } from "./fuzz-run.js";

/**
 * Schemathesis over every operation of the OpenAPI document against a throwaway standalone process, with the CI
 * budget (docs/testing.md, "Fuzzing"): no 5xx, every answer's status, content type and body as the document declares
 * (errors in the envelope), invalid input refused, and the service alive at the end. `scripts/fuzz.sh` runs the same
 * with the nightly budget.
 */
describe("fuzzing the API with Schemathesis (CI budget)", function () {
  this.timeout((BUDGETS.ci.maxTimeSeconds + 240) * 1000);

  it("finds no server error, no answer outside the document, and leaves the service alive", async () => {
    const result = await runFuzz("ci");
    const report = `${result.output}\n--- logout run ---\n${result.logout.output}\n--- service log (tail) ---\n${result.serviceLog.slice(-4000)}`;
    expect(result.code, `Schemathesis found failures:\n${report}`).to.equal(0);
    expect(result.logout.code, `Schemathesis found failures on logout:\n${report}`).to.equal(0);
    expect(result.alive, `the service process died:\n${report}`).to.equal(true);
    expect(result.kafkaAlive, `the Kafka node under fuzz stopped:\n${result.kafkaLog}`).to.equal(true);
    expect(result.healthz, `/healthz after the run:\n${report}`).to.equal(200);
  });
});
