import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { loadBindingsFile, parseBindingsFile, type RoleBindingSpec } from "../src/index.js";

const sre: RoleBindingSpec = {
  subject: { kind: "group", source: "corp", group: "sre" },
  role: "admin",
  clusters: { all: true },
};
const payments: RoleBindingSpec = {
  subject: { kind: "user", username: "dev" },
  role: "operator",
  clusters: { labels: { env: "prod" } },
  resources: { topics: ["payments.*"] },
  team: "payments",
};
const parse = (value: unknown) =>
  parseBindingsFile("b.json", typeof value === "string" ? value : JSON.stringify(value));
const refusal = (value: unknown) => {
  try {
    parse(value);
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
};

describe("the bindings file (ACCESS_BINDINGS_FILE)", () => {
  it("reads a list of bindings in the file's order", () => {
    expect(parse([sre, payments])).to.deep.equal([sre, payments]);
    expect(parse([])).to.deep.equal([]);
  });

  it("refuses a file that is no list of bindings, naming the entry, its subject, the field and the problem", () => {
    expect(refusal("{")).to.match(/^ACCESS_BINDINGS_FILE b\.json is not JSON: /);
    expect(refusal({ bindings: [sre] })).to.equal("ACCESS_BINDINGS_FILE b.json: must be a JSON list of role bindings");
    expect(refusal([sre, { ...payments, resources: { topics: ["pay*ments"] } }])).to.equal(
      "ACCESS_BINDINGS_FILE b.json: entry 2 (user dev): resources.topics.0: a '*' may stand only at the end of a pattern (a prefix), or alone for every name",
    );
    expect(refusal([{ ...payments, resources: { topics: [""] } }])).to.equal(
      "ACCESS_BINDINGS_FILE b.json: entry 1 (user dev): resources.topics.0: must not be empty",
    );
    expect(refusal([{ ...sre, role: "owner" }])).to.match(
      /^ACCESS_BINDINGS_FILE b\.json: entry 1 \(group corp:sre\): role: /,
    );
    expect(refusal([{ ...sre, id: "x" }])).to.match(/^ACCESS_BINDINGS_FILE b\.json: entry 1 \(group corp:sre\): .*id/);
  });

  it("refuses an entry that repeats an earlier one, however its keys are ordered", () => {
    const reordered = {
      team: "payments",
      resources: { topics: ["payments.*"] },
      clusters: payments.clusters,
      role: "operator",
      subject: payments.subject,
    };
    expect(refusal([payments, sre, reordered])).to.equal(
      "ACCESS_BINDINGS_FILE b.json: entry 3 (user dev): repeats entry 1",
    );
  });

  it("reads nothing when unset, and names a file that cannot be read", async () => {
    expect(loadBindingsFile({})).to.equal(undefined);
    const missing = join(await mkdtemp(join(tmpdir(), "kcp-bindings-")), "absent.json");
    expect(() => loadBindingsFile({ ACCESS_BINDINGS_FILE: missing })).to.throw(
      `ACCESS_BINDINGS_FILE ${missing} cannot be read: ENOENT`,
    );
  });
});
