import { expect } from "chai";
import { broker, partition, snapshotWith, topic } from "../../kafka/test/rules/snapshot-fixture.js";
import { DEFAULT_FIND_THRESHOLDS, findAnomalies } from "../src/find.js";

const codes = (snapshot: Parameters<typeof findAnomalies>[0]) =>
  findAnomalies(snapshot).map((f) => `${f.code} ${f.subject}`);

describe("autopilot: anomalies found in a snapshot", () => {
  it("a healthy cluster shows none", () => {
    expect(codes(snapshotWith(() => {}))).to.deep.equal([]);
  });

  it("a broker that does not answer is broker_down, one that answers but is fenced broker_fenced: one anomaly each", () => {
    const snapshot = snapshotWith((s) => {
      s.brokers = [broker(4, { alive: false, fenced: true }), broker(5, { fenced: true }), broker(6)];
    });
    const found = findAnomalies(snapshot);
    expect(found.map((f) => `${f.code} ${f.subject}`)).to.deep.equal([
      "broker_down broker:4",
      "broker_fenced broker:5",
    ]);
    expect(found[0]).to.include({ brokerId: 4, message: "Broker 4 does not answer and is fenced" });
  });

  it("disk_high per broker at or above the threshold, with the figure", () => {
    const snapshot = snapshotWith((s) => {
      s.brokers = [broker(4, { diskUsableBytes: 150 }), broker(5, { diskUsableBytes: 210 }), broker(6)];
    });
    const found = findAnomalies(snapshot, DEFAULT_FIND_THRESHOLDS, ["disk_high"]);
    expect(found).to.have.length(1);
    expect(found[0]).to.deep.include({
      subject: "broker:4",
      facts: { broker: 4, usedPercent: 85, thresholdPercent: 80 },
    });
  });

  it("disk_imbalance: the fullest log dir more than the band above the mean of the live dirs, once for the cluster", () => {
    const dir = (id: number, usable: number) => [
      { path: `/data/${id}`, totalBytes: 1000, usableBytes: usable, dataBytes: 1000 - usable, cordoned: false },
    ];
    const skewed = snapshotWith((s) => {
      s.brokers = [
        broker(4, { logDirs: dir(4, 300) }),
        broker(5, { logDirs: dir(5, 700) }),
        broker(6, { logDirs: dir(6, 700) }),
      ];
    });
    const found = findAnomalies(skewed, DEFAULT_FIND_THRESHOLDS, ["disk_imbalance"]);
    expect(found).to.have.length(1);
    expect(found[0]).to.deep.include({
      subject: "cluster",
      brokerId: 4,
      facts: { broker: 4, logDir: "/data/4", usedPercent: 70, meanPercent: 43.3, abovePercent: 26.7, logDirs: 3 },
    });
    const within = snapshotWith((s) => {
      s.brokers = [
        broker(4, { logDirs: dir(4, 550) }),
        broker(5, { logDirs: dir(5, 600) }),
        broker(6, { logDirs: dir(6, 650) }),
      ];
    });
    expect(findAnomalies(within, DEFAULT_FIND_THRESHOLDS, ["disk_imbalance"])).to.deep.equal([]);
    // A dir without its size makes the comparison unknown: nothing is claimed.
    const unknown = snapshotWith((s) => {
      s.brokers = [broker(4, { logDirs: dir(4, 300) }), broker(5, { logDirs: [{ path: "/d", dataBytes: 0 }] })];
    });
    expect(findAnomalies(unknown, DEFAULT_FIND_THRESHOLDS, ["disk_imbalance"])).to.deep.equal([]);
  });

  it("leader_imbalance: the share of replicated partitions not led by their preferred replica above the threshold", () => {
    const snapshot = snapshotWith((s) => {
      s.topics = [
        topic("orders", [
          partition(0, [4, 5, 6], { leader: 5 }),
          partition(1, [5, 6, 4]),
          partition(2, [6, 4, 5]),
          partition(3, [4, 5, 6]),
        ]),
        topic("single", [partition(0, [4], { leader: 4 })]),
      ];
    });
    const found = findAnomalies(snapshot, DEFAULT_FIND_THRESHOLDS, ["leader_imbalance"]);
    expect(found.map((f) => f.facts)).to.deep.equal([{ notPreferred: 1, partitions: 4, notPreferredPercent: 25 }]);
    expect(
      findAnomalies(snapshot, { ...DEFAULT_FIND_THRESHOLDS, leaderImbalancePercent: 25 }, ["leader_imbalance"]),
    ).to.deep.equal([]);
  });

  it("log_dir_failed per failed dir; replicas_on_removed_broker names the brokers no longer registered", () => {
    const snapshot = snapshotWith((s) => {
      s.brokers = [
        broker(4, {
          logDirs: [
            { path: "/a", totalBytes: 10, usableBytes: 5, dataBytes: 1, cordoned: false },
            { path: "/b", dataBytes: 0, error: "KAFKA_STORAGE_ERROR" },
          ],
        }),
        broker(5),
        // Known only as the holder of replicas: the cluster no longer registers it.
        broker(6, { alive: false, fenced: true, registered: false }),
      ];
    });
    // Gone for good, not down: no broker_down for it.
    expect(codes(snapshot)).to.deep.equal(["log_dir_failed broker:4:/b", "replicas_on_removed_broker cluster"]);
    expect(findAnomalies(snapshot, DEFAULT_FIND_THRESHOLDS, ["replicas_on_removed_broker"])[0]?.facts).to.deep.equal({
      partitions: 3,
      brokers: "6",
    });
  });
});
