import { expect } from "chai";
import { AppError, ERROR_CATALOG, toAppError } from "../src/index.js";

describe("error catalog", () => {
  it("maps each contract code to its status", () => {
    const statuses = Object.fromEntries(Object.entries(ERROR_CATALOG).map(([code, entry]) => [code, entry.status]));
    expect(statuses).to.include({
      bad_request: 400,
      validation_failed: 400,
      unauthenticated: 401,
      invalid_credentials: 401,
      csrf_header_required: 403,
      forbidden: 403,
      not_found: 404,
      already_exists: 409,
      conflict: 409,
      plan_expired: 410,
      payload_too_large: 413,
      confirmation_mismatch: 422,
      capability_unavailable: 422,
      invalid_request: 422,
      too_many_attempts: 429,
      cluster_unreachable: 502,
      kafka_error: 502,
      kafka_timeout: 504,
      internal: 500,
    });
  });

  it("builds the envelope with the catalog's status and default message", () => {
    const error = new AppError("not_found");
    expect(error.status).to.equal(404);
    expect(error.toEnvelope()).to.deep.equal({ error: { code: "not_found", message: "Not found" } });
  });

  it("turns unknown failures into internal errors that reveal nothing", () => {
    const error = toAppError(new Error("ECONNREFUSED mongodb://admin:s3cret@db"));
    expect(error.code).to.equal("internal");
    expect(error.message).to.equal("Internal error");
  });
});
