import { isIPv4, isIPv6 } from "node:net";
import {
  AclBindingSchema,
  ClusterPatchSchema,
  ConfigChangeRequestSchema,
  ConnectionProfileSchema,
  CreateTopicRequestSchema,
  PlanOperationRequestSchema,
  QuotaRequestSchema,
  ResetOffsetsRequestSchema,
  UpdateUserRequestSchema,
} from "@kcp/shared";
import { Ajv2020 } from "ajv/dist/2020.js";
import { expect } from "chai";
import type { z } from "zod";
import { startTestGateway, type TestGateway } from "./helpers.js";

type Operation = { requestBody?: { content: { "application/json": { schema: object } } } };

/** Where each body goes in the document, and the zod schema the gateway validates it with. */
const ROUTES = {
  profile: ["/api/v1/clusters", "post", ConnectionProfileSchema],
  patch: ["/api/v1/clusters/{id}", "patch", ClusterPatchSchema],
  user: ["/api/v1/users/{id}", "patch", UpdateUserRequestSchema],
  topic: ["/api/v1/clusters/{id}/topics", "post", CreateTopicRequestSchema],
  configs: ["/api/v1/clusters/{id}/topics/{topic}/configs", "patch", ConfigChangeRequestSchema],
  quota: ["/api/v1/clusters/{id}/quotas", "put", QuotaRequestSchema],
  acl: ["/api/v1/clusters/{id}/acls", "post", AclBindingSchema],
  reset: ["/api/v1/clusters/{id}/groups/{group}/reset-offsets", "post", ResetOffsetsRequestSchema],
  plan: ["/api/v1/clusters/{id}/operations", "post", PlanOperationRequestSchema],
} as const satisfies Record<string, readonly [string, string, z.ZodType]>;
type Route = keyof typeof ROUTES;

const PEM = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----";
const KEY = "-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----";
const servers = ["kafka-1:9092"];
const profile = (security: object, secrets?: object) => ({
  name: "c1",
  bootstrapServers: servers,
  security,
  ...(secrets ? { secrets } : {}),
});

const AGENT = { url: "http://127.0.0.1:9700", agentId: "a-1", nodeIds: [1, 2] };
const agentProfile = { name: "c1", bootstrapServers: servers, provider: "agent", settings: { agents: [AGENT] } };
const PROVISIONING = { nodeIds: { from: 10, to: 19 }, ports: [9100], dataDir: "/var/lib/kafka" };

/** Each cross-field rule of a refinement, with a body that breaks it: refused by the validator and by the document. */
const REFUSED: [string, Route, unknown][] = [
  ["a SASL protocol needs a mechanism", "profile", profile({ protocol: "SASL_SSL" })],
  ["a mechanism needs a SASL protocol", "profile", profile({ protocol: "PLAINTEXT", saslMechanism: "PLAIN" })],
  [
    "PLAIN needs a username",
    "profile",
    profile({ protocol: "SASL_PLAINTEXT", saslMechanism: "PLAIN" }, { password: "p" }),
  ],
  ["username only with PLAIN/SCRAM", "profile", profile({ protocol: "PLAINTEXT", username: "u" })],
  [
    "CLOUD_IAM needs SASL_SSL",
    "profile",
    profile({ protocol: "SASL_PLAINTEXT", saslMechanism: "CLOUD_IAM", cloudRegion: "eu-west-1" }),
  ],
  ["CLOUD_IAM needs cloudRegion", "profile", profile({ protocol: "SASL_SSL", saslMechanism: "CLOUD_IAM" })],
  ["cloudRegion only with CLOUD_IAM", "profile", profile({ protocol: "PLAINTEXT", cloudRegion: "eu-west-1" })],
  ["tls fields only with SSL/SASL_SSL", "profile", profile({ protocol: "PLAINTEXT", tlsServerName: "kafka" })],
  [
    "SCRAM needs a password",
    "profile",
    profile({ protocol: "SASL_SSL", saslMechanism: "SCRAM-SHA-512", username: "u" }),
  ],
  ["OAUTHBEARER needs a token", "profile", profile({ protocol: "SASL_SSL", saslMechanism: "OAUTHBEARER" })],
  ["a secret nothing uses (password)", "profile", profile({ protocol: "PLAINTEXT" }, { password: "p" })],
  [
    "a secret nothing uses (no security: PLAINTEXT)",
    "profile",
    { name: "c1", bootstrapServers: servers, secrets: { oauthToken: "t" } },
  ],
  [
    "client certificate only with TLS",
    "profile",
    profile({ protocol: "PLAINTEXT" }, { tlsClientCertPem: PEM, tlsClientKeyPem: KEY }),
  ],
  ["client certificate and key go together", "profile", profile({ protocol: "SSL" }, { tlsClientCertPem: PEM })],
  [
    "cloudSessionToken needs the key pair",
    "profile",
    profile({ protocol: "SASL_SSL", saslMechanism: "CLOUD_IAM", cloudRegion: "eu-west-1" }, { cloudSessionToken: "t" }),
  ],
  [
    "cloud keys go together",
    "profile",
    profile({ protocol: "SASL_SSL", saslMechanism: "CLOUD_IAM", cloudRegion: "eu-west-1" }, { cloudAccessKeyId: "k" }),
  ],
  ["bootstrap port 1-65535 (0)", "profile", { name: "c1", bootstrapServers: ["kafka:0"] }],
  ["bootstrap port 1-65535 (65536)", "profile", { name: "c1", bootstrapServers: ["kafka:65536"] }],
  [
    "at most 32 labels",
    "profile",
    {
      name: "c1",
      bootstrapServers: servers,
      labels: Object.fromEntries([...Array(33).keys()].map((i) => [`k${i}`, "v"])),
    },
  ],
  ["provider agent needs settings.agents", "profile", { name: "c1", bootstrapServers: servers, provider: "agent" }],
  [
    "settings.agents only with provider agent",
    "profile",
    { name: "c1", bootstrapServers: servers, settings: { agents: [AGENT] } },
  ],
  [
    "provider container needs settings.container and settings.portBase",
    "profile",
    { name: "c1", bootstrapServers: servers, provider: "container", settings: { portBase: 19000 } },
  ],
  [
    "settings.container only with provider container",
    "profile",
    { name: "c1", bootstrapServers: servers, settings: { container: { engine: "unix:///e.sock", project: "p" } } },
  ],
  [
    "an agent's node ids do not repeat",
    "profile",
    { ...agentProfile, settings: { agents: [{ ...AGENT, nodeIds: [1, 1] }] } },
  ],
  [
    "a new node's JVM options are of the allow-list (no -XX:OnOutOfMemoryError)",
    "profile",
    {
      ...agentProfile,
      settings: {
        agents: [{ ...AGENT, provisioning: { ...PROVISIONING, jvmOptions: ["-XX:OnOutOfMemoryError=id"] } }],
      },
    },
  ],
  [
    "a new node's data folder is normalized (no '..')",
    "profile",
    {
      ...agentProfile,
      settings: { agents: [{ ...AGENT, provisioning: { ...PROVISIONING, dataDir: "/var/../etc" } }] },
    },
  ],
  ["a patch changes at least one field", "patch", { skipTest: true }],
  ["a user update changes at least one field", "user", {}],
  ["a topic is not '.'", "topic", { name: "." }],
  ["a topic is not '..'", "topic", { name: ".." }],
  ["a config change sets or deletes something", "configs", { set: {}, delete: [] }],
  [
    "a quota entity type at most once",
    "quota",
    {
      entity: [
        { type: "user", name: "a" },
        { type: "user", name: "b" },
      ],
      set: { producer_byte_rate: 1 },
    },
  ],
  [
    "an ip entity stands alone",
    "quota",
    {
      entity: [
        { type: "ip", name: "10.0.0.1" },
        { type: "user", name: "a" },
      ],
      set: { connection_creation_rate: 1 },
    },
  ],
  [
    "an ip entity is named by an address",
    "quota",
    { entity: [{ type: "ip", name: "host" }], set: { connection_creation_rate: 1 } },
  ],
  [
    "connection_creation_rate only for ip",
    "quota",
    { entity: [{ type: "user", name: "a" }], set: { connection_creation_rate: 1 } },
  ],
  [
    "ip takes only connection_creation_rate",
    "quota",
    { entity: [{ type: "ip", name: null }], remove: ["producer_byte_rate"] },
  ],
  ["a quota change sets or removes something", "quota", { entity: [{ type: "user", name: "a" }] }],
  [
    "a quota key is not both set and removed",
    "quota",
    { entity: [{ type: "user", name: "a" }], set: { producer_byte_rate: 1 }, remove: ["producer_byte_rate"] },
  ],
  [
    "an ACL host is * or an address",
    "acl",
    {
      resourceType: "TOPIC",
      resourceName: "t",
      patternType: "LITERAL",
      principal: "User:a",
      host: "example.com",
      operation: "READ",
      permission: "ALLOW",
    },
  ],
  [
    "a CLUSTER binding is kafka-cluster",
    "acl",
    {
      resourceType: "CLUSTER",
      resourceName: "x",
      patternType: "LITERAL",
      principal: "User:a",
      host: "*",
      operation: "ALTER",
      permission: "ALLOW",
    },
  ],
  [
    "a CLUSTER binding is LITERAL",
    "acl",
    {
      resourceType: "CLUSTER",
      resourceName: "kafka-cluster",
      patternType: "PREFIXED",
      principal: "User:a",
      host: "*",
      operation: "ALTER",
      permission: "ALLOW",
    },
  ],
  ["to=timestamp needs timestamp", "reset", { topic: "t", to: "timestamp" }],
  ["timestamp only with to=timestamp", "reset", { topic: "t", to: "latest", timestamp: 1 }],
  ["to=shift needs offset", "reset", { topic: "t", to: "shift" }],
  ["offset only with offset/shift", "reset", { topic: "t", to: "earliest", offset: 1 }],
  ["to=offset needs offset >= 0", "reset", { topic: "t", to: "offset", offset: -1 }],
  ["reset partitions do not repeat", "reset", { topic: "t", to: "latest", partitions: [0, 0] }],
  ["broker lists do not repeat", "plan", { type: "drainBrokers", params: { brokers: [1, 1] } }],
  ["goals do not repeat", "plan", { type: "rebalance", params: { goals: ["disk", "disk"] } }],
  ["log dirs do not repeat", "plan", { type: "cordonBrokers", params: { brokers: [1], logDirs: ["/a", "/a"] } }],
  [
    "elected partitions do not repeat",
    "plan",
    {
      type: "electLeaders",
      params: {
        electionType: "preferred",
        partitions: [
          { topic: "t", partition: 0 },
          { topic: "t", partition: 0 },
        ],
      },
    },
  ],
  ["features, when given, are not empty", "plan", { type: "finalizeFeatures", params: { features: {} } }],
  [
    "a label key is not a reserved name",
    "profile",
    { name: "c1", bootstrapServers: servers, labels: { constructor: "x" } },
  ],
  ["a config name is not a reserved name", "configs", { set: { prototype: "1" } }],
  ["a topic config is not a reserved name", "topic", { name: "t", configs: { constructor: "1" } }],
  ["a setting is not a reserved name", "patch", { settings: { prototype: 1 } }],
];

/** Bodies both accept: the rules above do not refuse what the validator allows. */
const ACCEPTED: [string, Route, unknown][] = [
  ["plain profile without security", "profile", { name: "c1", bootstrapServers: ["[::1]:9092", "10.0.0.1:65535"] }],
  [
    "SCRAM",
    "profile",
    profile(
      { protocol: "SASL_SSL", saslMechanism: "SCRAM-SHA-256", username: "u", tlsInsecureSkipVerify: true },
      { password: "p" },
    ),
  ],
  [
    "mTLS",
    "profile",
    profile({ protocol: "SSL", tlsServerName: "k" }, { tlsClientCertPem: PEM, tlsClientKeyPem: KEY }),
  ],
  [
    "CLOUD_IAM with keys",
    "profile",
    profile(
      { protocol: "SASL_SSL", saslMechanism: "CLOUD_IAM", cloudRegion: "eu-west-1" },
      { cloudAccessKeyId: "k", cloudSecretAccessKey: "s", cloudSessionToken: "t" },
    ),
  ],
  [
    "OAUTHBEARER",
    "profile",
    profile({ protocol: "SASL_PLAINTEXT", saslMechanism: "OAUTHBEARER" }, { oauthToken: "t" }),
  ],
  ["an agent cluster", "profile", agentProfile],
  [
    "an agent taking new nodes with JVM options of the allow-list",
    "profile",
    {
      ...agentProfile,
      settings: {
        agents: [
          {
            ...AGENT,
            provisioning: {
              ...PROVISIONING,
              jvmOptions: ["-Xms1g", "-Xmx1g", "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=20", "-Djava.awt.headless=true"],
            },
          },
        ],
      },
    },
  ],
  ["patch of labels", "patch", { labels: { a: "b" }, skipTest: true }],
  ["user update", "user", { disabled: true }],
  ["config delete", "configs", { delete: ["retention.ms"] }],
  [
    "quota pair",
    "quota",
    {
      entity: [
        { type: "client-id", name: "c" },
        { type: "user", name: null },
      ],
      set: { producer_byte_rate: 1 },
      remove: ["consumer_byte_rate"],
    },
  ],
  ["ip quota", "quota", { entity: [{ type: "ip", name: "::1" }], set: { connection_creation_rate: 5 } }],
  [
    "cluster ACL",
    "acl",
    {
      resourceType: "CLUSTER",
      resourceName: "kafka-cluster",
      patternType: "LITERAL",
      principal: "User:*",
      host: "10.0.0.1",
      operation: "ALTER",
      permission: "DENY",
    },
  ],
  ["shift back", "reset", { topic: "t", to: "shift", offset: -5, partitions: [0, 1] }],
  ["timestamp", "reset", { topic: "t", to: "timestamp", timestamp: 0 }],
  ["rebalance", "plan", { type: "rebalance", params: { brokers: [1, 2], goals: ["disk", "rack"] } }],
];

describe("OpenAPI document: the validator's cross-field rules are stated in it", () => {
  let test: TestGateway;
  let document: { paths: Record<string, Record<string, Operation>>; components: object };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv
    .addFormat("ipv4", isIPv4)
    .addFormat("ipv6", isIPv6)
    .addFormat("password", true)
    .addFormat("uri", (text: string) => URL.canParse(text));

  before(async () => {
    test = await startTestGateway();
    document = (await (await fetch(`${test.gateway.url}/api/v1/openapi.json`)).json()) as typeof document;
  });
  after(() => test.stop());

  const check = (route: Route, body: unknown) => {
    const [path, method, schema] = ROUTES[route];
    const json = document.paths[path]?.[method]?.requestBody?.content["application/json"].schema;
    expect(json, `${method} ${path}`).to.be.an("object");
    const validate = ajv.compile({ ...(json as object), components: document.components });
    return { document: validate(body), validator: schema.safeParse(body).success, errors: validate.errors };
  };

  for (const [rule, route, body] of REFUSED) {
    it(`refuses, as the validator does: ${rule}`, () => {
      const result = check(route, body);
      expect(result.validator, "the validator refuses it").to.equal(false);
      expect(result.document, "the document refuses it").to.equal(false);
    });
  }

  it("accepts what the validator accepts", () => {
    for (const [name, route, body] of ACCEPTED) {
      const result = check(route, body);
      expect(result.validator, `${name}: validator`).to.equal(true);
      expect(result.document, `${name}: document ${JSON.stringify(result.errors)}`).to.equal(true);
    }
  });
});
