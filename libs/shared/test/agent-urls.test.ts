import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import {
  AgentPins,
  type AppError,
  agentPinsOf,
  agentUrlsSection,
  type ConfigError,
  canonicalAgentUrl,
  commandBinding,
  loadConfig,
  parseNodeIdSegment,
} from "../src/index.js";

describe("AGENT_URLS: each node agent's one URL, by configuration", () => {
  it("parses agentId=https://host:port entries and compares URLs in one form", () => {
    const pins = AgentPins.parse(" a-1=https://Kafka-1.internal:9700/ , a-2=https://10.0.0.7:443", "list");
    expect(pins.size).to.equal(2);
    expect(pins.urlOf("a-1")).to.equal("https://kafka-1.internal:9700");
    expect(pins.urlOf("a-2")).to.equal("https://10.0.0.7");
    expect(pins.resolve({ agentId: "a-1", url: "https://kafka-1.internal:9700" })).to.deep.equal({
      url: "https://kafka-1.internal:9700",
    });
    expect(pins.resolve({ agentId: "a-2", url: "https://10.0.0.7:443/" })).to.deep.equal({ url: "https://10.0.0.7" });
    expect(pins.resolve({ agentId: "a-1", url: "https://kafka-1.internal:9701" })).to.deep.equal({
      refusal: "other-url",
    });
    expect(pins.resolve({ agentId: "a-1", url: "http://kafka-1.internal:9700" })).to.deep.equal({
      refusal: "other-url",
    });
    expect(pins.resolve({ agentId: "a-3", url: "https://kafka-1.internal:9700" })).to.deep.equal({
      refusal: "not-pinned",
    });
    expect(AgentPins.NONE.resolve({ agentId: "a-1", url: "https://h" })).to.deep.equal({ refusal: "not-pinned" });
  });

  it("refuses anything but https without user, query or fragment, naming the entry but never the URL", () => {
    for (const [text, message] of [
      ["a-1=http://h:9700", /^entry 1 \(agent a-1\): the URL must be https/],
      ["a-1=https://user:s3cret@h:9700", /^entry 1 \(agent a-1\): the URL must be https/],
      ["a-1=https://h:9700/?x=1", /^entry 1 \(agent a-1\): the URL must be https/],
      ["a-1=https://h,a-1=https://g", /^entry 2: agent a-1 is pinned twice$/],
      ["a-1=https://h,nonsense", /^entry 2 is not agentId=https:\/\/host:port$/],
      ["a 1=https://h", /^entry 1: the agent id must be/],
    ] as const) {
      expect(() => AgentPins.parse(text, "list"), text)
        .to.throw(message)
        .with.property("message")
        .that.does.not.include("s3cret");
    }
    expect(canonicalAgentUrl("ftp://h")).to.equal(undefined);
  });

  it("refuses a cluster's agent not pinned, or not at its pin, with 422 naming the agent id only", () => {
    const pins = AgentPins.parse("a-1=https://h:9700", "list");
    pins.check([{ agentId: "a-1", url: "https://h:9700/" }]);
    const refusal = (agents: { agentId: string; url: string }[]) => {
      try {
        pins.check(agents);
      } catch (error) {
        return error as AppError;
      }
      throw new Error("not refused");
    };
    const moved = refusal([{ agentId: "a-1", url: "https://evil:9700" }]);
    expect(moved).to.include({ code: "invalid_request", status: 422 });
    expect(moved.message).to.equal(
      "Node agent a-1 is configured at another URL (AGENT_URLS pins the URL of every agent the service may call)",
    );
    expect(refusal([{ agentId: "a-9", url: "https://h:9700" }]).message).to.match(/^Node agent a-9 is not configured/);
    // Unset: no agent can be named at all.
    expect(() => AgentPins.NONE.check([{ agentId: "a-1", url: "https://h:9700" }])).to.throw(/a-1 is not configured/);
  });

  it("reads AGENT_URLS, or AGENT_URLS_FILE (one a line, # comments), once, naming the variable in errors", async () => {
    const dir = await mkdtemp(join(tmpdir(), "kcp-agent-urls-"));
    const file = join(dir, "agents");
    await writeFile(file, "# the fleet\na-1=https://h1:9700\n\na-2=https://h2:9700\n");
    const fromFile = agentPinsOf(loadConfig(agentUrlsSection, { AGENT_URLS_FILE: file }));
    expect(fromFile.toString()).to.equal("a-1=https://h1:9700,a-2=https://h2:9700");
    const fromList = agentPinsOf(loadConfig(agentUrlsSection, { AGENT_URLS: "a-1=https://h1:9700" }));
    expect(fromList.urlOf("a-1")).to.equal("https://h1:9700");
    expect(agentPinsOf(loadConfig(agentUrlsSection, {})).size).to.equal(0);
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(agentUrlsSection, env);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      throw new Error("accepted");
    };
    expect(problems({ AGENT_URLS: "a-1=http://h1" })).to.deep.equal([
      "AGENT_URLS: entry 1 (agent a-1): the URL must be https:// without user, query or fragment",
    ]);
    await writeFile(join(dir, "bad"), "a-1=https://h1\nbroken\n");
    expect(problems({ AGENT_URLS_FILE: join(dir, "bad") })).to.deep.equal([
      "AGENT_URLS_FILE: line 2 is not agentId=https://host:port",
    ]);
    expect(problems({ AGENT_URLS_FILE: join(dir, "missing") })).to.deep.equal([
      "AGENT_URLS_FILE: cannot be read: ENOENT",
    ]);
    expect(problems({ AGENT_URLS: "a-1=https://h1", AGENT_URLS_FILE: file })).to.deep.equal([
      "AGENT_URLS: set AGENT_URLS or AGENT_URLS_FILE, not both",
    ]);
  });
});

describe("command token binding", () => {
  it("reads node ids in paths as plain decimal digits within int32, nothing else", () => {
    expect(parseNodeIdSegment("5")).to.equal(5);
    expect(parseNodeIdSegment("2147483647")).to.equal(2_147_483_647);
    for (const text of ["1e3", "0x5", " 5", "5 ", "-1", "+5", "5.0", "", "2147483648", "99999999999"])
      expect(parseNodeIdSegment(text), JSON.stringify(text)).to.equal(undefined);
  });

  it("binds method, path, node, body digest and scope", () => {
    expect(commandBinding("POST", "/v1/nodes/5/start")).to.deep.equal({
      method: "POST",
      path: "/v1/nodes/5/start",
      nodeId: 5,
      bodySha256: "47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU",
      scope: "write",
    });
    const list = commandBinding("GET", "/v1/nodes", Buffer.from(""));
    expect(list).to.include({ scope: "read" }).and.not.have.property("nodeId");
    expect(commandBinding("PUT", "/v1/nodes/5", Buffer.from("{}")).bodySha256).not.to.equal(list.bodySha256);
    expect(() => commandBinding("GET", "/v1/nodes/0x5")).to.throw(/malformed node id/);
  });
});
