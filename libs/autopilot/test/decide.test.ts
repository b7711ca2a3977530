import { type Anomaly, type PolicySpec, PolicySpecSchema } from "@kcp/shared";
import { expect } from "chai";
import { broker, partition, snapshotWith, topic } from "../../kafka/test/rules/snapshot-fixture.js";
import {
  admitPlan,
  autopilotActor,
  awaitingApproval,
  decide,
  type PolicyContext,
  type PolicyDecision,
} from "../src/decide.js";

const NOW = new Date("2026-11-27T10:00:00Z"); // a Friday

const policy = (spec: Record<string, unknown> = {}): PolicySpec =>
  PolicySpecSchema.parse({
    name: "restart-down-brokers",
    scope: { labels: { env: "prod" } },
    trigger: { code: "broker_down", for: "2m" },
    action: { type: "restartNodes" },
    mode: "auto",
    ...spec,
  });

const anomaly = (overrides: Partial<Anomaly> = {}): Anomaly => ({
  id: "a1",
  clusterId: "c1",
  code: "broker_down",
  subject: "broker:5",
  brokerId: 5,
  message: "Broker 5 does not answer",
  facts: { broker: 5 },
  firstSeenAt: "2026-11-27T09:55:00.000Z",
  lastSeenAt: "2026-11-27T09:59:30.000Z",
  clearedAt: null,
  events: [],
  ...overrides,
});

const context = (overrides: Partial<PolicyContext> = {}): PolicyContext => ({
  now: NOW,
  cluster: { id: "c1", labels: { env: "prod", team: "payments" } },
  snapshot: snapshotWith((s) => {
    s.brokers = [broker(4), broker(5, { alive: false }), broker(6)];
  }),
  capabilities: { restartNodes: true, reassign: true, electLeaders: true },
  operations: [],
  ...overrides,
});

/** The decision as a short line: what a reviewer of the table reads. */
function line(decision: PolicyDecision): string {
  switch (decision.kind) {
    case "skip":
      return "skip";
    case "wait":
      return `wait until ${decision.until.toISOString()}`;
    case "record":
      return `${decision.event.kind} ${decision.event.reason?.code}`;
    case "plan":
      return `${decision.confirm ? "act" : "propose"} ${decision.request.type} ${JSON.stringify(decision.request.params)}${decision.reason ? ` (${decision.reason.code})` : ""}`;
  }
}

describe("autopilot: a policy's decision about an anomaly", () => {
  const restart = 'restartNodes {"nodes":[5],"waitHealthy":true}';
  const cases: [string, PolicySpec, Anomaly, PolicyContext, string][] = [
    ["in auto mode, persisted, nothing in the way: restart the node", policy(), anomaly(), context(), `act ${restart}`],
    ["disabled", policy({ enabled: false }), anomaly(), context(), "skip"],
    ["another cluster's policy", policy({ scope: { clusterId: "c2" } }), anomaly(), context(), "skip"],
    [
      "labels that do not all match",
      policy({ scope: { labels: { env: "prod", team: "search" } } }),
      anomaly(),
      context(),
      "skip",
    ],
    ["another trigger", policy({ trigger: { code: "broker_fenced" } }), anomaly(), context(), "skip"],
    ["cleared", policy(), anomaly({ clearedAt: "2026-11-27T09:58:00.000Z" }), context(), "skip"],
    [
      "not persisted for `for` yet: wait, nothing recorded",
      policy({ trigger: { code: "broker_down", for: "10m" } }),
      anomaly(),
      context(),
      "wait until 2026-11-27T10:05:00.000Z",
    ],
    ["observe mode records only", policy({ mode: "observe" }), anomaly(), context(), "observed observe_only"],
    ["paused", policy(), anomaly(), context({ paused: { reason: "incident 42", by: "alice" } }), "refused paused"],
    [
      "an excluded broker",
      policy({ guardRails: { excludeBrokers: [5] } }),
      anomaly(),
      context(),
      "refused excluded_broker",
    ],
    [
      "fewer healthy brokers than the minimum",
      policy({ guardRails: { minHealthyBrokers: 3 } }),
      anomaly(),
      context(),
      "refused too_few_healthy_brokers",
    ],
    [
      "a person's operation planned on the cluster",
      policy(),
      anomaly(),
      context({ operations: [{ id: "op1", type: "rebalance", status: "planned", createdBy: "alice" }] }),
      "refused operation_active",
    ],
    [
      "its own earlier action still running",
      policy(),
      anomaly(),
      context({
        operations: [
          { id: "op2", type: "restartNodes", status: "running", createdBy: "autopilot:restart-down-brokers" },
        ],
      }),
      "refused operation_active",
    ],
    [
      "inside the cool-down",
      policy({ guardRails: { cooldown: "1h" } }),
      anomaly(),
      context({ lastActionAt: new Date("2026-11-27T09:30:00Z") }),
      "refused cooldown",
    ],
    [
      "after the cool-down",
      policy({ guardRails: { cooldown: "15m" } }),
      anomaly(),
      context({ lastActionAt: new Date("2026-11-27T09:30:00Z") }),
      `act ${restart}`,
    ],
    [
      "the service refused its plan 5 minutes ago: not tried again within the cool-down",
      policy({ guardRails: { cooldown: "30m" } }),
      anomaly({
        events: [
          {
            at: "2026-11-27T09:55:00.000Z",
            policy: "restart-down-brokers",
            kind: "refused",
            reason: { code: "plan_failed", message: "invalid_request: node 5 is not known to its agent" },
          },
        ],
      }),
      context(),
      "refused plan_failed",
    ],
    [
      "the service refused its plan 40 minutes ago: tried again",
      policy({ guardRails: { cooldown: "30m" } }),
      anomaly({
        events: [
          {
            at: "2026-11-27T09:20:00.000Z",
            policy: "restart-down-brokers",
            kind: "refused",
            reason: { code: "plan_failed", message: "invalid_request: node 5 is not known to its agent" },
          },
        ],
      }),
      context(),
      `act ${restart}`,
    ],
    [
      "the provider cannot restart nodes",
      policy(),
      anomaly(),
      context({ capabilities: { restartNodes: false } }),
      "refused capability_missing",
    ],
    ["propose mode: planned for a person", policy({ mode: "propose" }), anomaly(), context(), `propose ${restart}`],
    [
      "outside the windows: proposed only",
      policy({ guardRails: { windows: [{ days: ["sat", "sun"], start: "02:00", end: "06:00" }] } }),
      anomaly(),
      context(),
      `propose ${restart} (outside_window)`,
    ],
    [
      "inside a window of the policy's time zone",
      policy({
        guardRails: { windows: [{ days: ["fri"], start: "11:00", end: "12:00" }], timeZone: "Europe/Berlin" },
      }),
      anomaly(),
      context(),
      `act ${restart}`,
    ],
    [
      "a log dir failed: drain the broker",
      policy({ trigger: { code: "log_dir_failed", for: "30s" }, action: { type: "drainBrokers" } }),
      anomaly({ code: "log_dir_failed", subject: "broker:5:/b" }),
      context(),
      'act drainBrokers {"brokers":[5]}',
    ],
    [
      "a disk band wider than the imbalance: not this policy's anomaly",
      policy({ trigger: { code: "disk_imbalance", bandPercent: 30 }, action: { type: "rebalance" } }),
      anomaly({ code: "disk_imbalance", subject: "cluster", facts: { abovePercent: 26.7 } }),
      context(),
      "skip",
    ],
    [
      "disk imbalance beyond the band: rebalance",
      policy({ trigger: { code: "disk_imbalance", bandPercent: 20 }, action: { type: "rebalance" } }),
      anomaly({ code: "disk_imbalance", subject: "cluster", facts: { abovePercent: 26.7 } }),
      context(),
      "act rebalance {}",
    ],
    [
      "a throttled rebalance: the policy's throttle and moves in flight go into the plan",
      policy({
        trigger: { code: "disk_imbalance", bandPercent: 20 },
        action: { type: "rebalance", throttleBytesPerSec: 1_048_576, maxConcurrentMoves: 2 },
      }),
      anomaly({ code: "disk_imbalance", subject: "cluster", facts: { abovePercent: 26.7 } }),
      context(),
      'act rebalance {"throttleBytesPerSec":1048576,"maxConcurrentMoves":2}',
    ],
  ];
  for (const [name, spec, found, ctx, expected] of cases)
    it(`${expected.split(" ")[0]}: ${name}`, () => {
      expect(line(decide(spec, found, ctx))).to.equal(expected);
    });

  it("a refusal says why in words a person can act on", () => {
    const paused = decide(policy(), anomaly(), context({ paused: { reason: "incident 42", by: "alice", until: NOW } }));
    expect(paused).to.deep.equal({
      kind: "record",
      event: {
        kind: "refused",
        reason: {
          code: "paused",
          message: "The autopilot is paused by alice until 2026-11-27T10:00:00.000Z: incident 42",
        },
      },
    });
    const outside = decide(
      policy({ guardRails: { windows: [{ days: ["sat"], start: "02:00", end: "06:00" }] } }),
      anomaly(),
      context(),
    );
    expect(outside.kind === "plan" && outside.reason?.message).to.equal(
      "Outside the policy's windows (UTC); the next window opens at 2026-11-28T02:00:00.000Z: proposed only",
    );
  });

  it("leader imbalance: a preferred election of exactly the partitions led elsewhere, outside the exclusions", () => {
    const snapshot = snapshotWith((s) => {
      s.topics = [
        topic("orders", [
          partition(0, [4, 5, 6], { leader: 5 }),
          partition(1, [5, 6, 4]),
          partition(2, [6, 4, 5], { leader: 4 }),
        ]),
        topic("audit", [partition(0, [4, 5, 6], { leader: 6 })]),
      ];
    });
    const spec = policy({
      trigger: { code: "leader_imbalance", thresholdPercent: 10 },
      action: { type: "electLeaders" },
      guardRails: { excludeTopics: ["audit"] },
    });
    const found = anomaly({ code: "leader_imbalance", subject: "cluster", facts: { notPreferredPercent: 75 } });
    const decision = decide(spec, found, context({ snapshot }));
    expect(line(decision)).to.equal(
      'act electLeaders {"electionType":"preferred","partitions":[{"topic":"orders","partition":0},{"topic":"orders","partition":2}]}',
    );
    const onlyExcluded = decide(
      spec,
      found,
      context({
        snapshot: snapshotWith((s) => {
          s.topics = [topic("audit", [partition(0, [4, 5, 6], { leader: 6 })])];
        }),
      }),
    );
    expect(line(onlyExcluded)).to.equal("refused nothing_to_do");
  });

  it("a policy's action is only one of its trigger's: refused by the schema, naming the pairs", () => {
    const parsed = PolicySpecSchema.safeParse({
      name: "wrong",
      scope: { clusterId: "c1" },
      trigger: { code: "broker_down" },
      action: { type: "rebalance" },
    });
    expect(parsed.success).to.equal(false);
    expect(parsed.error?.issues[0]?.path).to.deep.equal(["action", "type"]);
    const throttledRestart = PolicySpecSchema.safeParse({
      name: "wrong",
      scope: { clusterId: "c1" },
      trigger: { code: "broker_down" },
      action: { type: "restartNodes", throttleBytesPerSec: 1000 },
    });
    expect(throttledRestart.error?.issues.map((i) => i.message)).to.deep.equal([
      "throttleBytesPerSec and maxConcurrentMoves are for rebalance only",
    ]);
    const defaults = policy();
    expect(defaults.guardRails).to.deep.include({
      timeZone: "UTC",
      cooldown: "30m",
      windows: [],
      minHealthyBrokers: 0,
    });
    expect(autopilotActor(defaults)).to.equal("autopilot:restart-down-brokers");
  });
});

describe("autopilot: admitting a plan inside the policy's caps and exclusions", () => {
  const spec = policy({
    trigger: { code: "disk_imbalance" },
    action: { type: "rebalance" },
    guardRails: { maxBytesPerAction: 1000, maxBytesPer24h: 2500, excludeTopics: ["audit"], excludeBrokers: [7] },
  });
  const move = (topicName: string, from: number[], to: number[]) => ({ topic: topicName, from, to });
  const cases: [string, Parameters<typeof admitPlan>[1], number, string | undefined][] = [
    ["within every cap", { dataToMoveBytes: 900, moves: [move("orders", [4, 5], [4, 6])] }, 0, undefined],
    ["over the cap per action", { dataToMoveBytes: 1001 }, 0, "over_action_cap"],
    ["over what is left of the daily cap", { dataToMoveBytes: 900 }, 1700, "over_daily_cap"],
    ["an excluded topic moved", { dataToMoveBytes: 10, moves: [move("audit", [4], [5])] }, 0, "excluded_topic"],
    [
      "a replica onto an excluded broker",
      { dataToMoveBytes: 10, moves: [move("orders", [4, 5], [5, 7])] },
      0,
      "excluded_broker",
    ],
    [
      "an excluded broker kept in place (only reordered) is not touched",
      { moves: [move("orders", [7, 5], [5, 7])] },
      0,
      undefined,
    ],
  ];
  for (const [name, planned, moved, code] of cases)
    it(`${code ?? "admitted"}: ${name}`, () => {
      expect(admitPlan(spec, planned, moved).reason?.code).to.equal(code);
    });

  it("an admitted plan lists the rails it passed, with its figures", () => {
    expect(admitPlan(spec, { dataToMoveBytes: 900 }, 100)).to.deep.equal({
      admitted: [
        "moves no excluded topic or broker",
        "moves 900 bytes, within the cap of 1000 per action",
        "1000 bytes in 24 h, within the cap of 2500",
      ],
    });
  });

  it("the cap's refusal names the figures", () => {
    expect(admitPlan(spec, { dataToMoveBytes: 1001 }, 0).reason?.message).to.equal(
      "The plan moves 1001 bytes, more than the policy's cap of 1000 per action",
    );
  });
});

describe("autopilot: a plan a four-eyes rule holds for", () => {
  it("is left for a person, the reason naming who may approve it; a plan without one is not held", () => {
    const approval = {
      required: true as const,
      rule: { clusters: { labels: { env: "prod" } } },
      awaiting: true,
      plannedBy: "autopilot:prefer-leaders",
      approvers: "another person than autopilot:prefer-leaders with the operator role on the whole cluster prod-1",
      approvedBy: null,
    };
    expect(awaitingApproval({ approval })).to.deep.equal({
      code: "approval_required",
      message:
        "A four-eyes rule holds for this plan: another person than autopilot:prefer-leaders with the operator role on the whole cluster prod-1 confirms it, never the policy",
    });
    expect(awaitingApproval({})).to.equal(undefined);
  });
});
