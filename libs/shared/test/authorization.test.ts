import { expect } from "chai";
import {
  authorize,
  authorizeChanges,
  authorizeOperation,
  CHANGE_ROLES,
  DESIRED_CHANGE_ACTIONS,
  type DesiredChange,
} from "../src/index.js";

const topic: DesiredChange = { kind: "createTopic", topic: "orders", partitions: 1, replicationFactor: 1, configs: {} };
const rotate: DesiredChange = {
  kind: "rotateScramCredential",
  user: "admin",
  mechanism: "SCRAM-SHA-256",
  iterations: 8192,
  reason: "password version 1 → 2",
};
const remove: DesiredChange = { kind: "deleteScramCredential", user: "bob", mechanism: "SCRAM-SHA-512" };
const create: DesiredChange = {
  kind: "createScramCredential",
  user: "new",
  mechanism: "SCRAM-SHA-512",
  iterations: 4096,
};

describe("authorization: one decision for every way a change is made", () => {
  it("a SCRAM credential needs the admin role, whether set, rotated or deleted; topics, ACLs and quotas an operator", () => {
    expect(authorize({ role: "operator" }, "scram.upsert", "the credential of admin")).to.deep.equal({
      code: "forbidden",
      message: "scram.upsert of the credential of admin needs the admin role",
    });
    expect(authorize({ role: "admin" }, "scram.delete", "x")).to.equal(undefined);
    expect(authorize({ role: "operator" }, "topic.delete", "x")).to.equal(undefined);
    expect(authorize({ role: "viewer" }, "topic.create", "x")?.code).to.equal("forbidden");
    for (const kind of ["createScramCredential", "rotateScramCredential", "deleteScramCredential"] as const)
      expect(CHANGE_ROLES[DESIRED_CHANGE_ACTIONS[kind]]).to.equal("admin");
  });

  it("a plan's changes are decided as their direct routes: an operator's plan naming credentials is refused, naming each", () => {
    const refusal = authorizeChanges({ role: "operator" }, [topic, rotate, create, remove]);
    expect(refusal?.code).to.equal("forbidden");
    expect(refusal?.message).to.include("scram.upsert of the SCRAM-SHA-256 credential of admin");
    expect(refusal?.message).to.include("scram.upsert of the SCRAM-SHA-512 credential of new");
    expect(refusal?.message).to.include("scram.delete of the SCRAM-SHA-512 credential of bob");
    expect(refusal?.message).to.not.include("orders");
    expect(authorizeChanges({ role: "operator" }, [topic])).to.equal(undefined);
    expect(authorizeChanges({ role: "admin" }, [topic, rotate, create, remove])).to.equal(undefined);
  });

  it("an operation is decided on the changes it carries; changes that cannot be read are refused, never allowed", () => {
    expect(authorizeOperation({ role: "operator" }, "applyDesiredState", { changes: [rotate] })?.code).to.equal(
      "forbidden",
    );
    expect(authorizeOperation({ role: "admin" }, "applyDesiredState", { changes: [rotate] })).to.equal(undefined);
    expect(authorizeOperation({ role: "admin" }, "applyDesiredState", { changes: { $kcpPart: "x" } })?.code).to.equal(
      "forbidden",
    );
    expect(authorizeOperation({ role: "operator" }, "rebalance", {})).to.equal(undefined);
    expect(authorizeOperation({ role: "viewer" }, "rebalance", {})?.code).to.equal("forbidden");
  });
});
