import { expect } from "chai";
import { deriveCapabilities } from "../../src/index.js";
import { healthySnapshot } from "./snapshot-fixture.js";

const facts = (apis: [number, number][]) => ({
  profile: { provider: "external" as const, flavor: "oss" as const },
  snapshot: healthySnapshot(),
  apiVersions: new Map(apis.map(([key, max]) => [key, { min: 0, max }])),
  authorizedOperations: null,
});

/** Fetch is API key 1, ListOffsets 2: the browse endpoint sends Fetch v12 and ListOffsets v7. */
describe("browseMessages capability (pure)", () => {
  it("is offered where the brokers serve Fetch v12+ and ListOffsets v7+ (Kafka 3.0+), whatever the flavor", () => {
    expect(
      deriveCapabilities(
        facts([
          [1, 17],
          [2, 10],
        ]),
      ).browseMessages,
    ).to.equal(true);
    const managed = {
      ...facts([
        [1, 12],
        [2, 7],
      ]),
      profile: { provider: "external" as const, flavor: "managed-b" as const },
    };
    expect(deriveCapabilities(managed).browseMessages).to.equal(true);
  });

  it("is not offered, with a note naming the version, on older brokers", () => {
    const oldFetch = deriveCapabilities(
      facts([
        [1, 11],
        [2, 7],
      ]),
    );
    expect(oldFetch.browseMessages).to.equal(false);
    expect(oldFetch.notes).to.include(
      "browseMessages: not offered — the brokers serve Fetch up to v11; v12+ (Kafka 2.7) is needed",
    );
    const oldListOffsets = deriveCapabilities(
      facts([
        [1, 12],
        [2, 6],
      ]),
    );
    expect(oldListOffsets.browseMessages).to.equal(false);
    expect(oldListOffsets.notes).to.include(
      "browseMessages: not offered — the brokers serve ListOffsets up to v6; v7+ (Kafka 3.0) is needed",
    );
    expect(deriveCapabilities(facts([[2, 10]])).notes).to.include(
      "browseMessages: not offered — the brokers do not serve Fetch",
    );
  });
});
