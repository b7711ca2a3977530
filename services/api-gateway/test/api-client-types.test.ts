import { readFileSync } from "node:fs";
import { expect } from "chai";
import { clientTypes } from "../scripts/client-types.js";

describe("@kcp/api-client: its generated types", () => {
  it("are generated from the OpenAPI document the service serves now (run `npm run generate-client -w @kcp/api-gateway`)", async () => {
    const committed = readFileSync(new URL("../../../libs/api-client/src/schema.ts", import.meta.url), "utf8");
    expect(committed === (await clientTypes()), "libs/api-client/src/schema.ts is out of date").to.equal(true);
  });
});
