import { ApiError } from "@kcp/api-client";
import { expect } from "chai";
import { exitFor, UsageError } from "../src/exit-codes.js";
import { formatBytes, progressBar, table } from "../src/output.js";

describe("kcp: output and exit codes (pure)", () => {
  it("draws tables with columns as wide as their widest cell", () => {
    expect(
      table(
        ["NAME", "LAG"],
        [
          ["orders", "12"],
          ["a", "1234567"],
        ],
      ),
    ).to.equal(["NAME    LAG", "orders  12", "a       1234567"].join("\n"));
  });

  it("draws a progress bar over the steps, bounded to 0-100 %", () => {
    expect(progressBar(1, 4, 8)).to.equal("[##......] 25%");
    expect(progressBar(5, 4, 4)).to.equal("[####] 100%");
    expect(progressBar(0, 0, 4)).to.equal("[....] 0%");
    expect(formatBytes(1536)).to.equal("1.5 KiB");
  });

  it("maps failures to exit codes scripts can rely on", () => {
    expect(exitFor(new UsageError("x")).code).to.equal(1);
    expect(exitFor(new ApiError(404, "not_found", "No cluster")).code).to.equal(2);
    expect(exitFor(new ApiError(401, "unauthenticated", "Authentication required")).message).to.equal(
      "Authentication required (401 unauthenticated)",
    );
    expect(exitFor(new ApiError(503, "not_ready", "Store down")).code).to.equal(3);
    expect(exitFor(new TypeError("fetch failed")).code).to.equal(3);
  });
});
