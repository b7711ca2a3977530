import { expect } from "chai";
import type { z } from "zod";
import {
  AclBindingSchema,
  AuditQuerySchema,
  BrokerPathSchema,
  BrowseMessagesQuerySchema,
  ClusterPatchSchema,
  ConfigChangeRequestSchema,
  ConnectionProfileSchema,
  CreateTopicRequestSchema,
  CreateUserRequestSchema,
  IncreasePartitionsRequestSchema,
  ListQuerySchema,
  LoginRequestSchema,
  ProduceRequestSchema,
  QuotaRequestSchema,
  ResetOffsetsRequestSchema,
  ROLES,
  roleAtLeast,
  roleRank,
  TopicListQuerySchema,
  UpdateUserRequestSchema,
} from "../src/index.js";

/** A case: title, value, and — for a refusal — the path of an issue it must report (and its message). */
type Case = [title: string, value: unknown, path?: string, message?: RegExp];

function runCases(schema: z.ZodType, cases: Case[]): void {
  for (const [title, value, path, message] of cases) {
    it(path === undefined ? `accepts ${title}` : `refuses ${title} at "${path}"`, () => {
      const result = schema.safeParse(value);
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
}

const PEM_CA = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----";
const PEM_KEY = "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----";

describe("schemas: users and roles", () => {
  const user = { username: "ops.alice", password: "correct-horse-12", role: "operator" };
  describe("CreateUserRequest", () => {
    runCases(CreateUserRequestSchema, [
      ["the interface's shape", { ...user, disabled: true }],
      ["a 64-character username of every allowed character", { ...user, username: `A0._-${"x".repeat(59)}` }],
      ["a 12-character password", { ...user, password: "x".repeat(12) }],
      ["a 1024-character password", { ...user, password: "x".repeat(1024) }],
      ["a 2-character username", { ...user, username: "ab" }, "username", /3-64/],
      ["a 65-character username", { ...user, username: "a".repeat(65) }, "username"],
      ["a username starting with '-'", { ...user, username: "-alice" }, "username"],
      ["a username with a space", { ...user, username: "al ice" }, "username"],
      ["a username with '@'", { ...user, username: "alice@example" }, "username"],
      ["an 11-character password", { ...user, password: "x".repeat(11) }, "password", /at least 12/],
      ["a 1025-character password", { ...user, password: "x".repeat(1025) }, "password", /at most 1024/],
      ["an unknown role", { ...user, role: "root" }, "role"],
      ["a missing role", { username: user.username, password: user.password }, "role"],
      ["a non-boolean disabled", { ...user, disabled: "no" }, "disabled"],
      ["an unknown field", { ...user, email: "a@b.c" }, "", /email/],
    ]);
    it("defaults disabled to false", () => {
      expect(CreateUserRequestSchema.parse(user).disabled).to.equal(false);
    });
  });

  describe("UpdateUserRequest", () => {
    runCases(UpdateUserRequestSchema, [
      ["a role", { role: "admin" }],
      ["disabled", { disabled: true }],
      ["all three", { role: "viewer", disabled: false, password: "x".repeat(12) }],
      ["an empty body", {}, "", /at least one/],
      ["a short password", { password: "short" }, "password"],
      ["an unknown role", { role: "owner" }, "role"],
      ["a username change", { username: "bob" }, "", /username/],
    ]);
  });

  describe("LoginRequest", () => {
    runCases(LoginRequestSchema, [
      ["any non-empty username and password", { username: "x", password: "y" }],
      ["an empty username", { username: "", password: "y" }, "username"],
      ["a missing password", { username: "alice" }, "password"],
    ]);
  });

  it("orders roles viewer < operator < admin, each including the lower ones", () => {
    expect(ROLES.map(roleRank)).to.deep.equal([0, 1, 2]);
    const allowed = ROLES.flatMap((actual) =>
      ROLES.filter((required) => roleAtLeast(actual, required)).map((r) => `${actual}>=${r}`),
    );
    expect(allowed).to.deep.equal([
      "viewer>=viewer",
      "operator>=viewer",
      "operator>=operator",
      "admin>=viewer",
      "admin>=operator",
      "admin>=admin",
    ]);
  });
});

describe("schemas: connection profiles", () => {
  const profile = (extra: Record<string, unknown> = {}) => ({
    name: "prod-eu",
    bootstrapServers: ["kafka-1.internal:9092"],
    ...extra,
  });
  const sasl = (security: Record<string, unknown>, secrets?: Record<string, unknown>) =>
    profile({ security: { protocol: "SASL_SSL", ...security }, ...(secrets ? { secrets } : {}) });

  describe("ConnectionProfile", () => {
    runCases(ConnectionProfileSchema, [
      ["a minimal PLAINTEXT profile", profile()],
      [
        "every field of the interface",
        profile({
          provider: "container",
          flavor: "oss",
          bootstrapServers: ["10.0.0.1:9092", "[::1]:9093", "kafka-2:9094"],
          security: { protocol: "SASL_SSL", saslMechanism: "SCRAM-SHA-512", username: "admin", tlsCaCertPem: PEM_CA },
          secrets: { password: "s3cret" },
          labels: { env: "prod", "team/owner": "payments" },
          settings: {
            version: "4.1.0",
            portBase: 19092,
            container: { engine: "unix:///run/podman/podman.sock", project: "orders" },
            anythingElse: true,
          },
          skipTest: true,
        }),
      ],
      [
        "SASL_PLAINTEXT with PLAIN",
        profile({
          security: { protocol: "SASL_PLAINTEXT", saslMechanism: "PLAIN", username: "u" },
          secrets: { password: "p" },
        }),
      ],
      ["OAUTHBEARER with a token", sasl({ saslMechanism: "OAUTHBEARER" }, { oauthToken: "eyJ" })],
      ["CLOUD_IAM with a region", sasl({ saslMechanism: "CLOUD_IAM", cloudRegion: "eu-west-1" })],
      [
        "CLOUD_IAM with explicit keys",
        sasl(
          { saslMechanism: "CLOUD_IAM", cloudRegion: "us-east-2" },
          { cloudAccessKeyId: "AK", cloudSecretAccessKey: "SK", cloudSessionToken: "T" },
        ),
      ],
      [
        "mutual TLS",
        profile({
          security: { protocol: "SSL", tlsServerName: "kafka.internal", tlsInsecureSkipVerify: false },
          secrets: { tlsClientCertPem: PEM_CA, tlsClientKeyPem: PEM_KEY },
        }),
      ],
      ["a missing name", { bootstrapServers: ["k:9092"] }, "name"],
      ["a name with a space", profile({ name: "prod eu" }), "name"],
      ["a name starting with '.'", profile({ name: ".prod" }), "name"],
      ["a 129-character name", profile({ name: "a".repeat(129) }), "name"],
      ["an unknown provider", profile({ provider: "cloud" }), "provider"],
      ["an unknown flavor", profile({ flavor: "managed-d" }), "flavor"],
      ["no bootstrap servers", profile({ bootstrapServers: [] }), "bootstrapServers"],
      ["a server without a port", profile({ bootstrapServers: ["kafka-1"] }), "bootstrapServers.0", /host:port/],
      ["port 0", profile({ bootstrapServers: ["kafka-1:0"] }), "bootstrapServers.0", /1-65535/],
      ["port 65536", profile({ bootstrapServers: ["kafka-1:65536"] }), "bootstrapServers.0", /1-65535/],
      ["a URL", profile({ bootstrapServers: ["kafka://kafka-1:9092"] }), "bootstrapServers.0"],
      ["an unbracketed IPv6 address", profile({ bootstrapServers: ["ok:1", "::1:9092"] }), "bootstrapServers.1"],
      ["SASL_SSL without a mechanism", sasl({}), "security.saslMechanism", /required/],
      [
        "a mechanism on PLAINTEXT",
        profile({ security: { protocol: "PLAINTEXT", saslMechanism: "PLAIN" } }),
        "security.saslMechanism",
      ],
      ["an unknown mechanism", sasl({ saslMechanism: "GSSAPI" }), "security.saslMechanism"],
      ["an unknown protocol", profile({ security: { protocol: "TLS" } }), "security.protocol"],
      ["PLAIN without a username", sasl({ saslMechanism: "PLAIN" }, { password: "p" }), "security.username"],
      [
        "SCRAM without a password",
        sasl({ saslMechanism: "SCRAM-SHA-256", username: "u" }),
        "secrets.password",
        /required/,
      ],
      ["OAUTHBEARER without a token", sasl({ saslMechanism: "OAUTHBEARER" }), "secrets.oauthToken"],
      [
        "a username with OAUTHBEARER",
        sasl({ saslMechanism: "OAUTHBEARER", username: "u" }, { oauthToken: "t" }),
        "security.username",
      ],
      ["CLOUD_IAM without a region", sasl({ saslMechanism: "CLOUD_IAM" }), "security.cloudRegion"],
      [
        "CLOUD_IAM without TLS",
        profile({ security: { protocol: "SASL_PLAINTEXT", saslMechanism: "CLOUD_IAM", cloudRegion: "eu-west-1" } }),
        "security.protocol",
      ],
      ["a malformed region", sasl({ saslMechanism: "CLOUD_IAM", cloudRegion: "Europe" }), "security.cloudRegion"],
      [
        "a region without CLOUD_IAM",
        sasl({ saslMechanism: "OAUTHBEARER", cloudRegion: "eu-west-1" }, { oauthToken: "t" }),
        "security.cloudRegion",
      ],
      [
        "tlsServerName on PLAINTEXT",
        profile({ security: { protocol: "PLAINTEXT", tlsServerName: "x" } }),
        "security.tlsServerName",
      ],
      [
        "tlsInsecureSkipVerify on SASL_PLAINTEXT",
        profile({
          security: { protocol: "SASL_PLAINTEXT", saslMechanism: "PLAIN", username: "u", tlsInsecureSkipVerify: true },
          secrets: { password: "p" },
        }),
        "security.tlsInsecureSkipVerify",
      ],
      [
        "a CA that is not PEM",
        profile({ security: { protocol: "SSL", tlsCaCertPem: "abc" } }),
        "security.tlsCaCertPem",
        /PEM/,
      ],
      [
        "a client certificate without its key",
        profile({ security: { protocol: "SSL" }, secrets: { tlsClientCertPem: PEM_CA } }),
        "secrets.tlsClientKeyPem",
      ],
      ["a password PLAINTEXT does not use", profile({ secrets: { password: "p" } }), "secrets.password", /not used/],
      [
        "a client certificate on SASL_PLAINTEXT",
        profile({
          security: { protocol: "SASL_PLAINTEXT", saslMechanism: "OAUTHBEARER" },
          secrets: { oauthToken: "t", tlsClientCertPem: PEM_CA, tlsClientKeyPem: PEM_KEY },
        }),
        "secrets.tlsClientCertPem",
      ],
      [
        "a cloud key id without its secret",
        sasl({ saslMechanism: "CLOUD_IAM", cloudRegion: "eu-west-1" }, { cloudAccessKeyId: "AK" }),
        "secrets.cloudSecretAccessKey",
      ],
      [
        "a session token without keys",
        sasl({ saslMechanism: "CLOUD_IAM", cloudRegion: "eu-west-1" }, { cloudSessionToken: "T" }),
        "secrets.cloudAccessKeyId",
      ],
      ["an unknown secret", profile({ secrets: { apiKey: "x" } }), "secrets", /apiKey/],
      [
        "33 labels",
        profile({ labels: Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`l${i}`, "v"])) }),
        "labels",
        /32/,
      ],
      ["a label key with a space", profile({ labels: { "bad key": "v" } }), "labels.bad key"],
      ["a 257-character label value", profile({ labels: { env: "x".repeat(257) } }), "labels.env", /256/],
      ["port base 0", profile({ settings: { portBase: 0 } }), "settings.portBase"],
      ["an unknown field", profile({ password: "p" }), "", /password/],
    ]);
    it("fills the defaults: external, oss, PLAINTEXT, no labels, test on register", () => {
      expect(ConnectionProfileSchema.parse(profile())).to.deep.include({
        provider: "external",
        flavor: "oss",
        security: { protocol: "PLAINTEXT", saslMechanism: "" },
        labels: {},
        settings: {},
        skipTest: false,
      });
    });
  });

  describe("ClusterPatch", () => {
    runCases(ClusterPatchSchema, [
      ["new labels", { labels: { env: "staging" } }],
      ["a new password only (security unchanged)", { secrets: { password: "new" } }],
      ["removing a secret with null", { secrets: { oauthToken: null } }],
      [
        "new security without secrets (the stored ones stay)",
        { security: { protocol: "SASL_SSL", saslMechanism: "SCRAM-SHA-512", username: "u" } },
      ],
      ["an empty patch", {}, "", /at least one/],
      ["only skipTest", { skipTest: true }, "", /at least one/],
      ["security breaking a cross-field rule", { security: { protocol: "SASL_SSL" } }, "security.saslMechanism"],
      ["no bootstrap servers", { bootstrapServers: [] }, "bootstrapServers"],
      ["a bad name", { name: "a b" }, "name"],
      ["an id", { id: "c1" }, "", /id/],
    ]);
  });
});

describe("schemas: topics, configs and produce", () => {
  describe("CreateTopicRequest", () => {
    runCases(CreateTopicRequestSchema, [
      ["a name alone", { name: "orders" }],
      [
        "every field",
        { name: "orders.v1_eu-2", partitions: 6, replicationFactor: 3, configs: { "retention.ms": "86400000" } },
      ],
      ["a 249-character name", { name: "t".repeat(249) }],
      ["'...' (only '.' and '..' are reserved)", { name: "..." }],
      ["an empty name", { name: "" }, "name"],
      ["a 250-character name", { name: "t".repeat(250) }, "name"],
      ["a name with '/'", { name: "bad/name" }, "name"],
      ["a name with a space", { name: "bad name" }, "name"],
      ["'.'", { name: "." }, "name", /cannot be/],
      ["'..'", { name: ".." }, "name", /cannot be/],
      ["negative partitions", { name: "t", partitions: -1 }, "partitions"],
      ["fractional partitions", { name: "t", partitions: 1.5 }, "partitions"],
      ["partitions above int32", { name: "t", partitions: 2 ** 31 }, "partitions"],
      ["a replication factor above int16", { name: "t", replicationFactor: 32768 }, "replicationFactor"],
      ["a config value that is not a string", { name: "t", configs: { "retention.ms": 1 } }, "configs.retention.ms"],
      ["a config name in capitals", { name: "t", configs: { "Retention.MS": "1" } }, "configs.Retention.MS"],
      ["an unknown field", { name: "t", replicas: 3 }, "", /replicas/],
    ]);
    it("defaults partitions and replication factor to 0 (the broker default)", () => {
      expect(CreateTopicRequestSchema.parse({ name: "t" })).to.deep.equal({
        name: "t",
        partitions: 0,
        replicationFactor: 0,
        configs: {},
      });
    });
  });

  describe("IncreasePartitionsRequest", () => {
    runCases(IncreasePartitionsRequestSchema, [
      ["a new total", { count: 12 }],
      ["no count", {}, "count"],
      ["0", { count: 0 }, "count"],
      ["a string", { count: "12" }, "count"],
    ]);
  });

  describe("ConfigChangeRequest", () => {
    runCases(ConfigChangeRequestSchema, [
      ["set only", { set: { "retention.ms": "1000" } }],
      ["delete only", { delete: ["cleanup.policy"] }],
      ["both, on different keys", { set: { "retention.ms": "1000" }, delete: ["cleanup.policy"] }],
      ["nothing to change", {}, "set", /at least one/],
      ["empty set and delete", { set: {}, delete: [] }, "set", /at least one/],
      [
        "a key set and deleted",
        { set: { "retention.ms": "1" }, delete: ["retention.ms"] },
        "delete",
        /both set and deleted/,
      ],
      ["a non-string value", { set: { "retention.ms": 1000 } }, "set.retention.ms"],
      ["delete as a string", { delete: "retention.ms" }, "delete"],
      ["a replace field", { replace: {} }, "", /replace/],
    ]);
  });

  describe("ProduceRequest", () => {
    runCases(ProduceRequestSchema, [
      ["a value alone", { value: "hello" }],
      ["every field", { partition: 0, key: "k", value: "v", headers: [{ key: "trace", value: "1" }] }],
      ["null partition and key", { partition: null, key: null, value: "" }],
      ["no value", { key: "k" }, "value"],
      ["a null value", { value: null }, "value"],
      ["a negative partition", { value: "v", partition: -1 }, "partition"],
      ["a partition as a string", { value: "v", partition: "1" }, "partition"],
      ["a header without a value", { value: "v", headers: [{ key: "h" }] }, "headers.0.value"],
      ["a numeric key", { value: "v", key: 1 }, "key"],
    ]);
    it("defaults partition and key to null and headers to []", () => {
      expect(ProduceRequestSchema.parse({ value: "v" })).to.deep.equal({
        partition: null,
        key: null,
        value: "v",
        headers: [],
      });
    });
  });

  describe("broker path parameter", () => {
    runCases(BrokerPathSchema, [
      ["a numeric broker id", { id: "c1", broker: "3" }],
      ["a negative broker id", { id: "c1", broker: "-1" }, "broker"],
      ["a non-numeric broker id", { id: "c1", broker: "b1" }, "broker"],
    ]);
  });
});

describe("schemas: ACL bindings", () => {
  const binding = {
    resourceType: "TOPIC",
    resourceName: "orders",
    patternType: "LITERAL",
    principal: "User:alice",
    host: "*",
    operation: "READ",
    permission: "ALLOW",
  };
  const resources: Record<string, string> = {
    TOPIC: "orders",
    GROUP: "billing",
    CLUSTER: "kafka-cluster",
    TRANSACTIONAL_ID: "tx-1",
    DELEGATION_TOKEN: "token-1",
    USER: "User:bob",
  };
  const operations = [
    "ALL",
    "READ",
    "WRITE",
    "CREATE",
    "DELETE",
    "ALTER",
    "DESCRIBE",
    "CLUSTER_ACTION",
    "DESCRIBE_CONFIGS",
    "ALTER_CONFIGS",
    "IDEMPOTENT_WRITE",
    "CREATE_TOKENS",
    "DESCRIBE_TOKENS",
    "TWO_PHASE_COMMIT",
  ];
  runCases(AclBindingSchema, [
    ["the interface's example", binding],
    ...Object.entries(resources).map(
      ([resourceType, resourceName]): Case => [resourceType, { ...binding, resourceType, resourceName }],
    ),
    ...operations.map((operation): Case => [`operation ${operation}`, { ...binding, operation }]),
    ["PREFIXED, DENY, an IPv4 host", { ...binding, patternType: "PREFIXED", permission: "DENY", host: "10.0.0.1" }],
    ["an IPv6 host and every user", { ...binding, host: "2001:db8::1", principal: "User:*" }],
    ["resource type ANY", { ...binding, resourceType: "ANY" }, "resourceType"],
    ["resource type DELEGATIONTOKEN", { ...binding, resourceType: "DELEGATIONTOKEN" }, "resourceType"],
    ["pattern MATCH", { ...binding, patternType: "MATCH" }, "patternType"],
    ["pattern ANY", { ...binding, patternType: "ANY" }, "patternType"],
    ["operation ANY", { ...binding, operation: "ANY" }, "operation"],
    ["operation read (lower case)", { ...binding, operation: "read" }, "operation"],
    ["permission ANY", { ...binding, permission: "ANY" }, "permission"],
    ["a principal without a type", { ...binding, principal: "alice" }, "principal", /User:<name>/],
    ["a Group principal", { ...binding, principal: "Group:ops" }, "principal"],
    ["an empty user name", { ...binding, principal: "User:" }, "principal"],
    ["a host name", { ...binding, host: "client.example.com" }, "host", /IPv4\/IPv6/],
    ["an empty host", { ...binding, host: "" }, "host"],
    [
      "a CLUSTER binding not named kafka-cluster",
      { ...binding, resourceType: "CLUSTER", resourceName: "prod" },
      "resourceName",
      /kafka-cluster/,
    ],
    [
      "a PREFIXED CLUSTER binding",
      { ...binding, resourceType: "CLUSTER", resourceName: "kafka-cluster", patternType: "PREFIXED" },
      "patternType",
    ],
    ["an empty resource name", { ...binding, resourceName: "" }, "resourceName"],
    ["a missing field", { ...binding, permission: undefined }, "permission"],
    ["an unknown field", { ...binding, comment: "x" }, "", /comment/],
  ]);
});

describe("schemas: quotas", () => {
  const user = [{ type: "user", name: "alice" }];
  runCases(QuotaRequestSchema, [
    ["a user quota", { entity: user, set: { producer_byte_rate: 1048576, consumer_byte_rate: 2097152 } }],
    ["the default user (null name)", { entity: [{ type: "user", name: null }], set: { request_percentage: 50 } }],
    [
      "user + client-id",
      { entity: [...user, { type: "client-id", name: "app-1" }], set: { controller_mutation_rate: 10 } },
    ],
    ["an ip quota", { entity: [{ type: "ip", name: "10.0.0.1" }], set: { connection_creation_rate: 5 } }],
    ["the default ip", { entity: [{ type: "ip", name: null }], remove: ["connection_creation_rate"] }],
    ["a removal only", { entity: user, remove: ["producer_byte_rate"] }],
    ["a zero value", { entity: user, set: { producer_byte_rate: 0 } }],
    ["no entity", { set: { producer_byte_rate: 1 } }, "entity"],
    ["an empty entity", { entity: [], set: { producer_byte_rate: 1 } }, "entity"],
    [
      "an unknown entity type",
      { entity: [{ type: "group", name: "g" }], set: { producer_byte_rate: 1 } },
      "entity.0.type",
    ],
    ["an entity without a name field", { entity: [{ type: "user" }], set: { producer_byte_rate: 1 } }, "entity.0.name"],
    [
      "a type twice",
      { entity: [...user, { type: "user", name: "bob" }], set: { producer_byte_rate: 1 } },
      "entity",
      /at most once/,
    ],
    [
      "ip with user",
      { entity: [{ type: "ip", name: null }, ...user], set: { connection_creation_rate: 1 } },
      "entity",
      /stands alone/,
    ],
    [
      "three entities",
      {
        entity: [...user, { type: "client-id", name: "c" }, { type: "ip", name: null }],
        set: { producer_byte_rate: 1 },
      },
      "entity",
    ],
    [
      "an ip entity named by a host name",
      { entity: [{ type: "ip", name: "client.example" }], set: { connection_creation_rate: 1 } },
      "entity.0.name",
    ],
    ["an unknown key", { entity: user, set: { bogus_rate: 1 } }, "set", /bogus_rate/],
    ["a negative value", { entity: user, set: { producer_byte_rate: -1 } }, "set.producer_byte_rate"],
    ["a string value", { entity: user, set: { producer_byte_rate: "1" } }, "set.producer_byte_rate"],
    [
      "a byte rate on an ip",
      { entity: [{ type: "ip", name: null }], set: { producer_byte_rate: 1 } },
      "set.producer_byte_rate",
      /ip/,
    ],
    [
      "connection_creation_rate on a user",
      { entity: user, set: { connection_creation_rate: 1 } },
      "set.connection_creation_rate",
      /only to ip/,
    ],
    ["removing an ip key from a user", { entity: user, remove: ["connection_creation_rate"] }, "remove.0"],
    [
      "a key set and removed",
      { entity: user, set: { producer_byte_rate: 1 }, remove: ["producer_byte_rate"] },
      "remove.0",
      /both/,
    ],
    ["nothing to change", { entity: user }, "set", /at least one/],
  ]);
});

describe("schemas: offset resets", () => {
  const reset = (extra: Record<string, unknown>) => ({ topic: "orders", ...extra });
  runCases(ResetOffsetsRequestSchema, [
    ["earliest", reset({ to: "earliest" })],
    ["latest on two partitions, as a dry run", reset({ to: "latest", partitions: [0, 1], dryRun: true })],
    ["timestamp", reset({ to: "timestamp", timestamp: 1_700_000_000_000 })],
    ["offset", reset({ to: "offset", offset: 42 })],
    ["a negative shift", reset({ to: "shift", offset: -10 })],
    ["no to", reset({}), "to"],
    ["an unknown to", reset({ to: "newest" }), "to"],
    ["timestamp without a timestamp", reset({ to: "timestamp" }), "timestamp", /required/],
    ["a negative timestamp", reset({ to: "timestamp", timestamp: -1 }), "timestamp"],
    ["offset without an offset", reset({ to: "offset" }), "offset", /required/],
    ["shift without an offset", reset({ to: "shift" }), "offset", /required/],
    ["a negative offset", reset({ to: "offset", offset: -1 }), "offset", /0 or more/],
    ["an offset beyond int64 safe range", reset({ to: "offset", offset: 2 ** 53 }), "offset"],
    ["a timestamp with latest", reset({ to: "latest", timestamp: 1 }), "timestamp", /only used/],
    ["an offset with earliest", reset({ to: "earliest", offset: 1 }), "offset", /only used/],
    ["a repeated partition", reset({ to: "latest", partitions: [0, 0] }), "partitions", /repeat/],
    ["a negative partition", reset({ to: "latest", partitions: [-1] }), "partitions.0"],
    ["an empty partition list", reset({ to: "latest", partitions: [] }), "partitions"],
    ["a bad topic", { topic: "a/b", to: "latest" }, "topic"],
    ["a group field", reset({ to: "latest", group: "g" }), "", /group/],
  ]);
  it("defaults dryRun to false", () => {
    expect(ResetOffsetsRequestSchema.parse(reset({ to: "earliest" })).dryRun).to.equal(false);
  });
});

describe("schemas: list limits", () => {
  for (const schema of [AuditQuerySchema, ListQuerySchema]) {
    runCases(schema, [
      ["no limit", {}],
      ["limit 1", { limit: "1" }],
      ["limit 1000", { limit: "1000" }],
      ["limit 0", { limit: "0" }, "limit"],
      ["limit 1001", { limit: "1001" }, "limit"],
      ["limit -5", { limit: "-5" }, "limit"],
      ["limit 2.5", { limit: "2.5" }, "limit"],
      ["limit ten", { limit: "ten" }, "limit"],
      ["an unknown parameter", { offset: "10" }, "", /offset/],
    ]);
  }
  it("defaults to 100 and coerces the query string", () => {
    expect(ListQuerySchema.parse({})).to.deep.equal({ limit: 100 });
    expect(AuditQuerySchema.parse({ limit: "250", clusterId: "c1" })).to.deep.equal({ limit: 250, clusterId: "c1" });
  });
});

describe("offset of paged lists", () => {
  it("defaults to 0, coerces the query string, and refuses an empty or negative value (found by the fuzzer)", () => {
    expect(TopicListQuerySchema.parse({}).offset).to.equal(0);
    expect(TopicListQuerySchema.parse({ offset: "5" }).offset).to.equal(5);
    for (const offset of ["", "-1", "x", "1.5"]) {
      expect(TopicListQuerySchema.safeParse({ offset }).success, JSON.stringify(offset)).to.equal(false);
    }
  });
});

describe("schemas: a browse's timestamp", () => {
  runCases(BrowseMessagesQuerySchema, [
    ["Unix milliseconds", { from: "timestamp", timestamp: "1767225600000" }],
    ["the latest date's milliseconds", { from: "timestamp", timestamp: "8640000000000000" }],
    ["an ISO date-time", { from: "timestamp", timestamp: "2026-11-23T10:00:00Z" }],
    ["milliseconds beyond the latest date", { from: "timestamp", timestamp: "9521217467304250" }, "timestamp"],
    ["17 digits", { from: "timestamp", timestamp: "10000000000000000" }, "timestamp"],
  ]);
  it("reads milliseconds and date-times as the same instant", () => {
    const ms = BrowseMessagesQuerySchema.parse({ from: "timestamp", timestamp: "1767225600000" }).timestamp;
    const iso = BrowseMessagesQuerySchema.parse({ from: "timestamp", timestamp: "2026-01-01T00:00:00Z" }).timestamp;
    expect(ms).to.equal(iso);
  });
});
