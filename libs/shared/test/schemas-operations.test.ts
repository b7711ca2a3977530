import { expect } from "chai";
import {
  ConfirmRequestSchema,
  isIrreversible,
  OPERATION_TYPE_INFO,
  OPERATION_TYPES,
  type OperationType,
  PlanOperationRequestSchema,
} from "../src/index.js";

/** A case: title, type, params (undefined = omitted), and — for a refusal — the path of an issue it must report. */
type Case = [title: string, type: string, params: unknown, path?: string, message?: RegExp];

const DIR_A = "AAAAAAAAAAAAAAAAAAAAAA";
const DIR_B = "b-b_b-b_b-b_b-b_b-b_bB";

const cases: Case[] = [
  ["rebalance with no params", "rebalance", undefined],
  [
    "rebalance with every param",
    "rebalance",
    {
      brokers: [1, 2, 3],
      excludeBrokers: [4],
      goals: ["replicas", "leaders", "disk", "rack"],
      throttleBytesPerSec: 10_485_760,
      maxConcurrentMoves: 5,
    },
  ],
  ["rebalance with an unknown goal", "rebalance", { goals: ["speed"] }, "params.goals.0"],
  ["rebalance with a repeated goal", "rebalance", { goals: ["disk", "disk"] }, "params.goals", /repeat/],
  ["rebalance with no goals", "rebalance", { goals: [] }, "params.goals"],
  [
    "rebalance targeting an excluded broker",
    "rebalance",
    { brokers: [1, 2], excludeBrokers: [2] },
    "params.excludeBrokers",
  ],
  ["rebalance with a zero throttle", "rebalance", { throttleBytesPerSec: 0 }, "params.throttleBytesPerSec"],
  ["rebalance with a fractional throttle", "rebalance", { throttleBytesPerSec: 1.5 }, "params.throttleBytesPerSec"],
  ["rebalance with zero concurrent moves", "rebalance", { maxConcurrentMoves: 0 }, "params.maxConcurrentMoves"],
  ["rebalance with an unknown param", "rebalance", { dryRun: true }, "params", /dryRun/],
  ["drainBrokers", "drainBrokers", { brokers: [4] }],
  ["drainBrokers without params", "drainBrokers", undefined, "params.brokers"],
  ["drainBrokers without brokers", "drainBrokers", {}, "params.brokers"],
  ["drainBrokers with no brokers", "drainBrokers", { brokers: [] }, "params.brokers"],
  ["drainBrokers with a repeated broker", "drainBrokers", { brokers: [4, 4] }, "params.brokers", /repeat/],
  ["drainBrokers with a negative broker", "drainBrokers", { brokers: [-1] }, "params.brokers.0"],
  ["drainBrokers with a broker id as a string", "drainBrokers", { brokers: ["4"] }, "params.brokers.0"],
  [
    "drainBrokers with a throttle (not one of its params)",
    "drainBrokers",
    { brokers: [4], throttleBytesPerSec: 1 },
    "params",
    /throttleBytesPerSec/,
  ],
  ["electLeaders preferred", "electLeaders", { electionType: "preferred" }],
  [
    "electLeaders unclean on partitions",
    "electLeaders",
    {
      electionType: "unclean",
      partitions: [
        { topic: "orders", partition: 0 },
        { topic: "orders", partition: 1 },
      ],
    },
  ],
  ["electLeaders without a type", "electLeaders", {}, "params.electionType"],
  ["electLeaders of an unknown type", "electLeaders", { electionType: "dirty" }, "params.electionType"],
  [
    "electLeaders with a repeated partition",
    "electLeaders",
    {
      electionType: "preferred",
      partitions: [
        { topic: "t", partition: 0 },
        { topic: "t", partition: 0 },
      ],
    },
    "params.partitions",
    /repeat/,
  ],
  [
    "electLeaders with a bad topic",
    "electLeaders",
    { electionType: "preferred", partitions: [{ topic: "a b", partition: 0 }] },
    "params.partitions.0.topic",
  ],
  [
    "electLeaders with a negative partition",
    "electLeaders",
    { electionType: "preferred", partitions: [{ topic: "t", partition: -1 }] },
    "params.partitions.0.partition",
  ],
  [
    "electLeaders with no partitions",
    "electLeaders",
    { electionType: "preferred", partitions: [] },
    "params.partitions",
  ],
  ["cordonBrokers", "cordonBrokers", { brokers: [1] }],
  ["cordonBrokers on one log dir", "cordonBrokers", { brokers: [1], logDirs: ["/var/lib/kafka/data-1"] }],
  ["cordonBrokers without brokers", "cordonBrokers", { logDirs: ["/d"] }, "params.brokers"],
  ["cordonBrokers with an empty log dir", "cordonBrokers", { brokers: [1], logDirs: [""] }, "params.logDirs.0"],
  [
    "cordonBrokers with a repeated log dir",
    "cordonBrokers",
    { brokers: [1], logDirs: ["/d", "/d"] },
    "params.logDirs",
    /repeat/,
  ],
  ["uncordonBrokers", "uncordonBrokers", { brokers: [1, 2] }],
  ["uncordonBrokers with a repeated broker", "uncordonBrokers", { brokers: [2, 2] }, "params.brokers"],
  ["unregisterBrokers", "unregisterBrokers", { brokers: [7] }],
  ["unregisterBrokers without brokers", "unregisterBrokers", undefined, "params.brokers"],
  ["addControllers with a node id only", "addControllers", { controllers: [{ nodeId: 4 }] }],
  [
    "addControllers with every field",
    "addControllers",
    {
      controllers: [{ nodeId: 4, directoryId: DIR_A, endpoints: [{ name: "CONTROLLER", host: "ctl-4", port: 9093 }] }],
    },
  ],
  ["addControllers with none", "addControllers", { controllers: [] }, "params.controllers"],
  [
    "addControllers with a repeated node",
    "addControllers",
    { controllers: [{ nodeId: 4 }, { nodeId: 4 }] },
    "params.controllers",
    /repeat/,
  ],
  [
    "addControllers with a short directory id",
    "addControllers",
    { controllers: [{ nodeId: 4, directoryId: "abc" }] },
    "params.controllers.0.directoryId",
    /directory id/,
  ],
  [
    "addControllers with port 0",
    "addControllers",
    { controllers: [{ nodeId: 4, endpoints: [{ name: "CONTROLLER", host: "h", port: 0 }] }] },
    "params.controllers.0.endpoints.0.port",
  ],
  [
    "addControllers with an endpoint without a host",
    "addControllers",
    { controllers: [{ nodeId: 4, endpoints: [{ name: "CONTROLLER", port: 9093 }] }] },
    "params.controllers.0.endpoints.0.host",
  ],
  ["removeVoters", "removeVoters", { voters: [{ nodeId: 3, directoryId: DIR_B }] }],
  ["removeVoters without a directory id", "removeVoters", { voters: [{ nodeId: 3 }] }, "params.voters.0.directoryId"],
  [
    "removeVoters with a bad directory id",
    "removeVoters",
    { voters: [{ nodeId: 3, directoryId: "short" }] },
    "params.voters.0.directoryId",
    /directory id/,
  ],
  [
    "removeVoters with a repeated node",
    "removeVoters",
    {
      voters: [
        { nodeId: 3, directoryId: DIR_A },
        { nodeId: 3, directoryId: DIR_B },
      ],
    },
    "params.voters",
    /repeat/,
  ],
  ["finalizeFeatures of everything", "finalizeFeatures", undefined],
  [
    "finalizeFeatures of named features",
    "finalizeFeatures",
    { features: { "metadata.version": 27, "kraft.version": 1 } },
  ],
  ["finalizeFeatures with an empty map", "finalizeFeatures", { features: {} }, "params.features", /at least one/],
  [
    "finalizeFeatures with a level above int16",
    "finalizeFeatures",
    { features: { "group.version": 40000 } },
    "params.features.group.version",
  ],
  [
    "finalizeFeatures with a negative level",
    "finalizeFeatures",
    { features: { "group.version": -1 } },
    "params.features.group.version",
  ],
  ["migrateQuorum", "migrateQuorum", {}],
  ["migrateQuorum with a param", "migrateQuorum", { version: 1 }, "params", /version/],
  ["restartNodes of every node", "restartNodes", undefined],
  ["restartNodes of some nodes without waiting", "restartNodes", { nodes: [1, 2], waitHealthy: false }],
  ["restartNodes with a repeated node", "restartNodes", { nodes: [1, 1] }, "params.nodes"],
  ["restartNodes with waitHealthy as a string", "restartNodes", { waitHealthy: "yes" }, "params.waitHealthy"],
  ["upgradeVersion", "upgradeVersion", { version: "4.1.0" }],
  ["upgradeVersion with finalize", "upgradeVersion", { version: "4.2.0", finalize: true }],
  ["upgradeVersion without a version", "upgradeVersion", {}, "params.version"],
  ["upgradeVersion to 'latest'", "upgradeVersion", { version: "latest" }, "params.version"],
  ["provisionNodes", "provisionNodes", { role: "broker", count: 2 }],
  ["provisionNodes of controllers", "provisionNodes", { role: "controller", count: 1 }],
  ["provisionNodes of an unknown role", "provisionNodes", { role: "observer", count: 1 }, "params.role"],
  ["provisionNodes of 0 nodes", "provisionNodes", { role: "broker", count: 0 }, "params.count"],
  ["provisionNodes without a count", "provisionNodes", { role: "broker" }, "params.count"],
  ["scaleNodePools", "scaleNodePools", { pool: "brokers-a", replicas: 5 }],
  ["scaleNodePools to 0", "scaleNodePools", { pool: "pool-1", replicas: 0 }],
  ["scaleNodePools with an upper-case pool", "scaleNodePools", { pool: "Pool", replicas: 1 }, "params.pool"],
  ["scaleNodePools with negative replicas", "scaleNodePools", { pool: "p", replicas: -1 }, "params.replicas"],
  ["scaleNodePools without a pool", "scaleNodePools", { replicas: 1 }, "params.pool"],
  [
    "applyDesiredState",
    "applyDesiredState",
    {
      digest: "a".repeat(64),
      files: ["teams/orders.yaml"],
      changes: [{ kind: "addPartitions", topic: "orders.created", before: 3, after: 6 }],
    },
  ],
  [
    "applyDesiredState with an unknown change",
    "applyDesiredState",
    { digest: "a".repeat(64), files: [], changes: [{ kind: "dropCluster" }] },
    "params.changes.0.kind",
  ],
  [
    "applyDesiredState without changes",
    "applyDesiredState",
    { digest: "a".repeat(64), files: [], changes: [] },
    "params.changes",
  ],
  ["an unknown type", "explode", {}, "type"],
];

describe("schemas: operation plans", () => {
  for (const [title, type, params, path, message] of cases) {
    it(path === undefined ? `accepts ${title}` : `refuses ${title} at "${path}"`, () => {
      const body = params === undefined ? { type } : { type, params };
      const result = PlanOperationRequestSchema.safeParse(body);
      const found = result.success
        ? []
        : result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
      if (path === undefined) {
        expect(found).to.deep.equal([]);
        return;
      }
      const hit = found.some((issue) => issue.path === path && (message === undefined || message.test(issue.message)));
      expect(hit, JSON.stringify(found)).to.equal(true);
    });
  }

  it("has a valid and an invalid case for every type", () => {
    for (const type of OPERATION_TYPES) {
      const mine = cases.filter((c) => c[1] === type);
      expect(
        mine.some((c) => c[3] === undefined),
        `${type} valid`,
      ).to.equal(true);
      expect(
        mine.some((c) => c[3] !== undefined),
        `${type} invalid`,
      ).to.equal(true);
    }
  });

  it("refuses an unknown top-level field", () => {
    expect(PlanOperationRequestSchema.safeParse({ type: "migrateQuorum", dryRun: true }).success).to.equal(false);
  });

  it("fills the params' defaults", () => {
    expect(PlanOperationRequestSchema.parse({ type: "restartNodes" })).to.deep.equal({
      type: "restartNodes",
      params: { waitHealthy: true },
    });
    expect(PlanOperationRequestSchema.parse({ type: "upgradeVersion", params: { version: "4.1.0" } })).to.deep.equal({
      type: "upgradeVersion",
      params: { version: "4.1.0", finalize: false },
    });
  });

  it("knows the capability every type needs", () => {
    const capabilities = Object.fromEntries(
      OPERATION_TYPES.map((type) => [type, OPERATION_TYPE_INFO[type].capability]),
    );
    expect(capabilities).to.deep.equal({
      rebalance: "reassign",
      drainBrokers: "reassign",
      applyDesiredState: "manageTopics",
      electLeaders: "electLeaders",
      cordonBrokers: "cordon",
      uncordonBrokers: "cordon",
      unregisterBrokers: "unregisterBrokers",
      addControllers: "addControllers",
      removeVoters: "removeVoters",
      finalizeFeatures: "finalizeFeatures",
      migrateQuorum: "migrateQuorum",
      restartNodes: "restartNodes",
      upgradeVersion: "upgradeVersion",
      provisionNodes: "provisionNodes",
      scaleNodePools: "scaleNodePools",
    });
  });

  const irreversible: [
    type: OperationType,
    params: Record<string, unknown>,
    poolReplicas: number | undefined,
    expected: boolean,
  ][] = [
    ["rebalance", {}, undefined, false],
    ["drainBrokers", { brokers: [1] }, undefined, false],
    ["electLeaders", { electionType: "preferred" }, undefined, false],
    ["electLeaders", { electionType: "unclean" }, undefined, true],
    ["cordonBrokers", { brokers: [1] }, undefined, false],
    ["uncordonBrokers", { brokers: [1] }, undefined, false],
    ["unregisterBrokers", { brokers: [1] }, undefined, true],
    ["addControllers", { controllers: [{ nodeId: 4 }] }, undefined, false],
    ["removeVoters", { voters: [{ nodeId: 3, directoryId: DIR_A }] }, undefined, true],
    ["finalizeFeatures", {}, undefined, true],
    ["migrateQuorum", {}, undefined, true],
    ["restartNodes", {}, undefined, false],
    ["upgradeVersion", { version: "4.1.0" }, undefined, false],
    ["upgradeVersion", { version: "4.1.0", finalize: true }, undefined, true],
    ["provisionNodes", { role: "broker", count: 1 }, undefined, false],
    ["scaleNodePools", { pool: "p", replicas: 4 }, 3, false],
    ["scaleNodePools", { pool: "p", replicas: 3 }, 3, false],
    ["scaleNodePools", { pool: "p", replicas: 2 }, 3, true],
    ["scaleNodePools", { pool: "p", replicas: 4 }, undefined, true],
  ];
  for (const [type, params, poolReplicas, expected] of irreversible) {
    it(`${type} ${JSON.stringify(params)}${poolReplicas === undefined ? "" : ` (pool of ${poolReplicas})`} is ${expected ? "" : "not "}irreversible`, () => {
      const request = PlanOperationRequestSchema.parse({ type, params });
      expect(isIrreversible(request, poolReplicas === undefined ? {} : { poolReplicas })).to.equal(expected);
    });
  }

  it("takes an optional confirmName on confirm", () => {
    expect(ConfirmRequestSchema.parse({})).to.deep.equal({});
    expect(ConfirmRequestSchema.parse({ confirmName: "prod-eu" })).to.deep.equal({ confirmName: "prod-eu" });
    expect(ConfirmRequestSchema.safeParse({ confirmName: 1 }).error?.issues[0]?.path).to.deep.equal(["confirmName"]);
    expect(ConfirmRequestSchema.safeParse({ name: "x" }).success).to.equal(false);
  });
});
