import { readFileSync } from "node:fs";
import { expect } from "chai";
import { clientTypes } from "../scripts/client-types.js";

describe("console: the API client's types", () => {
  it("are generated from the OpenAPI document the service serves now (run `npm run generate -w @kcp/console`)", async () => {
    const committed = readFileSync(new URL("../src/api/schema.d.ts", import.meta.url), "utf8");
    expect(committed === (await clientTypes()), "src/api/schema.d.ts is out of date").to.equal(true);
  });
});
