import { expect } from "chai";
import type { z } from "zod";
import {
  AclBindingSchema,
  AuditQuerySchema,
  ConfigChangeRequestSchema,
  ConnectionProfileSchema,
  CreateTopicRequestSchema,
  CreateUserRequestSchema,
  OPERATION_TYPE_INFO,
  OPERATION_TYPES,
  PlanOperationRequestSchema,
  QuotaRequestSchema,
  ResetOffsetsRequestSchema,
  roleAtLeast,
  UpdateUserRequestSchema,
} from "../src/index.js";

/** The paths of the issues a schema reports for `value` ("" when it passes). */
function problems(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  return result.success ? "" : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
}

const profile = (overrides: Record<string, unknown> = {}) => ({
  name: "prod-eu",
  bootstrapServers: ["kafka-1.internal:9092"],
  ...overrides,
});

describe("request schemas", () => {
  describe("users", () => {
    const cases: [string, unknown, RegExp | ""][] = [
      ["a valid user", { username: "ops.alice", password: "twelve-chars!", role: "operator" }, ""],
      ["a short password", { username: "alice", password: "short", role: "viewer" }, /^password: must be at least 12/],
      ["a bad username", { username: "-x", password: "twelve-chars!", role: "viewer" }, /^username:/],
      ["an unknown role", { username: "alice", password: "twelve-chars!", role: "root" }, /^role:/],
      ["an unknown field", { username: "alice", password: "twelve-chars!", role: "admin", extra: 1 }, /extra/],
    ];
    for (const [title, value, expected] of cases) {
      it(`create: ${title}`, () => {
        const found = problems(CreateUserRequestSchema, value);
        if (expected === "") expect(found).to.equal("");
        else expect(found).to.match(expected);
      });
    }
    it("update needs at least one field", () => {
      expect(problems(UpdateUserRequestSchema, {})).to.match(/at least one/);
      expect(problems(UpdateUserRequestSchema, { disabled: true })).to.equal("");
    });
    it("orders roles viewer < operator < admin", () => {
      expect(roleAtLeast("admin", "operator")).to.equal(true);
      expect(roleAtLeast("operator", "operator")).to.equal(true);
      expect(roleAtLeast("viewer", "operator")).to.equal(false);
    });
  });

  describe("connection profiles", () => {
    const cases: [string, unknown, RegExp | ""][] = [
      ["plaintext with defaults", profile(), ""],
      ["no bootstrap servers", profile({ bootstrapServers: [] }), /^bootstrapServers:/],
      ["a server without a port", profile({ bootstrapServers: ["kafka-1"] }), /^bootstrapServers.0: must be host:port/],
      ["a port out of range", profile({ bootstrapServers: ["kafka-1:70000"] }), /port must be 1-65535/],
      ["a name with spaces", profile({ name: "prod eu" }), /^name:/],
      [
        "SASL without a mechanism",
        profile({ security: { protocol: "SASL_SSL" } }),
        /^security.saslMechanism: is required/,
      ],
      [
        "SCRAM without a username",
        profile({ security: { protocol: "SASL_SSL", saslMechanism: "SCRAM-SHA-512" }, secrets: { password: "p" } }),
        /^security.username: is required/,
      ],
      [
        "SCRAM without a password",
        profile({ security: { protocol: "SASL_SSL", saslMechanism: "SCRAM-SHA-512", username: "u" } }),
        /^secrets.password: is required/,
      ],
      [
        "SCRAM complete",
        profile({
          security: { protocol: "SASL_SSL", saslMechanism: "SCRAM-SHA-512", username: "u" },
          secrets: { password: "p" },
        }),
        "",
      ],
      [
        "OAUTHBEARER without a token",
        profile({ security: { protocol: "SASL_PLAINTEXT", saslMechanism: "OAUTHBEARER" } }),
        /^secrets.oauthToken: is required/,
      ],
      [
        "CLOUD_IAM without a region",
        profile({ security: { protocol: "SASL_SSL", saslMechanism: "CLOUD_IAM" } }),
        /^security.cloudRegion: is required/,
      ],
      [
        "TLS fields on PLAINTEXT",
        profile({ security: { protocol: "PLAINTEXT", tlsServerName: "x" } }),
        /only allowed with SSL/,
      ],
      [
        "a client certificate without its key",
        profile({ security: { protocol: "SSL" }, secrets: { tlsClientCertPem: "-----BEGIN CERTIFICATE-----\nx" } }),
        /^secrets.tlsClientKeyPem:/,
      ],
    ];
    const agent = (overrides: Record<string, unknown> = {}) => ({
      url: "http://127.0.0.1:9700",
      agentId: "a-1",
      nodeIds: [1, 2],
      ...overrides,
    });
    const agentProfile = (agents: unknown) => profile({ provider: "agent", settings: { agents } });
    cases.push(
      ["an agent cluster with its agents", agentProfile([agent(), agent({ agentId: "a-2", nodeIds: [3] })]), ""],
      ["an agent cluster without agents", profile({ provider: "agent" }), /^settings.agents: is required/],
      ["agents on an external cluster", profile({ settings: { agents: [agent()] } }), /^settings.agents: is only/],
      ["an agent URL that is not http(s)", agentProfile([agent({ url: "ftp://h:1" })]), /^settings.agents.0.url:/],
      ["an agent id with spaces", agentProfile([agent({ agentId: "a 1" })]), /^settings.agents.0.agentId:/],
      ["an agent with no node", agentProfile([agent({ nodeIds: [] })]), /^settings.agents.0.nodeIds:/],
      ["a negative node id", agentProfile([agent({ nodeIds: [-1] })]), /^settings.agents.0.nodeIds.0:/],
      ["a node repeated in one agent", agentProfile([agent({ nodeIds: [1, 1] })]), /must not repeat a node/],
      [
        "a node served by two agents",
        agentProfile([agent(), agent({ agentId: "a-2", nodeIds: [2, 3] })]),
        /^settings.agents.1.nodeIds: node 2 is already served by agent a-1/,
      ],
      [
        "an agent id twice",
        agentProfile([agent(), agent({ nodeIds: [3] })]),
        /^settings.agents.1.agentId: repeats agent a-1/,
      ],
      ["an unknown field of an agent", agentProfile([agent({ token: "x" })]), /token/],
      ["16 nodes on one agent", agentProfile([agent({ nodeIds: Array.from({ length: 16 }, (_, i) => i) })]), ""],
      [
        "17 nodes on one agent (a host runs a few)",
        agentProfile([agent({ nodeIds: Array.from({ length: 17 }, (_, i) => i) })]),
        /^settings.agents.0.nodeIds:/,
      ],
      [
        "65 agents in one cluster (each asked at every collection)",
        agentProfile(Array.from({ length: 65 }, (_, i) => agent({ agentId: `a-${i}`, nodeIds: [i] }))),
        /^settings.agents:/,
      ],
    );
    const container = { engine: "unix:///run/podman/podman.sock", project: "orders" };
    const containerProfile = (settings: Record<string, unknown>) => profile({ provider: "container", settings });
    cases.push(
      ["a container cluster with its engine and port base", containerProfile({ container, portBase: 19000 }), ""],
      ["a container cluster without a port base", containerProfile({ container }), /^settings.portBase: is required/],
      [
        "a container cluster without its engine",
        containerProfile({ portBase: 19000 }),
        /^settings.container: is required/,
      ],
      [
        "container settings on an agent-less external cluster",
        profile({ settings: { container } }),
        /^settings.container: is only used by provider container/,
      ],
      [
        "an engine that is not a socket or http URL",
        containerProfile({ container: { ...container, engine: "tcp://h:2375" }, portBase: 1 }),
        /^settings.container.engine:/,
      ],
      [
        "a project with capitals",
        containerProfile({ container: { ...container, project: "Orders" }, portBase: 1 }),
        /^settings.container.project:/,
      ],
      [
        "an image without {version}",
        containerProfile({ container: { ...container, image: "kafka:latest" }, portBase: 1 }),
        /^settings.container.image: must hold \{version\}/,
      ],
    );
    for (const [title, value, expected] of cases) {
      it(title, () => {
        const found = problems(ConnectionProfileSchema, value);
        if (expected === "") expect(found).to.equal("");
        else expect(found).to.match(expected);
      });
    }
  });

  describe("topics and configs", () => {
    it("applies broker defaults (0) and checks Kafka's topic name rule", () => {
      expect(CreateTopicRequestSchema.parse({ name: "orders.v1" })).to.deep.include({
        partitions: 0,
        replicationFactor: 0,
      });
      expect(problems(CreateTopicRequestSchema, { name: "bad/name" })).to.match(/^name:/);
      expect(problems(CreateTopicRequestSchema, { name: ".." })).to.match(/^name: cannot be/);
      expect(problems(CreateTopicRequestSchema, { name: "x".repeat(250) })).to.match(/^name:/);
    });
    it("refuses an empty change and a key both set and deleted", () => {
      expect(problems(ConfigChangeRequestSchema, {})).to.match(/at least one key/);
      expect(problems(ConfigChangeRequestSchema, { set: { "retention.ms": "1" }, delete: ["retention.ms"] })).to.match(
        /^delete: retention.ms is both set and deleted/,
      );
    });
  });

  describe("ACL bindings", () => {
    const binding = {
      resourceType: "TOPIC",
      resourceName: "orders",
      patternType: "LITERAL",
      principal: "User:alice",
      host: "*",
      operation: "READ",
      permission: "ALLOW",
    };
    it("accepts the interface's example and refuses values outside Kafka's sets", () => {
      expect(problems(AclBindingSchema, binding)).to.equal("");
      expect(problems(AclBindingSchema, { ...binding, operation: "ANY" })).to.match(/^operation:/);
      expect(problems(AclBindingSchema, { ...binding, patternType: "MATCH" })).to.match(/^patternType:/);
      expect(problems(AclBindingSchema, { ...binding, principal: "alice" })).to.match(
        /^principal: must be User:<name>/,
      );
    });
    it("requires CLUSTER bindings to name kafka-cluster", () => {
      expect(problems(AclBindingSchema, { ...binding, resourceType: "CLUSTER", resourceName: "x" })).to.match(
        /kafka-cluster/,
      );
      expect(
        problems(AclBindingSchema, { ...binding, resourceType: "CLUSTER", resourceName: "kafka-cluster" }),
      ).to.equal("");
    });
  });

  describe("quotas", () => {
    it("takes a default entity (null name) and Kafka's quota keys", () => {
      expect(
        problems(QuotaRequestSchema, { entity: [{ type: "user", name: null }], set: { producer_byte_rate: 1024 } }),
      ).to.equal("");
      expect(problems(QuotaRequestSchema, { entity: [{ type: "user", name: "a" }], set: { bogus_rate: 1 } })).to.match(
        /^set/,
      );
    });
    it("keeps ip entities alone, with connection_creation_rate only", () => {
      const ipWithUser = {
        entity: [
          { type: "ip", name: null },
          { type: "user", name: "a" },
        ],
        remove: ["connection_creation_rate"],
      };
      expect(problems(QuotaRequestSchema, ipWithUser)).to.match(/ip entity stands alone/);
      expect(
        problems(QuotaRequestSchema, { entity: [{ type: "ip", name: "10.0.0.1" }], set: { producer_byte_rate: 1 } }),
      ).to.match(/does not apply to ip/);
    });
  });

  describe("offset resets", () => {
    const cases: [unknown, RegExp | ""][] = [
      [{ topic: "t", to: "earliest" }, ""],
      [{ topic: "t", to: "timestamp" }, /^timestamp: is required/],
      [{ topic: "t", to: "offset" }, /^offset: is required/],
      [{ topic: "t", to: "shift", offset: -5 }, ""],
      [{ topic: "t", to: "offset", offset: -5 }, /^offset: must be 0 or more/],
      [{ topic: "t", to: "latest", partitions: [0, 0] }, /^partitions: must not repeat/],
      [{ topic: "t", to: "newest" }, /^to:/],
    ];
    for (const [value, expected] of cases) {
      it(`${JSON.stringify(value)} → ${expected === "" ? "valid" : expected}`, () => {
        const found = problems(ResetOffsetsRequestSchema, value);
        if (expected === "") expect(found).to.equal("");
        else expect(found).to.match(expected);
      });
    }
  });

  describe("operation plans", () => {
    it("checks each type's params", () => {
      expect(problems(PlanOperationRequestSchema, { type: "drainBrokers", params: { brokers: [4] } })).to.equal("");
      expect(problems(PlanOperationRequestSchema, { type: "drainBrokers", params: {} })).to.match(/params.brokers/);
      expect(problems(PlanOperationRequestSchema, { type: "drainBrokers", params: { brokers: [4, 4] } })).to.match(
        /repeat/,
      );
      expect(
        problems(PlanOperationRequestSchema, { type: "electLeaders", params: { electionType: "dirty" } }),
      ).to.match(/params.electionType/);
      expect(problems(PlanOperationRequestSchema, { type: "migrateQuorum" })).to.equal("");
      expect(problems(PlanOperationRequestSchema, { type: "explode", params: {} })).to.match(/^type:/);
      const badVoter = { type: "removeVoters", params: { voters: [{ nodeId: 3, directoryId: "short" }] } };
      expect(problems(PlanOperationRequestSchema, badVoter)).to.match(/directory id/);
    });
    it("knows the capability and irreversibility of every type", () => {
      expect(OPERATION_TYPES).to.have.lengthOf(15);
      const deletion = { kind: "deleteTopic" as const, topic: "orders.old", partitions: 1 };
      expect(OPERATION_TYPE_INFO.applyDesiredState.irreversible({ changes: [deletion] })).to.equal(true);
      const grow = { kind: "changeReplicationFactor" as const, topic: "orders", before: 1, after: 3 };
      expect(OPERATION_TYPE_INFO.applyDesiredState.irreversible({ changes: [grow] })).to.equal(false);
      expect(
        OPERATION_TYPE_INFO.applyDesiredState.irreversible({ changes: [{ ...grow, before: 3, after: 1 }] }),
      ).to.equal(true);
      expect(OPERATION_TYPE_INFO.electLeaders.irreversible({ electionType: "unclean" })).to.equal(true);
      expect(OPERATION_TYPE_INFO.electLeaders.irreversible({ electionType: "preferred" })).to.equal(false);
      expect(OPERATION_TYPE_INFO.unregisterBrokers.irreversible({})).to.equal(true);
      expect(OPERATION_TYPE_INFO.scaleNodePools.irreversible({ replicas: 2 }, { poolReplicas: 3 })).to.equal(true);
      expect(OPERATION_TYPE_INFO.scaleNodePools.irreversible({ replicas: 4 }, { poolReplicas: 3 })).to.equal(false);
      expect(OPERATION_TYPE_INFO.drainBrokers.capability).to.equal("reassign");
    });
  });

  describe("list limits", () => {
    it("default to 100 and accept 1..1000 from a query string", () => {
      expect(AuditQuerySchema.parse({}).limit).to.equal(100);
      expect(AuditQuerySchema.parse({ limit: "1000", clusterId: "c1" }).limit).to.equal(1000);
      expect(problems(AuditQuerySchema, { limit: "0" })).to.match(/^limit/);
      expect(problems(AuditQuerySchema, { limit: "1001" })).to.match(/^limit/);
      expect(problems(AuditQuerySchema, { limit: "ten" })).to.match(/^limit/);
    });
  });
});

describe("schemas as JSON Schema (what the OpenAPI document is generated from)", () => {
  it("converts every request schema", async () => {
    const { z } = await import("zod");
    const requests = [
      CreateUserRequestSchema,
      UpdateUserRequestSchema,
      ConnectionProfileSchema,
      CreateTopicRequestSchema,
      ConfigChangeRequestSchema,
      AclBindingSchema,
      QuotaRequestSchema,
      ResetOffsetsRequestSchema,
      PlanOperationRequestSchema,
    ];
    for (const schema of requests) {
      const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
        type?: string;
        anyOf?: unknown[];
      };
      expect(json.type === "object" || Array.isArray(json.anyOf) || "oneOf" in json).to.equal(true);
    }
  });
});
