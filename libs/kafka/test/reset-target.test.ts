import type { ResetOffsetsRequest } from "@kcp/shared";
import { expect } from "chai";
import { targetOffset } from "../src/index.js";

const request = (to: ResetOffsetsRequest["to"], extra: Partial<ResetOffsetsRequest> = {}): ResetOffsetsRequest => ({
  topic: "t",
  to,
  dryRun: false,
  ...extra,
});
const log = { earliest: 10, latest: 50, committed: 30, atTimestamp: 42 };

describe("reset offsets: the new offset of each mode", () => {
  const cases: [string, ResetOffsetsRequest, Partial<typeof log>, number][] = [
    ["earliest is the log start", request("earliest"), {}, 10],
    ["latest is the log end", request("latest"), {}, 50],
    ["timestamp is the first offset at or after it", request("timestamp", { timestamp: 1 }), {}, 42],
    ["timestamp after the last record is the log end", request("timestamp", { timestamp: 1 }), { atTimestamp: -1 }, 50],
    ["offset inside the log is taken as is", request("offset", { offset: 25 }), {}, 25],
    ["offset below the log start is clamped up", request("offset", { offset: 3 }), {}, 10],
    ["offset beyond the end is clamped down", request("offset", { offset: 99 }), {}, 50],
    ["shift moves from the committed offset", request("shift", { offset: -5 }), {}, 25],
    ["shift is clamped into the log", request("shift", { offset: 100 }), {}, 50],
    [
      "shift without a committed offset starts from the end",
      request("shift", { offset: -4 }),
      { committed: undefined },
      46,
    ],
  ];
  for (const [name, req, override, expected] of cases) {
    it(name, () => expect(targetOffset(req, { ...log, ...override })).to.equal(expected));
  }
});
