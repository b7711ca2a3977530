import { FeatureUpdateRefused, featureRefusals } from "@kcp/kafka";
import { AppError } from "@kcp/shared";
import { expect } from "chai";
import { votersNotHeardYet } from "../src/step-kinds/update-features.js";

const refusal = (feature: string, error: string) => ({ feature, error, message: "not all of the voters support it" });

describe("updateFeatures step: which refusals it asks again", () => {
  it("asks again when kraft.version alone is refused as INVALID_UPDATE_VERSION (voters not heard from yet)", () => {
    const error = new FeatureUpdateRefused([refusal("kraft.version", "INVALID_UPDATE_VERSION")], "validating");
    expect(votersNotHeardYet(error)).to.equal(true);
    expect(error.message).to.equal(
      "Kafka refused validating: INVALID_UPDATE_VERSION (kraft.version: not all of the voters support it)",
    );
  });

  it("fails at once on any other refusal, or when another feature is refused beside it", () => {
    expect(votersNotHeardYet(new FeatureUpdateRefused([refusal("metadata.version", "INVALID_UPDATE_VERSION")], "x"))).to
      .be.false;
    expect(
      votersNotHeardYet(
        new FeatureUpdateRefused(
          [refusal("kraft.version", "INVALID_UPDATE_VERSION"), refusal("group.version", "INVALID_UPDATE_VERSION")],
          "x",
        ),
      ),
    ).to.be.false;
    expect(votersNotHeardYet(new FeatureUpdateRefused([refusal("kraft.version", "CLUSTER_AUTHORIZATION_FAILED")], "x")))
      .to.be.false;
    expect(votersNotHeardYet(new AppError("kafka_error", "INVALID_UPDATE_VERSION (kraft.version: …)"))).to.be.false;
  });
});

describe("featureRefusals (an UpdateFeatures answer as data)", () => {
  it("names each refused feature, or every feature asked for when the controller refused the whole request", () => {
    const whole = featureRefusals(["kraft.version"], {
      errorCode: 95,
      errorMessage: "The update failed for all features since the following feature had an error: …",
      results: [],
    });
    expect(whole).to.deep.equal([
      {
        feature: "kraft.version",
        error: "INVALID_UPDATE_VERSION",
        message: "The update failed for all features since the following feature had an error: …",
      },
    ]);
    const each = featureRefusals(["metadata.version", "group.version"], {
      errorCode: 0,
      errorMessage: null,
      results: [
        { feature: "metadata.version", errorCode: 0, errorMessage: null },
        { feature: "group.version", errorCode: 95, errorMessage: "no" },
      ],
    });
    expect(each).to.deep.equal([{ feature: "group.version", error: "INVALID_UPDATE_VERSION", message: "no" }]);
    expect(featureRefusals(["a"], { errorCode: 0, errorMessage: null, results: [] })).to.deep.equal([]);
  });
});
