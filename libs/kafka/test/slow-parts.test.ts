import type { Broker, Snapshot, Topic } from "@kcp/shared";
import { expect } from "chai";
import { keptCordonedLogDirs, keptTopicConfigs, partReadAt, reusableParts } from "../src/index.js";
import type { TopicLayout } from "../src/snapshot/topics.js";

const T0 = Date.parse("2026-11-29T10:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString();

const topic = (name: string, id: string, extra: Partial<Topic> = {}): Topic => ({
  name,
  id,
  internal: false,
  replicationFactor: 1,
  minInsyncReplicas: 2,
  configs: { "retention.ms": "1000" },
  sizeBytes: 0,
  partitions: [],
  ...extra,
});

const broker = (id: number, dirs: { path: string; cordoned: boolean }[] | null): Broker =>
  ({
    id,
    host: "h",
    port: 9092,
    fenced: false,
    alive: true,
    cordoned: dirs?.some((d) => d.cordoned) ?? false,
    logDirs: dirs?.map((d) => ({ ...d, dataBytes: 0, error: null })) ?? null,
    dataBytes: 0,
    replicas: 0,
    leaders: 0,
    preferredLeaders: 0,
  }) as unknown as Broker;

function snapshot(extra: Partial<Snapshot> = {}): Snapshot {
  return {
    collectedAt: iso(T0),
    durationMs: 100,
    clusterId: "c",
    brokers: [],
    features: [],
    topics: [],
    reassignments: [],
    groups: [],
    errors: [],
    ...extra,
  } as Snapshot;
}

const layout = (name: string, id: string) => ({ name, id }) as unknown as TopicLayout;

describe("a snapshot's slow parts: which a collection keeps", () => {
  const previous = snapshot({ partsCollectedAt: { topicConfigs: iso(T0 - 60_000), brokerConfigs: iso(T0) } });
  const ask = (extra: Partial<Parameters<typeof reusableParts>[0]> = {}) =>
    [...reusableParts({ previous, now: new Date(T0 + 30_000), everySeconds: 300, readAll: false, ...extra })].sort();

  it("keeps every part read less than the period ago; a part without its own time is as old as the snapshot", () => {
    expect(ask()).to.deep.equal(["brokerConfigs", "desiredStateDrift", "topicConfigs"]);
    expect(partReadAt(previous, "desiredStateDrift")).to.equal(T0);
  });

  it("reads a part again once it is as old as the period", () => {
    expect(ask({ now: new Date(T0 - 60_000 + 300_000) })).to.deep.equal(["brokerConfigs", "desiredStateDrift"]);
    expect(ask({ now: new Date(T0 + 300_000) })).to.deep.equal([]);
  });

  it("keeps nothing when every part is asked for, when the period is 0, or without a previous snapshot", () => {
    expect(ask({ readAll: true })).to.deep.equal([]);
    expect(ask({ everySeconds: 0 })).to.deep.equal([]);
    expect(ask({ previous: undefined })).to.deep.equal([]);
  });

  it("reads again a part read before the last write (an operation ran since), or whose read failed", () => {
    expect(ask({ writtenAt: T0 - 30_000 })).to.deep.equal(["brokerConfigs", "desiredStateDrift"]);
    expect(ask({ writtenAt: T0 })).to.deep.equal([]);
    const failed = snapshot({ ...previous, errors: ["topic configs: request timed out"] });
    expect(ask({ previous: failed })).to.deep.equal(["brokerConfigs", "desiredStateDrift"]);
  });

  it("keeps the configs of the topics still there and reads those new, re-created or unread", () => {
    const before = snapshot({
      topics: [
        topic("kept", "id-1"),
        topic("recreated", "id-2"),
        topic("unread", "id-3", { error: "configs could not be read" }),
      ],
    });
    const { kept, missing } = keptTopicConfigs(before, [
      layout("kept", "id-1"),
      layout("recreated", "id-2b"),
      layout("unread", "id-3"),
      layout("new", "id-4"),
    ]);
    expect(Object.fromEntries(kept)).to.deep.equal({
      kept: { overrides: { "retention.ms": "1000" }, minInsyncReplicas: 2 },
    });
    expect(missing).to.deep.equal(["recreated", "unread", "new"]);
  });

  it("keeps the cordoned log dirs of the brokers whose dirs were read and reads the others", () => {
    const before = snapshot({
      brokers: [
        broker(1, [
          { path: "/a", cordoned: true },
          { path: "/b", cordoned: false },
        ]),
        broker(2, null),
      ],
    });
    const { kept, missing } = keptCordonedLogDirs(before, [1, 2, 3]);
    expect(Object.fromEntries(kept)).to.deep.equal({ 1: ["/a"] });
    expect(missing).to.deep.equal([2, 3]);
  });
});
