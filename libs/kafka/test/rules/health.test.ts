import type { HealthIssueCode, HealthStatus, Snapshot } from "@kcp/shared";
import { expect } from "chai";
import { DEFAULT_HEALTH_THRESHOLDS, deriveHealth } from "../../src/index.js";
import { broker, NOW, partition, snapshotWith, topic, voter } from "./snapshot-fixture.js";

const health = (snapshot: Snapshot | null | undefined) => deriveHealth(snapshot, DEFAULT_HEALTH_THRESHOLDS, NOW);

const orders = (s: Snapshot) => {
  const found = s.topics[0];
  if (!found) throw new Error("fixture has no topic");
  return found;
};

interface Row {
  code: HealthIssueCode;
  status: HealthStatus;
  change: (s: Snapshot) => void;
  message: string;
}

/** One row per health rule: the condition, the issue it raises and the status it leads to. */
const ROWS: Row[] = [
  {
    code: "offline_partitions",
    status: "critical",
    change: (s) => {
      const [p0, p1] = orders(s).partitions;
      if (p0) p0.leader = -1;
      if (p1) p1.leader = 9; // a leader that is not a live broker
    },
    message: "2 partitions of orders offline: orders-0, orders-1",
  },
  {
    code: "under_min_isr",
    status: "critical",
    change: (s) => {
      const p0 = orders(s).partitions[0];
      if (p0) p0.isr = [4];
    },
    message: "1 partition of orders below min.insync.replicas: orders-0",
  },
  {
    code: "no_quorum_leader",
    status: "critical",
    change: (s) => {
      if (s.quorum) s.quorum.leaderId = -1;
    },
    message: "The metadata quorum has no leader",
  },
  {
    code: "log_dir_failed",
    status: "critical",
    change: (s) => {
      const dir = s.brokers[0]?.logDirs?.[0];
      if (dir) dir.error = "KafkaStorageException";
    },
    message: "1 log dir failed: 4:/data/4 (KafkaStorageException)",
  },
  {
    code: "disk_critical",
    status: "critical",
    change: (s) => {
      s.brokers[1] = broker(5, { diskTotalBytes: 1000, diskUsableBytes: 50 });
    },
    message: "1 broker at or above 90 % disk use: 5 (95 %)",
  },
  {
    code: "broker_down",
    status: "critical",
    change: (s) => {
      s.brokers[2] = broker(6, { alive: false, fenced: true });
      for (const p of orders(s).partitions) p.isr = p.isr.filter((id) => id !== 6);
    },
    message: "1 broker down (no answer): 6",
  },
  {
    code: "under_replicated",
    status: "warning",
    change: (s) => {
      const p2 = orders(s).partitions[2];
      if (p2) p2.isr = [6, 4];
    },
    message: "1 partition of orders under-replicated: orders-2",
  },
  {
    code: "at_min_isr",
    status: "warning",
    change: (s) => {
      const p2 = orders(s).partitions[2];
      if (p2) p2.isr = [6, 4];
    },
    message: "1 partition of orders at min.insync.replicas (one more replica loss blocks acks=all producers): orders-2",
  },
  {
    code: "broker_fenced",
    status: "warning",
    change: (s) => {
      s.brokers[0] = broker(4, { fenced: true });
    },
    message: "1 broker fenced: 4",
  },
  {
    code: "voters_lagging",
    status: "warning",
    change: (s) => {
      if (!s.quorum) return;
      s.quorum.voters = [
        voter(1),
        voter(2, { lag: 5000 }),
        voter(3, { lastCaughtUpTimestamp: NOW.getTime() - 60_000 }),
      ];
    },
    message: "2 voters lagging behind the quorum leader: 2, 3",
  },
  {
    code: "quorum_no_fault_tolerance",
    status: "warning",
    change: (s) => {
      if (s.quorum) s.quorum.voters = [voter(1), voter(2)];
    },
    message: "The metadata quorum has 2 voters: losing one stops the cluster's metadata",
  },
  {
    code: "disk_high",
    status: "warning",
    change: (s) => {
      s.brokers[0] = broker(4, { diskTotalBytes: 1000, diskUsableBytes: 150 });
    },
    message: "1 broker at or above 80 % disk use: 4 (85 %)",
  },
  {
    code: "collection_incomplete",
    status: "warning",
    change: (s) => {
      s.errors = ["quorum: CLUSTER_AUTHORIZATION_FAILED"];
    },
    message: "1 part of the snapshot could not be read: quorum: CLUSTER_AUTHORIZATION_FAILED",
  },
  {
    code: "reassignment_in_progress",
    status: "ok",
    change: (s) => {
      s.reassignments = [{ topic: "orders", partition: 1, replicas: [5, 6, 4, 7], adding: [7], removing: [4] }];
      const p1 = orders(s).partitions[1];
      if (p1) p1.replicas = [5, 6, 4, 7];
    },
    message: "1 partition being reassigned: orders-1",
  },
  {
    code: "broker_cordoned",
    status: "ok",
    change: (s) => {
      s.brokers[2] = broker(6, { cordoned: true });
    },
    message: "1 broker cordoned (no new replicas): 6",
  },
  {
    code: "features_finalizable",
    status: "ok",
    change: (s) => {
      s.features.push({ name: "group.version", finalized: 0, supportedMin: 0, supportedMax: 1 });
    },
    message: "1 feature below the level every node supports: group.version 0 → 1",
  },
];

describe("health rules", () => {
  it("a healthy cluster is ok, without issues, with every counter", () => {
    const result = health(snapshotWith(() => undefined));
    expect(result).to.deep.equal({
      status: "ok",
      issues: [],
      brokers: 3,
      brokersAlive: 3,
      brokersFenced: 0,
      brokersCordoned: 0,
      topics: 1,
      partitions: 3,
      offlinePartitions: 0,
      underReplicated: 0,
      underMinIsr: 0,
      atMinIsr: 0,
      reassigning: 0,
      quorumLeader: 1,
      voters: 3,
      votersLagging: 0,
      diskUsedPercentMax: 40,
      metadataVersion: "4.3-IV0",
      quorumVersion: 1,
    });
  });

  for (const row of ROWS) {
    it(`${row.code}: raises the issue with a message naming the objects; status ${row.status}`, () => {
      const result = health(snapshotWith(row.change));
      const issue = result.issues.find((i) => i.code === row.code);
      expect(issue?.message).to.equal(row.message);
      expect(result.status).to.equal(row.status);
    });
  }

  it("before the first collection the status is unknown; when no broker answered it is unreachable", () => {
    expect(health(undefined)).to.deep.equal({ status: "unknown", issues: [] });
    expect(deriveHealth(null, DEFAULT_HEALTH_THRESHOLDS, NOW, "connect ECONNREFUSED 127.0.0.1:1")).to.deep.equal({
      status: "unreachable",
      issues: [
        {
          severity: "critical",
          code: "cluster_unreachable",
          message: "No broker answered: connect ECONNREFUSED 127.0.0.1:1",
        },
      ],
    });
  });

  it("a stopped broker: down, fenced, its partitions under-replicated, under or at min ISR, each counted", () => {
    const result = health(
      snapshotWith((s) => {
        s.brokers[2] = broker(6, { alive: false, fenced: true });
        s.topics.push(topic("strict", [partition(0, [4, 5, 6])], 3));
        for (const p of s.topics.flatMap((t) => t.partitions)) {
          p.isr = p.isr.filter((id) => id !== 6);
          p.leader = p.isr[0] ?? -1; // Kafka moves leadership off the stopped broker
        }
      }),
    );
    expect(result.status).to.equal("critical");
    expect(result.issues.map((i) => [i.severity, i.code])).to.deep.equal([
      ["critical", "under_min_isr"],
      ["critical", "broker_down"],
      ["warning", "under_replicated"],
      ["warning", "at_min_isr"],
      ["warning", "broker_fenced"],
    ]);
    expect(result.issues.find((i) => i.code === "under_replicated")?.message).to.equal(
      "4 partitions under-replicated: orders-0, orders-1, orders-2, strict-0",
    );
    expect(result).to.deep.include({
      brokersAlive: 2,
      brokersFenced: 1,
      underReplicated: 4,
      underMinIsr: 1,
      atMinIsr: 3,
    });
  });

  it("names at most ten objects, then says how many more", () => {
    const partitions = Array.from({ length: 13 }, (_, id) => partition(id, [4, 5, 6], { leader: -1 }));
    const result = health(snapshotWith((s) => s.topics.splice(0, 1, topic("big", partitions))));
    expect(result.issues.find((i) => i.code === "offline_partitions")?.message).to.equal(
      "13 partitions of big offline: big-0, big-1, big-2, big-3, big-4, big-5, big-6, big-7, big-8, big-9 and 3 more",
    );
    expect(result.offlinePartitions).to.equal(13);
  });

  it("replicas a reassignment is still adding are not expected in the ISR", () => {
    const result = health(snapshotWith(ROWS.find((r) => r.code === "reassignment_in_progress")?.change ?? (() => {})));
    expect(result.issues.map((i) => i.code)).to.deep.equal(["reassignment_in_progress"]);
    expect(result.reassigning).to.equal(1);
  });

  it("a topic with no redundancy to lose (replication factor = min ISR) is not at_min_isr", () => {
    const single = topic("single", [partition(0, [4])], 1);
    expect(health(snapshotWith((s) => s.topics.push(single))).issues).to.deep.equal([]);
  });

  it("a disk at the critical threshold is critical only, not also high", () => {
    const result = health(snapshotWith((s) => s.brokers.splice(0, 1, broker(4, { diskUsableBytes: 100 }))));
    expect(result.issues.map((i) => i.code)).to.deep.equal(["disk_critical"]);
    expect(result.diskUsedPercentMax).to.equal(90);
  });

  it("thresholds are configuration", () => {
    const strict = { ...DEFAULT_HEALTH_THRESHOLDS, diskHighPercent: 30, voterLagOffsets: 10 };
    const snapshot = snapshotWith((s) => {
      if (s.quorum) s.quorum.voters = [voter(1), voter(2, { lag: 20 }), voter(3)];
    });
    expect(deriveHealth(snapshot, strict, NOW).issues.map((i) => i.code)).to.deep.equal([
      "voters_lagging",
      "disk_high",
    ]);
    expect(health(snapshot).issues).to.deep.equal([]);
  });

  it("leader_imbalance (info): replicated partitions a preferred election would move back, above the threshold; not those whose preferred replica is out of sync", () => {
    const tilted = snapshotWith((s) => {
      s.topics = [
        topic("orders", [
          partition(0, [4, 5, 6], { leader: 5 }),
          partition(1, [5, 6, 4]),
          partition(2, [6, 4, 5]),
          // The preferred replica 4 is out of sync: leadership moved away for a reason no election fixes.
          partition(3, [4, 5, 6], { leader: 5, isr: [5, 6] }),
        ]),
      ];
    });
    const found = health(tilted).issues.find((i) => i.code === "leader_imbalance");
    expect(found).to.deep.equal({
      severity: "info",
      code: "leader_imbalance",
      message: "1 of 3 replicated partitions (33 %) not led by their preferred replica",
    });
    // An info issue alone leaves the cluster ok.
    const onlyTilted = snapshotWith((s) => {
      s.topics = [topic("orders", [partition(0, [4, 5, 6], { leader: 5 }), partition(1, [5, 6, 4])])];
    });
    expect(health(onlyTilted).issues.map((i) => i.code)).to.deep.equal(["leader_imbalance"]);
    expect(health(onlyTilted).status).to.equal("ok");
    const lenient = { ...DEFAULT_HEALTH_THRESHOLDS, leaderImbalancePercent: 40 };
    expect(deriveHealth(tilted, lenient, NOW).issues.map((i) => i.code)).to.not.include("leader_imbalance");
  });

  it("disk_imbalance (info): the fullest live log dir more than the threshold above the mean of all dirs", () => {
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
    expect(health(skewed).issues.find((i) => i.code === "disk_imbalance")).to.deep.equal({
      severity: "info",
      code: "disk_imbalance",
      message: "log dir /data/4 of broker 4 at 70 % disk use, 27 points above the mean of 3 log dirs (43 %)",
    });
    const lenient = { ...DEFAULT_HEALTH_THRESHOLDS, diskImbalancePercent: 30 };
    expect(deriveHealth(skewed, lenient, NOW).issues.map((i) => i.code)).to.not.include("disk_imbalance");
  });

  it("names metadata.version levels of Kafka 3.9 to 4.4 and unknown newer ones", () => {
    const at = (level: number) =>
      health(
        snapshotWith((s) => {
          s.features = [{ name: "metadata.version", finalized: level, supportedMin: 7, supportedMax: level }];
        }),
      ).metadataVersion;
    expect([at(7), at(21), at(22), at(25), at(29), at(33), at(34)]).to.deep.equal([
      "3.3-IV3",
      "3.9-IV0",
      "4.0-IV0",
      "4.0-IV3",
      "4.2-IV1",
      "4.4-IV2",
      "level 34",
    ]);
  });
});
