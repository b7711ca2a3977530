import { BrowseMessagesResponseSchema } from "@kcp/shared";
import {
  type Api,
  createTopic,
  getSharedCluster,
  IDEMPOTENT,
  type KafkaCluster,
  produceMessages,
  uniqueTopicName,
  withAdmin,
} from "@kcp/test-infra";
import { Producer } from "@platformatic/kafka";
import { expect } from "chai";
import { type Reply, startTestService, type TestService } from "./service-fixture.js";

interface Shown {
  encoding: string;
  data: unknown;
  bytes: number;
}
interface Message {
  partition: number;
  offset: number;
  timestamp: string;
  key: Shown | null;
  value: Shown | null;
  headers: { key: string; value: Shown | null }[];
}
interface Page {
  topic: string;
  messages: Message[];
  scanned: number;
  stoppedBy: string;
  partitions: {
    partition: number;
    logStartOffset: number;
    highWatermark: number;
    from: number;
    to: number;
    scanned: number;
  }[];
  partitionsRead: number;
  unavailablePartitions: number[];
  cursor: string | null;
}
interface AuditEntry {
  actor: string;
  action: string;
  target?: string;
  result: string;
  detail: Record<string, unknown> & { read?: Record<string, unknown> };
}

/** Where the positions topic's records are in time: record i of partition p is at BASE + i s + p ms. */
const BASE = Date.parse("2026-01-01T00:00:00Z");
const PER_PARTITION = 30;

/**
 * Writes records with the client itself (binary bytes and chosen timestamps are not what the produce endpoint takes),
 * idempotent: the client resends a whole request when one partition of it is refused, which would duplicate the others.
 */
async function produceRaw(
  cluster: KafkaCluster,
  messages: {
    topic: string;
    partition: number;
    key?: Buffer;
    value: Buffer;
    headers?: Map<Buffer, Buffer>;
    timestamp?: bigint;
  }[],
) {
  const producer = new Producer({ ...cluster.clientOptions(undefined, "browse-test-producer"), ...IDEMPOTENT });
  try {
    await producer.send({ messages, acks: -1 });
  } finally {
    await producer.close();
  }
}

describe("browse messages (GET /clusters/{id}/topics/{topic}/messages, standalone service, real Kafka)", function () {
  this.timeout(180_000);
  let service: TestService;
  let api: Api;
  let token: string;
  let single: KafkaCluster;
  let clusterId: string;
  const kinds = uniqueTopicName("browse-kinds");
  const positions = uniqueTopicName("browse-positions");
  const haystack = uniqueTopicName("browse-haystack");
  const sizes = uniqueTopicName("browse-sizes");

  const call = (method: string, path: string, body?: unknown, as = token) =>
    api<Reply>(method, `/api/v1/clusters/${clusterId}${path}`, { token: as, ...(body === undefined ? {} : { body }) });

  /** A page, checked against the schema the route declares. */
  async function browse(topic: string, query: string, as = token): Promise<Page> {
    const response = await call("GET", `/topics/${topic}/messages?${query}`, undefined, as);
    expect(response.status, response.text).to.equal(200);
    BrowseMessagesResponseSchema.parse(response.body);
    return response.body as unknown as Page;
  }

  const where = (page: Page) => page.messages.map((m) => `${m.partition}:${m.offset}`);

  before(async () => {
    single = await getSharedCluster("single");
    service = await startTestService("browse");
    ({ api, token } = service);
    clusterId = await service.register({ name: "browse-single", bootstrapServers: single.bootstrapServers });
    await Promise.all([
      createTopic(single, { name: kinds, partitions: 1 }),
      // Its records carry timestamps of 2026-01-01: no time retention, or the broker would delete them mid-test.
      createTopic(single, { name: positions, partitions: 3, configs: { "retention.ms": "-1" } }),
      createTopic(single, { name: haystack, partitions: 1 }),
      createTopic(single, { name: sizes, partitions: 1 }),
    ]);
    const timed = [];
    for (let i = 0; i < PER_PARTITION; i++)
      for (let p = 0; p < 3; p++)
        timed.push({
          topic: positions,
          partition: p,
          value: Buffer.from(`p${p}-m${i}`),
          timestamp: BigInt(BASE + i * 1000 + p),
        });
    await produceRaw(single, timed);
    await produceMessages(single, haystack, 2000, {
      partition: 0,
      value: (i) => (i === 1500 ? "the-needle-is-here" : `hay-${i}`),
    });
    await produceRaw(single, [
      { topic: sizes, partition: 0, value: Buffer.alloc(600, "a") },
      { topic: sizes, partition: 0, value: Buffer.alloc(600, "b") },
      { topic: sizes, partition: 0, value: Buffer.alloc(3000, "c") },
    ]);
  });

  after(async () => {
    await service?.stop();
  });

  it("shows keys, values and headers written through the produce endpoint and as raw bytes: text, JSON and base64", async () => {
    const text = await call("POST", `/topics/${kinds}/messages`, {
      partition: 0,
      key: "k-text",
      value: "hello wörld",
      headers: [{ key: "trace", value: "abc-123" }],
    });
    expect(text.status, text.text).to.equal(200);
    const json = await call("POST", `/topics/${kinds}/messages`, {
      partition: 0,
      key: "k-json",
      value: '{"order":42,"items":["a","b"]}',
      headers: [{ key: "meta", value: '{"v":1}' }],
    });
    expect(json.status, json.text).to.equal(200);
    await produceRaw(single, [
      {
        topic: kinds,
        partition: 0,
        key: Buffer.from([0xde, 0xad, 0xbe, 0xef]),
        value: Buffer.from([0xff, 0x00, 0x01]),
        headers: new Map([[Buffer.from("bin"), Buffer.from([0x00, 0xff])]]),
      },
    ]);

    const page = await browse(kinds, "from=beginning");
    expect(page.stoppedBy).to.equal("end");
    expect(page.cursor).to.equal(null);
    expect(page.messages).to.have.length(3);
    const [first, second, third] = page.messages as [Message, Message, Message];
    expect(first).to.deep.include({
      partition: 0,
      offset: 0,
      key: { encoding: "text", data: "k-text", bytes: 6 },
      value: { encoding: "text", data: "hello wörld", bytes: 12 },
      headers: [{ key: "trace", value: { encoding: "text", data: "abc-123", bytes: 7 } }],
    });
    expect(second.value).to.deep.equal({ encoding: "json", data: { order: 42, items: ["a", "b"] }, bytes: 30 });
    expect(second.headers).to.deep.equal([{ key: "meta", value: { encoding: "json", data: { v: 1 }, bytes: 7 } }]);
    expect(third.key).to.deep.equal({ encoding: "base64", data: "3q2+7w==", bytes: 4 });
    expect(third.value).to.deep.equal({ encoding: "base64", data: "/wAB", bytes: 3 });
    expect(third.headers).to.deep.equal([{ key: "bin", value: { encoding: "base64", data: "AP8=", bytes: 2 } }]);
    expect(Date.parse(first.timestamp)).to.be.closeTo(Date.now(), 120_000);
  });

  it("reads one partition from the beginning, page after page through the cursor", async () => {
    const first = await browse(positions, "partition=1&from=beginning&limit=5");
    expect(where(first)).to.deep.equal(["1:0", "1:1", "1:2", "1:3", "1:4"]);
    expect(first.messages.map((m) => m.value?.data)).to.deep.equal(["p1-m0", "p1-m1", "p1-m2", "p1-m3", "p1-m4"]);
    expect(first.stoppedBy).to.equal("limit");
    expect(first.partitions).to.deep.equal([
      { partition: 1, logStartOffset: 0, highWatermark: 30, from: 0, to: 5, scanned: 5 },
    ]);
    const second = await browse(positions, `limit=5&cursor=${first.cursor}`);
    expect(where(second)).to.deep.equal(["1:5", "1:6", "1:7", "1:8", "1:9"]);
  });

  it("reads every partition from the beginning, oldest first by timestamp, and the cursor goes on from there", async () => {
    const first = await browse(positions, "from=beginning&limit=6");
    expect(where(first)).to.deep.equal(["0:0", "1:0", "2:0", "0:1", "1:1", "2:1"]);
    // Each partition resumes after its last message shown; what was read beyond is not counted as scanned.
    expect(first.partitions.map((p) => [p.partition, p.from, p.to, p.scanned])).to.deep.equal([
      [0, 0, 2, 2],
      [1, 0, 2, 2],
      [2, 0, 2, 2],
    ]);
    expect(first.scanned).to.equal(6);
    expect(first.partitionsRead).to.equal(3);
    expect(first.unavailablePartitions).to.deep.equal([]);
    const second = await browse(positions, `limit=3&cursor=${first.cursor}`);
    expect(where(second)).to.deep.equal(["0:2", "1:2", "2:2"]);
  });

  it("reads from an offset to the end of a partition (cursor null), and refuses an offset outside the log", async () => {
    const page = await browse(positions, "partition=2&from=offset&offset=25&limit=10");
    expect(where(page)).to.deep.equal(["2:25", "2:26", "2:27", "2:28", "2:29"]);
    expect(page.stoppedBy).to.equal("end");
    expect(page.cursor).to.equal(null);
    const beyond = await call("GET", `/topics/${positions}/messages?partition=2&from=offset&offset=31`);
    expect(beyond.status, beyond.text).to.equal(422);
    expect(beyond.body.error.code).to.equal("invalid_request");
    expect(beyond.body.error.message).to.match(/holds offsets 0 to 29/);
  });

  it("reads from a timestamp (ListOffsets by time) in one partition and in all", async () => {
    const at = new Date(BASE + 20_000).toISOString();
    const one = await browse(positions, `partition=0&from=timestamp&timestamp=${at}&limit=3`);
    expect(where(one)).to.deep.equal(["0:20", "0:21", "0:22"]);
    const all = await browse(positions, `from=timestamp&timestamp=${BASE + 20_000}&limit=3`);
    expect(where(all)).to.deep.equal(["0:20", "1:20", "2:20"]);
    const future = await browse(positions, `from=timestamp&timestamp=${BASE + 3_600_000}`);
    expect(future.messages).to.deep.equal([]);
    expect(future.stoppedBy).to.equal("end");
  });

  it("reads the newest N from the end, of one partition and across partitions", async () => {
    const one = await browse(positions, "partition=1&from=end&limit=3");
    expect(where(one)).to.deep.equal(["1:27", "1:28", "1:29"]);
    const all = await browse(positions, "limit=4");
    expect(where(all), "from=end is the default").to.deep.equal(["2:28", "0:29", "1:29", "2:29"]);
    expect(all.cursor).to.equal(null);
    // Fewer records wanted than partitions: the partitions come from their newest timestamps (ListOffsets -3).
    const two = await browse(positions, "from=end&limit=2");
    expect(where(two)).to.deep.equal(["1:29", "2:29"]);
    expect(two.partitions.map((p) => p.partition)).to.deep.equal([1, 2]);
  });

  it("refuses malformed and impossible queries with the API's error codes", async () => {
    const cases: [string, number, string, RegExp][] = [
      ["limit=501", 400, "validation_failed", /limit/],
      ["limit=0", 400, "validation_failed", /limit/],
      ["from=offset", 400, "validation_failed", /offset/],
      ["from=timestamp&timestamp=yesterday", 400, "validation_failed", /timestamp/],
      ["from=sideways", 400, "validation_failed", /from/],
      ["partition=7", 422, "invalid_request", /partitions 0 to 2/],
      ["cursor=bm90LWEtY3Vyc29y", 400, "validation_failed", /cursor/],
    ];
    for (const [query, status, code, message] of cases) {
      const response = await call("GET", `/topics/${positions}/messages?${query}`);
      expect(response.status, `${query}: ${response.text}`).to.equal(status);
      expect(response.body.error.code).to.equal(code);
      expect(response.body.error.message).to.match(message);
    }
    const missing = await call("GET", `/topics/${uniqueTopicName("absent")}/messages`);
    expect(missing.status, missing.text).to.equal(404);
  });

  it("filters on a substring within a scan cap: says how far it read, and the cursor leads to the match", async () => {
    const first = await browse(haystack, "from=beginning&filter=needle&maxScan=500");
    expect(first.messages).to.deep.equal([]);
    expect(first.scanned).to.equal(500);
    expect(first.stoppedBy).to.equal("scan");
    expect(first.partitions).to.deep.equal([
      { partition: 0, logStartOffset: 0, highWatermark: 2000, from: 0, to: 500, scanned: 500 },
    ]);
    let page = first;
    const pages = [first];
    while (page.messages.length === 0 && page.cursor) {
      page = await browse(haystack, `filter=needle&maxScan=500&cursor=${page.cursor}`);
      pages.push(page);
    }
    expect(pages.map((p) => p.partitions[0]?.to)).to.deep.equal([500, 1000, 1500, 2000]);
    expect(where(page)).to.deep.equal(["0:1500"]);
    expect(page.messages[0]?.value?.data).to.equal("the-needle-is-here");
    expect(page.stoppedBy).to.equal("end");
    expect(page.cursor).to.equal(null);
  });

  it("caps a page at `limit` (at most 500) and at `maxBytes`; a record alone over the cap comes with sizes only", async () => {
    const full = await browse(haystack, "from=beginning&limit=500");
    expect(full.messages).to.have.length(500);
    expect(full.messages.at(-1)?.offset).to.equal(499);
    expect(full.stoppedBy).to.equal("limit");

    const first = await browse(sizes, "from=beginning&maxBytes=1024");
    expect(where(first)).to.deep.equal(["0:0"]);
    expect(first.stoppedBy).to.equal("bytes");
    const second = await browse(sizes, `maxBytes=1024&cursor=${first.cursor}`);
    expect(where(second)).to.deep.equal(["0:1"]);
    const third = await browse(sizes, `maxBytes=1024&cursor=${second.cursor}`);
    expect(where(third)).to.deep.equal(["0:2"]);
    expect(third.messages[0]?.value).to.deep.equal({ encoding: "omitted", data: null, bytes: 3000 });
    expect(third.cursor).to.equal(null);
  });

  it("is for operators by default: a viewer gets 403, and both reads are audited without any payload", async () => {
    const created = await api("POST", "/api/v1/users", {
      token,
      body: { username: "browse-viewer", password: "browse-viewer-password", role: "viewer" },
    });
    expect(created.status, created.text).to.equal(201);
    const viewer = await api<{ token: string }>("POST", "/api/v1/auth/login", {
      body: { username: "browse-viewer", password: "browse-viewer-password" },
    });
    const refused = await call("GET", `/topics/${kinds}/messages?from=beginning`, undefined, viewer.body.token);
    expect(refused.status, refused.text).to.equal(403);
    expect(refused.body.error.code).to.equal("forbidden");
    await browse(kinds, "from=beginning&filter=hello");

    const audit = await api<{ entries: AuditEntry[] }>("GET", "/api/v1/audit?limit=1000", { token });
    const reads = audit.body.entries.filter((e) => e.action === "topic.browse" && e.target === kinds);
    const denied = reads.find((e) => e.actor === "browse-viewer");
    expect(denied, "the viewer's refused read").to.deep.include({ result: "denied", target: kinds });
    const read = reads.find((e) => e.actor === "admin" && e.detail.read?.filtered === true);
    expect(read, "the admin's read").to.deep.include({ result: "success" });
    expect(read?.detail.read).to.deep.include({
      partition: "all",
      from: "beginning",
      filtered: true,
      returned: 1,
      scanned: 3,
      stoppedBy: "end",
    });
    expect(read?.detail.read?.ranges).to.deep.equal([{ partition: 0, from: 0, to: 3 }]);
    const written = JSON.stringify(reads);
    for (const payload of ["hello", "wörld", "k-text", "abc-123", "order", "3q2+7w=="])
      expect(written, `the audit holds no "${payload}"`).not.to.include(payload);
  });

  it("leaves no consumer group behind, and the browseMessages flag is true on this cluster", async () => {
    const groups = await withAdmin(single, (admin) => admin.listGroups());
    expect([...groups.keys()].filter((g) => g.includes("browse") || g.includes("kcp"))).to.deep.equal([]);
    const view = await call("GET", "");
    expect(view.body).to.have.nested.property("capabilities.browseMessages", true);
  });

  it("opens to viewers when BROWSE_MESSAGES_ROLE=viewer", async () => {
    const open = await startTestService("browse-open", { BROWSE_MESSAGES_ROLE: "viewer" });
    try {
      const id = await open.register({ name: "browse-open", bootstrapServers: single.bootstrapServers });
      await open.api("POST", "/api/v1/users", {
        token: open.token,
        body: { username: "reader", password: "browse-reader-password", role: "viewer" },
      });
      const reader = await open.api<{ token: string }>("POST", "/api/v1/auth/login", {
        body: { username: "reader", password: "browse-reader-password" },
      });
      const page = await open.api<Page>("GET", `/api/v1/clusters/${id}/topics/${kinds}/messages?partition=0&limit=1`, {
        token: reader.body.token,
      });
      expect(page.status, page.text).to.equal(200);
      expect(page.body.messages).to.have.length(1);
    } finally {
      await open.stop();
    }
  });
});
