import { type DesiredFile, DesiredFileSchema, DesiredScopeSchema } from "@kcp/shared";
import { expect } from "chai";
import {
  type AppliedFile,
  type CurrentResources,
  checkPlanRequest,
  checkPlanRequestBytes,
  DesiredStateThread,
  diffDesiredState,
  findOverlaps,
  OwnedScope,
  PrefixIndex,
  type StepMeter,
  ThreadWork,
} from "../src/index.js";

const scope = (path: string, fields: Record<string, unknown>) =>
  new OwnedScope(path, DesiredScopeSchema.parse({ kind: "Scope", ...fields }));
const request = (s: OwnedScope) => ({ scope: s, applied: false });
const file = (path: string, documents: unknown[]): DesiredFile => DesiredFileSchema.parse({ path, documents });
const applied = (f: DesiredFile, appliedBy: string): AppliedFile => ({
  ...f,
  digest: "d-a",
  operationId: "op-a",
  appliedAt: "2026-12-06T10:00:00.000Z",
  appliedBy,
});
const empty: CurrentResources = { topics: [], acls: [], quotas: [], scramUsers: [] };

/** `scopes` scopes of `size` names and `size` prefixes each, none overlapping another. */
function hostile(scopes: number, size: number): { scope: OwnedScope; applied: boolean }[] {
  return Array.from({ length: scopes }, (_, s) => {
    const team = `team-${String(s).padStart(3, "0")}`;
    return request(
      scope(`teams/${team}.yaml`, {
        topics: {
          names: Array.from({ length: size }, (_, i) => `${team}.name-${i}`),
          prefixes: Array.from({ length: size }, (_, i) => `${team}.prefix-${i}.`),
        },
      }),
    );
  });
}

describe("desired state: scope overlaps found with an index", () => {
  it("finds every kind of overlap once per pair, and none within one scope, between Kafka's topics or two applied files", () => {
    const orders = scope("orders.yaml", {
      topics: { names: ["billing.x", "__consumer_offsets"], prefixes: ["orders.", "orders.eu."] },
      aclPrincipals: ["User:orders"],
      scramUsers: ["orders"],
    });
    const all = scope("all.yaml", { topics: { prefixes: ["orders"] } });
    const billing = scope("billing.yaml", { topics: { names: ["billing.x", "__consumer_offsets"] } });
    const users = scope("users.yaml", {
      aclPrincipals: ["User:orders"],
      quotaEntities: [[{ type: "user", name: "q" }]],
      scramUsers: ["orders"],
    });
    const quotas = scope("quotas.yaml", { quotaEntities: [[{ type: "user", name: "q" }]] });
    const apart = scope("apart.yaml", { topics: { names: ["ord"], prefixes: ["order-"] } });
    expect(findOverlaps([orders, all, billing, users, quotas, apart].map(request))).to.deep.equal([
      { first: 0, second: 1, what: "topics orders* and orders.*" },
      { first: 0, second: 2, what: "topic billing.x" },
      { first: 0, second: 3, what: "the ACLs of User:orders" },
      { first: 3, second: 4, what: "the quota of user=q" },
    ]);
    const a = scope("a.yaml", { topics: { prefixes: ["x"] } });
    const b = scope("b.yaml", { topics: { names: ["x.1"] } });
    const c = scope("c.yaml", { topics: { names: ["y"] } });
    // Two applied files are not compared (they were when applied); an applied file and one of the request are.
    expect(
      findOverlaps(
        [c, { scope: a, applied: true }, { scope: b, applied: true }].map((s) => ("scope" in s ? s : request(s))),
      ),
    ).to.deep.equal([]);
    expect(findOverlaps([request(b), { scope: a, applied: true }])).to.deep.equal([
      { first: 0, second: 1, what: "topic x.1" },
    ]);
  });

  it("a prefix index answers as startsWith over every prefix", () => {
    const prefixes = ["a", "ab", "abc.", "b.", "b.c", "zz", "z"];
    const index = new PrefixIndex(prefixes);
    for (const name of ["a", "abd", "b", "b.", "b.cd", "c", "z", "zzz", "", "aa", "b-"])
      expect(index.starts(name), name).to.equal(prefixes.some((p) => name.startsWith(p)));
  });

  it("100 scopes of 1,000 names and 1,000 prefixes each: steps grow as n log n, not n²", () => {
    const count = (scopes: number) => {
      const meter: StepMeter = { steps: 0 };
      expect(findOverlaps(hostile(scopes, 1000), meter)).to.deep.equal([]);
      return meter.steps;
    };
    const n = 100 * 2000;
    const steps = count(100);
    // A sort (n log2 n comparisons at most, with room for the engine's merge sort) and one pass: far from n²/2 = 2·10¹⁰.
    expect(steps).to.be.below(n * (Math.log2(n) + 4));
    expect(count(50) * 2.2).to.be.above(steps);
    // Every scope overlapping every other (one shared prefix): each pair named once.
    const shared = hostile(100, 1000).map(({ scope: s }) =>
      request(
        scope(s.path, {
          topics: { names: [...s.topicNameList], prefixes: [...s.topicPrefixList.slice(1), "shared."] },
        }),
      ),
    );
    const meter: StepMeter = { steps: 0 };
    const overlaps = findOverlaps(shared, meter);
    expect(overlaps.length).to.be.at.least(99);
    expect(new Set(overlaps.map((o) => `${o.first} ${o.second}`)).size).to.equal(overlaps.length);
    expect(meter.steps).to.be.below((n + 100) * (Math.log2(n) + 4));
  });

  it("the diff of 100 such files against 10,000 topics plans with the index: each topic and document one look-up", () => {
    const files = hostile(100, 1000).map(({ scope: s }, f) =>
      file(s.path, [
        {
          kind: "Scope",
          topics: { names: [...s.topicNameList], prefixes: [...s.topicPrefixList] },
          prune: f % 2 === 0,
        },
        ...[...s.topicNameList]
          .slice(0, 10)
          .map((name) => ({ kind: "Topic", name, partitions: 1, replicationFactor: 1 })),
      ]),
    );
    const current: CurrentResources = {
      ...empty,
      topics: Array.from({ length: 10_000 }, (_, i) => ({
        name: `team-${String(i % 100).padStart(3, "0")}.prefix-${i % 1000}.${i}`,
        partitions: 1,
        replicationFactor: 1,
        configs: {},
      })),
    };
    const result = diffDesiredState(files, current);
    if (result.problems) throw new Error(JSON.stringify(result.problems.slice(0, 3)));
    expect(result.plan.counts).to.deep.equal({ createTopic: 1000, deleteTopic: 5000 });
  });

  it("a scope overlapping a file of another path applied earlier is refused, naming that file and who applied it; the same path is not", () => {
    const ordersA = file("team-a/orders.yaml", [
      { kind: "Scope", topics: { prefixes: ["orders."] }, prune: true },
      { kind: "Topic", name: "orders.created", partitions: 1, replicationFactor: 1 },
    ]);
    const ordersB = file("team-b/mine.yaml", [{ kind: "Scope", topics: { prefixes: ["orders"] }, prune: true }]);
    const current: CurrentResources = {
      ...empty,
      topics: [{ name: "orders.created", partitions: 1, replicationFactor: 1, configs: {} }],
    };
    const result = diffDesiredState([ordersB], current, undefined, [applied(ordersA, "alice")]);
    expect(result.problems).to.deep.equal([
      {
        file: "team-b/mine.yaml",
        document: 0,
        field: "Scope",
        message:
          "The scope of team-b/mine.yaml and that of team-a/orders.yaml, applied by alice at 2026-12-06T10:00:00.000Z (operation op-a), both own topics orders* and orders.*: each resource has one owner, and team-a/orders.yaml is not among these files",
      },
    ]);
    // The applied file's own path planned again: its scope is the one sent now.
    const again = diffDesiredState([ordersA], current, undefined, [applied(ordersA, "alice")]);
    expect(again.problems).to.equal(undefined);
    // Without the applied file (before this rule), B's prune would have deleted A's topic.
    const before = diffDesiredState([ordersB], current);
    expect(before.problems ? [] : before.plan.changes.map((c) => c.kind)).to.deep.equal(["deleteTopic"]);
  });

  it("a plan body's schema problems name the file by its path and the document by its index", () => {
    const refused = checkPlanRequest({
      files: [
        { path: "teams/ok.yaml", documents: [{ kind: "Scope" }] },
        {
          path: "teams/orders.yaml",
          documents: [
            { kind: "Scope" },
            { kind: "Topic", name: "orders.x", partitions: 0, replicationFactor: 1 },
            { kind: "Tpoic" },
          ],
        },
        { documents: [] },
      ],
    });
    expect(refused).to.have.property("refused");
    const lines = refused.refused?.split("\n") ?? [];
    expect(lines[0]).to.equal("Invalid body:");
    expect(lines[1]).to.match(/^teams\/orders\.yaml, document 1 \(partitions\): Too small/);
    expect(lines[2]).to.match(
      /^teams\/orders\.yaml, document 2 \(kind\): unknown kind "Tpoic": the known ones are Scope, Topic/,
    );
    expect(lines[3]).to.match(/^file 2 \(no path\) \(path\): /);
    expect(lines.join("\n")).to.not.match(/files\.\d/);
    const checked = checkPlanRequest({ files: [{ path: "a.yaml", documents: [{ kind: "Scope" }] }] });
    expect(checked)
      .to.have.property("digest")
      .that.matches(/^[0-9a-f]{64}$/);
    // The bytes as received: parsed on the thread, refused as every body is when not JSON or nested too deep.
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(checkPlanRequestBytes(bytes('{"files": ['))).to.deep.equal({
      malformed: "The request body is not valid JSON",
    });
    expect(checkPlanRequestBytes(bytes("3"))).to.deep.equal({ malformed: "The request body is not valid JSON" });
    expect(checkPlanRequestBytes(bytes(`{"files": ${"[".repeat(40)}${"]".repeat(40)}}`))).to.deep.equal({
      malformed: "The request body nests objects and arrays deeper than 32 levels",
    });
    expect(
      checkPlanRequestBytes(bytes(JSON.stringify({ files: [{ path: "a.yaml", documents: [{ kind: "Scope" }] }] }))),
    ).to.have.property("digest", (checked as { digest: string }).digest);
  });

  it("the files of a checked body stay on the thread under their digest: the request thread gets a summary, the plan, refusals and the files by digest, until every holder released them", () => {
    const work = new ThreadWork();
    const body = {
      files: [
        {
          path: "a.yaml",
          documents: [
            { kind: "Scope", topics: { names: ["a"] } },
            { kind: "Topic", name: "a", partitions: 1, replicationFactor: 1 },
          ],
        },
      ],
    };
    const bytes = new TextEncoder().encode(JSON.stringify(body));
    const checked = work.run({ kind: "check", raw: bytes }) as { summary: { digest: string; files: unknown } };
    const { digest } = checked.summary;
    expect(checked.summary.files).to.deep.equal([{ path: "a.yaml", documents: 2 }]);
    expect(work.run({ kind: "check", raw: bytes })).to.deep.equal(checked);
    const planned = work.run({ kind: "plan", digest, current: empty, applied: [] });
    expect(planned).to.have.nested.property("plan.counts.createTopic", 1);
    expect(work.run({ kind: "refused", digest, refused: [{ topic: "a", reason: "INVALID_CONFIG" }] })).to.deep.equal([
      { file: "a.yaml", document: 1, field: "configs", message: "Kafka refuses topic a: INVALID_CONFIG" },
    ]);
    // As a planned apply stages them: their JSON, made on the thread, and their paths.
    const staged = work.run({ kind: "files", digest }) as { json: string; paths: string[] };
    expect(staged.paths).to.deep.equal(["a.yaml"]);
    expect((JSON.parse(staged.json) as { files: { path: string }[] }).files.map((f) => f.path)).to.deep.equal([
      "a.yaml",
    ]);
    work.run({ kind: "release", digest });
    expect(work.keptCount).to.equal(1);
    work.run({ kind: "release", digest });
    expect(work.keptCount).to.equal(0);
    expect(() => work.run({ kind: "plan", digest, current: empty, applied: [] })).to.throw(/no files are kept/);
  });

  it("the worker thread gives what the work gives in-line, and starts again after it ends", async () => {
    const thread = new DesiredStateThread();
    try {
      const documents = [
        { kind: "Scope", topics: { names: ["a"] } },
        { kind: "Topic", name: "a", partitions: 1, replicationFactor: 1 },
      ];
      const records = [JSON.stringify(applied(file("a.yaml", documents), "alice"))];
      const checked = await thread.check(
        new TextEncoder().encode(JSON.stringify({ files: [{ path: "a.yaml", documents }] })),
      );
      const digest = checked.summary?.digest as string;
      expect(await thread.plan(digest, empty, [])).to.deep.equal(diffDesiredState([file("a.yaml", documents)], empty));
      await thread.release(digest);
      await thread.close();
      const drift = await thread.drift(records, empty);
      expect(drift.applied.map((a) => a.appliedBy)).to.deep.equal(["alice"]);
      expect(drift.drift.counts).to.deep.equal({ createTopic: 1 });
      expect(await thread.check({ files: [] })).to.have.property("refused");
    } finally {
      await thread.close();
    }
  });
});
