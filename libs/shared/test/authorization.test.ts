import { expect } from "chai";
import {
  authorize,
  authorizeChanges,
  authorizeOperation,
  CHANGE_ROLES,
  type ClusterRef,
  clusterAccess,
  compileBindings,
  DESIRED_CHANGE_ACTIONS,
  type DesiredChange,
  type Principal,
  principalBindings,
  type RoleBindingSpec,
  RoleBindingSpecSchema,
  visibleNames,
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

const prod: ClusterRef = { id: "c-prod", name: "prod-1", labels: { env: "prod" } };
const staging: ClusterRef = { id: "c-staging", name: "staging-1", labels: { env: "staging" } };
const local = (role: "viewer" | "operator" | "admin"): Principal => ({ username: role, role });
const topicOf = (name: string) => ({ kind: "topics" as const, cluster: prod, name });

/** A principal of a provider (no local role) with these bindings given to its group `corp:payments`. */
function teamMember(bindings: Omit<RoleBindingSpec, "subject">[]): Principal {
  const index = compileBindings(
    bindings.map((b, i) => ({ ...b, id: `b${i}`, subject: { kind: "group", source: "corp", group: "payments" } })),
  );
  return { username: "alice", bindings: principalBindings(index, "alice", ["corp:payments", "corp:other"]) };
}

const paymentsTeam = teamMember([
  {
    role: "operator",
    clusters: { labels: { env: "prod" } },
    resources: { topics: ["payments.*"], groups: ["payments-*"] },
  },
  { role: "viewer", clusters: { labels: { env: "prod" } }, resources: { topics: ["shared.events"] } },
]);

describe("authorization: one decision for every way a change is made", () => {
  it("a SCRAM credential needs the admin role, whether set, rotated or deleted; topics, ACLs and quotas an operator", () => {
    const admin = { kind: "scramUsers" as const, cluster: prod, name: "admin" };
    expect(authorize(local("operator"), "scram.upsert", admin)).to.deep.equal({
      code: "forbidden",
      message:
        "scram.upsert of SCRAM credentials of user admin needs the admin role on it in cluster prod-1 (a binding on the whole cluster, or one whose scramUsers patterns match admin)",
    });
    expect(authorize(local("admin"), "scram.delete", admin)).to.equal(undefined);
    expect(authorize(local("operator"), "topic.delete", topicOf("x"))).to.equal(undefined);
    expect(authorize(local("viewer"), "topic.create", topicOf("x"))?.code).to.equal("forbidden");
    for (const kind of ["createScramCredential", "rotateScramCredential", "deleteScramCredential"] as const)
      expect(CHANGE_ROLES[DESIRED_CHANGE_ACTIONS[kind]]).to.equal("admin");
  });

  it("a plan's changes are decided as their direct routes: an operator's plan naming credentials is refused, naming each", () => {
    const refusal = authorizeChanges(local("operator"), [topic, rotate, create, remove], prod);
    expect(refusal?.code).to.equal("forbidden");
    expect(refusal?.message).to.include("scram.upsert of the SCRAM-SHA-256 credential of admin");
    expect(refusal?.message).to.include("scram.upsert of the SCRAM-SHA-512 credential of new");
    expect(refusal?.message).to.include("scram.delete of the SCRAM-SHA-512 credential of bob");
    expect(refusal?.message).to.not.include("orders");
    expect(authorizeChanges(local("operator"), [topic], prod)).to.equal(undefined);
    expect(authorizeChanges(local("admin"), [topic, rotate, create, remove], prod)).to.equal(undefined);
  });

  it("an operation is decided on the changes it carries; changes that cannot be read are refused, never allowed", () => {
    expect(authorizeOperation(local("operator"), "applyDesiredState", { changes: [rotate] }, prod)?.code).to.equal(
      "forbidden",
    );
    expect(authorizeOperation(local("admin"), "applyDesiredState", { changes: [rotate] }, prod)).to.equal(undefined);
    expect(
      authorizeOperation(local("admin"), "applyDesiredState", { changes: { $kcpPart: "x" } }, prod)?.code,
    ).to.equal("forbidden");
    expect(authorizeOperation(local("operator"), "rebalance", {}, prod)).to.equal(undefined);
    expect(authorizeOperation(local("viewer"), "rebalance", {}, prod)?.code).to.equal("forbidden");
  });
});

describe("authorization: role bindings on clusters and resources", () => {
  it("a team's operator binding on payments.* allows payments topics and refuses billing ones with 403", () => {
    expect(authorize(paymentsTeam, "topic.create", topicOf("payments.orders"))).to.equal(undefined);
    const refusal = authorize(paymentsTeam, "topic.create", topicOf("billing.orders"));
    expect(refusal?.code).to.equal("forbidden");
    expect(refusal?.message).to.include("topics patterns match billing.orders");
    expect(
      authorize(paymentsTeam, "group.reset-offsets", { kind: "groups", cluster: prod, name: "payments-app" }),
    ).to.equal(undefined);
  });

  it("reading a resource it may not see is 404, as for one that does not exist; a viewer binding allows reading only", () => {
    expect(authorize(paymentsTeam, "topic.read", topicOf("billing.orders"))?.code).to.equal("not_found");
    expect(authorize(paymentsTeam, "topic.read", topicOf("shared.events"))).to.equal(undefined);
    expect(authorize(paymentsTeam, "topic.delete", topicOf("shared.events"))?.code).to.equal("forbidden");
  });

  it("a cluster outside every binding is not found, for reads and changes alike", () => {
    expect(authorize(paymentsTeam, "cluster.read", { kind: "cluster", cluster: staging })?.code).to.equal("not_found");
    expect(
      authorize(paymentsTeam, "topic.create", { kind: "topics", cluster: staging, name: "payments.x" })?.code,
    ).to.equal("not_found");
    expect(authorizeOperation(paymentsTeam, "rebalance", {}, staging)?.code).to.equal("not_found");
  });

  it("narrowed bindings never give the whole cluster: a rebalance and a quota need a binding not narrowed", () => {
    expect(authorizeOperation(paymentsTeam, "rebalance", {}, prod)?.code).to.equal("forbidden");
    expect(authorize(paymentsTeam, "quota.change", { kind: "cluster", cluster: prod })?.code).to.equal("forbidden");
    expect(authorizeOperation(paymentsTeam, "applyDesiredState", { changes: [topic] }, prod)?.code).to.equal(
      "forbidden",
    );
    const own = { ...topic, topic: "payments.orders" };
    expect(authorizeOperation(paymentsTeam, "applyDesiredState", { changes: [own] }, prod)).to.equal(undefined);
  });

  it("lists show what the bindings match: a team sees its topics, a whole-cluster viewer everything", () => {
    const visible = visibleNames(clusterAccess(paymentsTeam, prod), "topics");
    expect(["payments.orders", "billing.orders", "shared.events", "payments"].filter(visible)).to.deep.equal([
      "payments.orders",
      "shared.events",
    ]);
    expect(visibleNames(clusterAccess(paymentsTeam, prod), "aclPrincipals")("User:x")).to.equal(false);
    expect(visibleNames(clusterAccess(local("viewer"), prod), "topics")("billing.orders")).to.equal(true);
  });

  it("only the principal's own bindings and its groups' apply; the service's admin actions need a whole-service role", () => {
    const index = compileBindings([
      { id: "1", subject: { kind: "user", username: "bob" }, role: "admin", clusters: { all: true } },
      {
        id: "2",
        subject: { kind: "group", source: "ldap", group: "payments" },
        role: "admin",
        clusters: { all: true },
      },
    ]);
    const alice: Principal = { username: "alice", bindings: principalBindings(index, "alice", ["corp:payments"]) };
    expect(alice.bindings).to.deep.equal([]);
    expect(authorize(alice, "cluster.read", { kind: "cluster", cluster: prod })?.code).to.equal("not_found");
    const bob: Principal = { username: "bob", bindings: principalBindings(index, "bob", []) };
    expect(authorize(bob, "service.admin", { kind: "service" })).to.equal(undefined);
    expect(authorize(paymentsTeam, "service.admin", { kind: "service" })?.code).to.equal("forbidden");
  });

  it("a pattern matches everything only when written '*': empty, inner or bare-star prefixes are refused", () => {
    const spec = (topics: string[]) =>
      RoleBindingSpecSchema.safeParse({
        subject: { kind: "user", username: "alice" },
        role: "viewer",
        clusters: { all: true },
        resources: { topics },
      }).success;
    expect(spec(["payments.*", "orders", "*"])).to.equal(true);
    for (const bad of [[""], ["pay*ments"], ["**"], ["*.orders"], [" payments"], []])
      expect(spec(bad), bad.join()).to.equal(false);
    expect(
      RoleBindingSpecSchema.safeParse({
        subject: { kind: "user", username: "alice" },
        role: "viewer",
        clusters: { all: true },
        resources: {},
      }).success,
    ).to.equal(false);
  });
});
