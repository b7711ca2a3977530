import { expect } from "chai";
import {
  planShards,
  quickFiles,
  releasePlan,
  sharedClusterGroups,
  sharedStartupSeconds,
  staggerStretches,
  type TimingTable,
} from "../src/runner/shards.js";

const table = (files: Record<string, number>, servers: string[] = []): TimingTable => ({
  measured: "test",
  files: Object.fromEntries(
    Object.entries(files).map(([file, seconds]) => [file, { seconds, servers: servers.includes(file) }]),
  ),
});

describe("splitting the test files between processes (pure)", () => {
  it("deals the longest files first to the process with the least work, each process running its longest first", () => {
    const times = table({ a: 100, b: 90, c: 60, d: 40, e: 10, f: 5 });
    const plan = planShards(["a", "b", "c", "d", "e", "f"], times, { count: 2 });
    expect(plan.shards).to.deep.equal([
      ["a", "d", "e", "f"],
      ["b", "c"],
    ]);
    expect(plan.seconds).to.deep.equal([155, 150]);
  });

  it("keeps a group in one process, wherever its files would have gone alone", () => {
    const times = table({ a: 100, b: 90, c: 60, d: 40 });
    const plan = planShards(["a", "b", "c", "d"], times, { count: 2, together: [["b", "c"]] });
    const withB = plan.shards.find((shard) => shard.includes("b"));
    expect(withB).to.include("c");
    expect(plan.seconds.reduce((x, y) => x + y)).to.equal(290);
  });

  it("counts a file the table does not know as the default, and never makes more processes than files", () => {
    const plan = planShards(["new.test.ts", "a"], table({ a: 10 }), { count: 4, unknownSeconds: 45 });
    expect(plan.shards).to.deep.equal([["new.test.ts"], ["a"]]);
    expect(plan.seconds).to.deep.equal([45, 10]);
  });

  it("is the same split for the same input, whatever order the files come in", () => {
    const times = table({ a: 5, b: 5, c: 5, d: 5 });
    const one = planShards(["a", "b", "c", "d"], times, { count: 2 });
    const other = planShards(["d", "c", "b", "a"], times, { count: 2 });
    expect(other).to.deep.equal(one);
  });

  it("gathers the files of one shared cluster in one process while the split stays even enough", () => {
    const t = table({ a: 50, b: 50, c: 20, d: 20 });
    for (const file of ["a", "c"]) (t.files[file] as { shared?: string[] }).shared = ["kafka:3c3b:4.3.1"];
    for (const file of ["b", "d"]) (t.files[file] as { shared?: string[] }).shared = ["kafka:secure:4.3.1"];
    const plan = planShards(["a", "b", "c", "d"], t, { count: 2, startupSeconds: sharedStartupSeconds });
    expect(plan.shards).to.deep.equal([
      ["a", "c"],
      ["b", "d"],
    ]);
    // Without the servers' starts in the cost, the same files split as seconds alone say.
    const blind = planShards(["a", "b", "c", "d"], t, { count: 2 });
    expect(blind.seconds).to.deep.equal([70, 70]);
  });

  it("runs the files of each shared server in one stretch, then those that use none, and stops each server after its last file", () => {
    const t = table({ big: 100, k1: 30, k2: 20, s1: 25, s2: 5, own: 60 });
    const use = (file: string, shared: string[]) => {
      (t.files[file] as { shared?: string[] }).shared = shared;
    };
    use("k1", ["kafka:3c3b:4.3.1", "redis"]);
    use("k2", ["kafka:3c3b:4.3.1"]);
    use("s1", ["kafka:single:4.3.1"]);
    use("s2", ["kafka:single:4.3.1", "redis"]);
    const files = ["big", "k1", "k2", "s1", "s2", "own"];
    const [order] = planShards(files, t, { count: 1, startupSeconds: sharedStartupSeconds }).shards;
    expect(order).to.deep.equal(["k1", "k2", "s1", "s2", "big", "own"]);
    expect(releasePlan(order as string[], t)).to.deep.equal({
      k2: ["kafka:3c3b:4.3.1"],
      s2: ["kafka:single:4.3.1", "redis"],
    });
  });

  it("test:quick takes only the files measured to need no server (not the unknown ones)", () => {
    const times = table({ pure: 1, kafka: 30 }, ["kafka"]);
    expect(quickFiles(["pure", "kafka", "unmeasured"], times)).to.deep.equal(["pure"]);
  });
});

describe("the schedule against the machine's budget (staggerStretches)", () => {
  const stretch = (name: string, seconds: number, units: number) => ({ files: [name], seconds, units });

  it("lets one process start its heavy stretch while the others run light ones, then the next heavy one", () => {
    const orders = staggerStretches(
      [
        [stretch("a-heavy", 300, 20), stretch("a-light", 100, 0)],
        [stretch("b-heavy", 300, 12), stretch("b-light", 100, 0)],
        [stretch("c-heavy", 200, 8), stretch("c-quick", 50, 0), stretch("c-quick-2", 30, 0)],
      ],
      6,
    );
    expect(orders).to.deep.equal([
      ["a-heavy", "a-light"],
      ["b-light", "b-heavy"],
      ["c-quick", "c-quick-2", "c-heavy"],
    ]);
  });

  it("keeps each process's files and the heaviest first when the budget holds them all", () => {
    const orders = staggerStretches(
      [
        [stretch("a-1", 10, 1), stretch("a-2", 50, 2)],
        [stretch("b-1", 10, 1), stretch("b-2", 20, 0)],
      ],
      100,
    );
    expect(orders).to.deep.equal([
      ["a-2", "a-1"],
      ["b-1", "b-2"],
    ]);
  });
});

describe("the files of the run's shared Kafka clusters in one process (sharedClusterGroups)", () => {
  const table: TimingTable = {
    measured: "test",
    files: {
      a: { seconds: 10, servers: true, shared: ["kafka:single:4.3.1"] },
      b: { seconds: 20, servers: true, shared: ["kafka:single:4.3.1", "kafka:3c3b:4.3.1", "mongo"] },
      c: { seconds: 30, servers: true, shared: ["kafka:3c3b:4.3.1"] },
      d: { seconds: 40, servers: true, shared: ["kafka:secure:4.3.1", "mongo"] },
      e: { seconds: 50, servers: true, shared: ["kafka:secure:4.3.1"] },
      k: { seconds: 90, servers: true, shared: ["kafka:single:4.3.1", "kubernetes-node"] },
      m: { seconds: 5, servers: true, shared: ["mongo"] },
    },
  };
  const files = Object.keys(table.files);

  it("links the files that share a cluster, through files of two clusters, not through cheap servers", () => {
    expect(sharedClusterGroups(files, table, new Set(["k"]), 1_000)).to.deep.equal([
      ["a", "b", "c"],
      ["d", "e"],
    ]);
  });

  it("leaves out a group longer than the bound, and the files grouped elsewhere", () => {
    expect(sharedClusterGroups(files, table, new Set(["k"]), 59)).to.deep.equal([]);
    expect(sharedClusterGroups(files, table, new Set(["k", "e"]), 1_000)).to.deep.equal([["a", "b", "c"]]);
  });
});
