import { expect } from "chai";
import {
  type BindingDraft,
  bindingFromDraft,
  clustersText,
  EMPTY_DRAFT,
  highestRole,
  originText,
  type RoleBinding,
  resourcesText,
  safeReturnTo,
  ssoStartHref,
  subjectText,
} from "../src/pages/access/access-text.js";

const binding = (role: RoleBinding["role"]): RoleBinding => ({
  id: `b-${role}`,
  origin: "api",
  subject: { kind: "group", source: "corp", group: "payments" },
  role,
  clusters: { all: true },
  createdAt: "2026-12-07T00:00:00.000Z",
  updatedAt: "2026-12-07T00:00:00.000Z",
});

describe("console: role bindings in words", () => {
  it("names the subject, the clusters and the resources as the tables show them", () => {
    expect(subjectText({ kind: "user", username: "alice" })).to.equal("user alice");
    expect(subjectText({ kind: "group", source: "corp", group: "payments" })).to.equal("group corp:payments");
    expect(clustersText({ all: true })).to.equal("all clusters");
    expect(clustersText({ ids: ["c1"] })).to.equal("cluster c1");
    expect(clustersText({ ids: ["c1", "c2"] })).to.equal("clusters c1, c2");
    expect(clustersText({ labels: { env: "prod", tier: "gold" } })).to.equal("clusters labelled env=prod, tier=gold");
    expect(resourcesText(undefined)).to.equal("whole clusters");
    expect(resourcesText({ groups: ["payments-*"], topics: ["payments.*", "audit.log"] })).to.equal(
      "topics payments.*, audit.log; groups payments-*",
    );
    expect(resourcesText({ aclPrincipals: ["User:svc-*"], scramUsers: ["svc-*"] })).to.equal(
      "ACL principals User:svc-*; SCRAM users svc-*",
    );
  });

  it("offers a provider's user the best role of its bindings, a local user its own role", () => {
    expect(highestRole({ bindings: [] })).to.equal(undefined);
    expect(highestRole({ bindings: [binding("viewer"), binding("operator"), binding("viewer")] })).to.equal("operator");
    expect(highestRole({ role: "admin", bindings: [binding("viewer")] })).to.equal("admin");
    expect(highestRole({ role: "viewer", bindings: [binding("operator")] })).to.equal("operator");
    expect(originText({ role: "admin" })).to.equal("local admin");
    expect(originText({ source: "corp" })).to.equal("signed in through corp");
  });
});

describe("console: sign-in return paths", () => {
  it("returns only to a path of this console, never to another site", () => {
    expect(safeReturnTo("/clusters/c1/topics?q=pay")).to.equal("/clusters/c1/topics?q=pay");
    for (const elsewhere of [undefined, "", "https://evil.example/", "//evil.example/x", "/\\evil.example", "x"])
      expect(safeReturnTo(elsewhere), String(elsewhere)).to.equal("/");
  });

  it("starts a provider's sign-in at the service with the page to come back to", () => {
    expect(ssoStartHref("corp", "/clusters/c1?tab=a&b=1")).to.equal(
      "/api/v1/auth/sso/corp/start?returnTo=%2Fclusters%2Fc1%3Ftab%3Da%26b%3D1",
    );
    expect(ssoStartHref("corp", "//evil.example")).to.equal("/api/v1/auth/sso/corp/start?returnTo=%2F");
  });
});

describe("console: the new binding form", () => {
  const draft = (change: Partial<BindingDraft>): BindingDraft => ({ ...EMPTY_DRAFT, ...change });

  it("makes a team's group binding on labelled clusters narrowed to topic and group patterns", () => {
    expect(
      bindingFromDraft(
        draft({
          source: " corp ",
          name: "payments",
          role: "operator",
          clusters: "labels",
          clusterList: "env=prod, tier=gold",
          topics: "payments.*  audit.log",
          groups: "payments-*",
          team: "payments",
        }),
      ),
    ).to.deep.equal({
      spec: {
        subject: { kind: "group", source: "corp", group: "payments" },
        role: "operator",
        clusters: { labels: { env: "prod", tier: "gold" } },
        resources: { topics: ["payments.*", "audit.log"], groups: ["payments-*"] },
        team: "payments",
      },
    });
  });

  it("makes a user's binding on clusters by id, whole clusters, no team", () => {
    expect(
      bindingFromDraft(draft({ subjectKind: "user", name: "alice", clusters: "ids", clusterList: "c1,c2" })),
    ).to.deep.equal({
      spec: { subject: { kind: "user", username: "alice" }, role: "viewer", clusters: { ids: ["c1", "c2"] } },
    });
    expect(bindingFromDraft(draft({ subjectKind: "user", name: "alice" }))).to.deep.equal({
      spec: { subject: { kind: "user", username: "alice" }, role: "viewer", clusters: { all: true } },
    });
  });

  it("says which field is missing or malformed", () => {
    expect(bindingFromDraft(draft({ source: "corp" }))).to.deep.equal({ problem: "Give the group's name" });
    expect(bindingFromDraft(draft({ name: "payments" }))).to.deep.equal({
      problem: "Give the group's source (the identity provider's id)",
    });
    expect(bindingFromDraft(draft({ subjectKind: "user", name: "a", clusters: "ids" }))).to.deep.equal({
      problem: "Give at least one cluster id",
    });
    expect(
      bindingFromDraft(draft({ subjectKind: "user", name: "a", clusters: "labels", clusterList: "env" })),
    ).to.deep.equal({ problem: "Write each label as key=value (env)" });
    expect(
      bindingFromDraft(draft({ subjectKind: "user", name: "a", clusters: "labels", clusterList: "=prod" })),
    ).to.deep.equal({ problem: "Write each label as key=value (=prod)" });
  });
});
