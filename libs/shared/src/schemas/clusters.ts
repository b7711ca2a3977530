import { z } from "zod";
import {
  BrokerIdSchema,
  DateTimeSchema,
  IdSchema,
  Int32Schema,
  NOT_RESERVED_KEY,
  PortSchema,
  RESERVED_KEYS,
  reservedKeyRefused,
  StringMapSchema,
} from "./common.js";
import { ContainerSettingSchema } from "./container-settings.js";
import { checkRules, type FieldCondition, type FieldRule, jsonRules, type RuleMessage } from "./field-rules.js";
import { JvmOptionsSchema } from "./jvm-options.js";
import { KubernetesSettingSchema } from "./kubernetes-settings.js";
import {
  FLAVORS,
  PASSWORD_MECHANISMS as PASSWORD_MECHANISM_LIST,
  PROVIDERS,
  SASL_MECHANISMS,
  SECURITY_PROTOCOLS,
} from "./lists.js";

export const SECRET_NAMES = [
  "password",
  "tlsClientCertPem",
  "tlsClientKeyPem",
  "cloudAccessKeyId",
  "cloudSecretAccessKey",
  "cloudSessionToken",
  "oauthToken",
  "kubeconfig",
] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

/**
 * What each node provider kind is, as data: who acts on its nodes (the service through node actions, its operator
 * through resources, or nobody), who the plans name as acting, where new nodes go, the settings key it owns and those
 * it needs, and the secrets only it uses. The profile's schema and the plan builders read this table; what the
 * service does with each kind at run time is its module in @kcp/providers (PROVIDER_MODULES).
 */
export interface ProviderTraits {
  nodeActions: "none" | "nodes" | "operator";
  /** Who a plan names as acting on the nodes (kinds whose node actions the service takes). */
  actors?: { name: string; pronoun: "they" | "it" };
  /** Where new nodes go: the agents' provisioning sections, or new containers on the port base. */
  placement?: "agents" | "containers";
  /** What a node's new version comes as: a Kafka release installed beside the others, or an image. */
  installs?: "release" | "image";
  settings?: { key: "agents" | "container" | "kubernetes"; needs: readonly (keyof Settings)[]; why: string };
  secrets: readonly SecretName[];
}

export const PROVIDER_TRAITS: Readonly<Record<(typeof PROVIDERS)[number], ProviderTraits>> = {
  external: { nodeActions: "none", secrets: [] },
  agent: {
    nodeActions: "nodes",
    actors: { name: "node agents", pronoun: "they" },
    placement: "agents",
    installs: "release",
    settings: { key: "agents", needs: ["agents"], why: "which agent serves which node ids" },
    secrets: [],
  },
  container: {
    nodeActions: "nodes",
    actors: { name: "container engine", pronoun: "it" },
    placement: "containers",
    installs: "image",
    settings: { key: "container", needs: ["container", "portBase"], why: "the engine and the nodes' ports" },
    secrets: [],
  },
  "operator-managed": {
    nodeActions: "operator",
    settings: { key: "kubernetes", needs: ["kubernetes"], why: "the namespace and name of the Strimzi Kafka resource" },
    secrets: ["kubeconfig"],
  },
};

/** The traits of a kind; a kind not known here (a record of a newer version) is treated as external. */
export function providerTraits(provider: string | undefined): ProviderTraits {
  return PROVIDER_TRAITS[(provider ?? "external") as (typeof PROVIDERS)[number]] ?? PROVIDER_TRAITS.external;
}

export const ProviderSchema = z.enum(PROVIDERS);
export const FlavorSchema = z.enum(FLAVORS);
export const SecurityProtocolSchema = z.enum(SECURITY_PROTOCOLS);
export const SaslMechanismSchema = z.enum(SASL_MECHANISMS);
export type Provider = z.infer<typeof ProviderSchema>;
export type Flavor = z.infer<typeof FlavorSchema>;
export type SecurityProtocol = z.infer<typeof SecurityProtocolSchema>;
export type SaslMechanism = z.infer<typeof SaslMechanismSchema>;

const TLS_FIELDS = ["tlsServerName", "tlsInsecureSkipVerify", "tlsCaCertPem"] as const;

const pem = (kind: string) =>
  z
    .string()
    .max(64 * 1024)
    .regex(/-----BEGIN [A-Z0-9 ]+-----/, `must be ${kind} in PEM form`);

const securityFields = {
  protocol: SecurityProtocolSchema,
  saslMechanism: SaslMechanismSchema.default("").describe('"" = no SASL (PLAINTEXT and SSL)'),
  username: z.string().min(1).max(256).optional().describe("SASL username of PLAIN and SCRAM"),
  tlsServerName: z
    .string()
    .min(1)
    .max(253)
    .optional()
    .describe("Host name to verify the brokers' certificates against (SNI)"),
  tlsInsecureSkipVerify: z.boolean().optional().describe("Do not verify the brokers' certificates (tests only)"),
  tlsCaCertPem: pem("a CA certificate").optional().describe("CA certificates (PEM) to trust instead of the system's"),
  cloudRegion: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d{1,2}$/, "must be a cloud region such as eu-west-1")
    .optional()
    .describe("Region of the cloud IAM signer (CLOUD_IAM)"),
};

const TLS_PROTOCOL_LIST = ["SSL", "SASL_SSL"] as const;
const SASL_PROTOCOL_LIST = ["SASL_PLAINTEXT", "SASL_SSL"] as const;

/**
 * Cross-field rules (docs/api-schemas.md): SASL protocols need a mechanism and the others refuse one; `username`
 * belongs to PLAIN/SCRAM; CLOUD_IAM needs SASL_SSL and `cloudRegion`, which nothing else takes; `tls*` fields only
 * with SSL/SASL_SSL.
 */
const SECURITY_RULES: readonly FieldRule<{ protocol: string; saslMechanism: string }>[] = [
  {
    when: { path: ["protocol"], oneOf: SASL_PROTOCOL_LIST },
    require: [
      { given: ["saslMechanism"], except: [""], message: (security) => `is required with ${security.protocol}` },
    ],
    otherwise: [{ field: ["saslMechanism"], oneOf: [""], message: "is only allowed with SASL_PLAINTEXT or SASL_SSL" }],
  },
  {
    when: { path: ["saslMechanism"], oneOf: PASSWORD_MECHANISM_LIST },
    require: [{ given: ["username"], message: (security) => `is required with ${security.saslMechanism}` }],
    otherwise: [{ absent: [["username"]], message: "is only used by the PLAIN and SCRAM mechanisms" }],
  },
  {
    when: { path: ["saslMechanism"], oneOf: ["CLOUD_IAM"] },
    require: [
      { given: ["cloudRegion"], message: "is required with CLOUD_IAM" },
      { field: ["protocol"], oneOf: ["SASL_SSL"], message: "must be SASL_SSL with CLOUD_IAM" },
    ],
    otherwise: [{ absent: [["cloudRegion"]], message: "is only used by CLOUD_IAM" }],
  },
  {
    when: { path: ["protocol"], oneOf: TLS_PROTOCOL_LIST, not: true },
    require: [{ absent: TLS_FIELDS.map((field) => [field]), message: "is only allowed with SSL or SASL_SSL" }],
  },
];

/** The security settings, their cross-field rules (SECURITY_RULES) checked and stated in the OpenAPI document. */
export const SecuritySchema = z
  .strictObject(securityFields)
  .superRefine(checkRules(SECURITY_RULES))
  .meta(jsonRules(SECURITY_RULES));
export type Security = z.infer<typeof SecuritySchema>;

const secretFields = {
  password: z.string().min(1).max(1024).meta({ format: "password" }).describe("SASL password of PLAIN and SCRAM"),
  tlsClientCertPem: pem("a certificate").describe("Client certificate (PEM) for mutual TLS"),
  tlsClientKeyPem: pem("a private key").describe("Private key (PEM) of the client certificate"),
  cloudAccessKeyId: z.string().min(1).max(256).describe("CLOUD_IAM key id (default: the signer's credential chain)"),
  cloudSecretAccessKey: z.string().min(1).max(1024).meta({ format: "password" }),
  cloudSessionToken: z
    .string()
    .min(1)
    .max(8 * 1024)
    .meta({ format: "password" }),
  oauthToken: z
    .string()
    .min(1)
    .max(16 * 1024)
    .meta({ format: "password" })
    .describe("Bearer token of OAUTHBEARER"),
  kubeconfig: z
    .string()
    .min(1)
    .max(64 * 1024)
    .meta({ format: "password" })
    .describe(
      "A kubeconfig (YAML or JSON) for the Kubernetes API of an operator-managed cluster; without it, the service's own service account",
    ),
};

/** Secrets that go together: each of a pair needs the other; a session token needs its key id. */
const together = (a: SecretName, b: SecretName, message: string): FieldRule<unknown>[] => [
  { when: { path: [a] }, require: [{ given: [b], message }] },
  { when: { path: [b] }, require: [{ given: [a], message }] },
];
const SECRET_PAIR_RULES: readonly FieldRule<unknown>[] = [
  ...together("tlsClientCertPem", "tlsClientKeyPem", "the client certificate and its key go together"),
  ...together("cloudAccessKeyId", "cloudSecretAccessKey", "cloudAccessKeyId and cloudSecretAccessKey go together"),
  {
    when: { path: ["cloudSessionToken"] },
    require: [{ given: ["cloudAccessKeyId"], message: "is required with cloudSessionToken" }],
  },
];

/** Write-only: stored encrypted, never returned (a cluster says only which are set, in `secretsSet`). */
export const SecretsSchema = z
  .strictObject({
    password: secretFields.password.optional(),
    tlsClientCertPem: secretFields.tlsClientCertPem.optional(),
    tlsClientKeyPem: secretFields.tlsClientKeyPem.optional(),
    cloudAccessKeyId: secretFields.cloudAccessKeyId.optional(),
    cloudSecretAccessKey: secretFields.cloudSecretAccessKey.optional(),
    cloudSessionToken: secretFields.cloudSessionToken.optional(),
    oauthToken: secretFields.oauthToken.optional(),
    kubeconfig: secretFields.kubeconfig.optional(),
  })
  .meta(jsonRules(SECRET_PAIR_RULES));
export type Secrets = z.infer<typeof SecretsSchema>;

/** In a patch a secret is replaced when given, removed when null, kept when absent. */
export const SecretsPatchSchema = z.strictObject({
  password: secretFields.password.nullable().optional(),
  tlsClientCertPem: secretFields.tlsClientCertPem.nullable().optional(),
  tlsClientKeyPem: secretFields.tlsClientKeyPem.nullable().optional(),
  cloudAccessKeyId: secretFields.cloudAccessKeyId.nullable().optional(),
  cloudSecretAccessKey: secretFields.cloudSecretAccessKey.nullable().optional(),
  cloudSessionToken: secretFields.cloudSessionToken.nullable().optional(),
  oauthToken: secretFields.oauthToken.nullable().optional(),
  kubeconfig: secretFields.kubeconfig.nullable().optional(),
});
export type SecretsPatch = z.infer<typeof SecretsPatchSchema>;

/** Cluster names are typed back to confirm irreversible operations: no spaces, 1–128 characters. */
export const ClusterNameSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/,
    "must be 1-128 letters, digits, '.', '_' or '-', starting with a letter or digit",
  );

const LABEL = "[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const HOST = String.raw`(\[[0-9A-Fa-f:.]+\]|${LABEL}(\.${LABEL})*)`;

/** `host:port`: a DNS name or IPv4 address, or an IPv6 address in brackets; port 1–65535. */
const PORT = "([1-9]\\d{0,3}|[1-5]\\d{4}|6[0-4]\\d{3}|65[0-4]\\d{2}|655[0-2]\\d|6553[0-5])";
export const BootstrapServerSchema = z
  .string()
  .max(300)
  .regex(new RegExp(`^${HOST}:\\d{1,5}$`), "must be host:port")
  .refine((server) => {
    const port = Number(server.slice(server.lastIndexOf(":") + 1));
    return port >= 1 && port <= 65535;
  }, "port must be 1-65535")
  .meta({ pattern: `^${HOST}:${PORT}$` });

export const LabelsSchema = z
  .record(
    z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{0,62}$/, "label keys: 1-63 letters, digits, '.', '_', '/', '-'")
      .refine(reservedKeyRefused, "is a reserved name")
      .meta({ pattern: `^${NOT_RESERVED_KEY}[A-Za-z0-9][A-Za-z0-9._/-]{0,62}$` }),
    z.string().max(256, "label values: at most 256 characters"),
  )
  .refine((labels) => Object.keys(labels).length <= 32, "at most 32 labels")
  .meta({ maxProperties: 32 });

/**
 * Bounds of `settings.agents`: every collection asks each agent twice, so a cluster's agents are bounded (64), and so
 * are the node ids one agent runs (16: a host runs a few nodes).
 */
export const MAX_AGENTS_PER_CLUSTER = 64;
export const MAX_NODES_PER_AGENT = 16;

/** An agent's name: its `AGENT_ID`, the audience of every command token signed for it (docs/node-agent.md). */
export const AgentIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, "must be 1-128 letters, digits, '.', '_' or '-', starting with one");

/** An absolute folder written as the OS would normalize it: no `.` or `..` part, no empty part, not the root. */
function isNormalFolder(path: string): boolean {
  const parts = path.split("/").slice(1);
  return parts.length > 0 && parts.every((part) => part !== "" && part !== "." && part !== "..");
}

/**
 * Where provisionNodes puts new nodes on an agent's host (docs/operations.md, "provisionNodes"): the node ids it may
 * give them (a range this agent alone serves), the ports their listeners may take, the folder under which each gets
 * its data dir, the host name they advertise, their JVM options.
 */
export const AgentProvisioningSchema = z
  .strictObject({
    nodeIds: z
      .strictObject({ from: BrokerIdSchema, to: BrokerIdSchema })
      .refine((range) => range.from <= range.to, "from must not be above to")
      .describe("The ids new nodes on this agent may take (inclusive); the agent serves every id of the range"),
    ports: z
      .array(PortSchema)
      .min(1)
      .max(1024)
      .refine((ports) => new Set(ports).size === ports.length, "must not repeat a port")
      .meta({ uniqueItems: true })
      .describe("Ports of this host kept for new nodes' listeners (one per listener; a port any node uses is skipped)"),
    dataDir: z
      .string()
      .regex(/^\/[^,\s]*$/, "must be an absolute path")
      .max(1024)
      .refine(isNormalFolder, "must be a normalized folder: no '.' or '..' part, no '//', no trailing '/', not /")
      .meta({ pattern: "^(/(?!\\.\\.?(/|$))[^,\\s/]+)+$" })
      .describe(
        "Absolute folder on the agent's host, under one of its AGENT_DATA_ROOTS (the agent refuses others); a new node's data dirs go under <dataDir>/<node id>/",
      ),
    host: z
      .string()
      .regex(/^[A-Za-z0-9]([A-Za-z0-9.-]{0,252})?$/, "must be a host name or IPv4 address")
      .optional()
      .describe("The host name new nodes advertise (default: the host of the agent's url)"),
    jvmOptions: JvmOptionsSchema.optional().describe(
      "JVM options of new nodes, of the allow-list (docs/node-agent.md); default: the agent's, 1 GB of heap",
    ),
  })
  .describe("This agent takes new nodes (provisionNodes): where they go on its host");
export type AgentProvisioning = z.infer<typeof AgentProvisioningSchema>;

/** One node agent of an `agent` cluster: where its API listens, its id, and the Kafka node ids it runs. */
export const AgentEndpointSchema = z.strictObject({
  url: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .max(2048)
    .describe(
      "Base URL of the agent's API, e.g. https://kafka-1.internal:9700 (the API is under /v1); must be the URL the " +
        "service's AGENT_URLS pins for this agent id (https:// only), else the cluster is refused (422)",
    ),
  agentId: AgentIdSchema.describe(
    "The agent's AGENT_ID: the audience of its command tokens; the service's AGENT_URLS must pin it",
  ),
  nodeIds: z
    .array(BrokerIdSchema)
    .max(MAX_NODES_PER_AGENT)
    .refine((ids) => new Set(ids).size === ids.length, "must not repeat a node")
    .meta({ uniqueItems: true })
    .describe(
      `The Kafka node ids this agent runs (at most ${MAX_NODES_PER_AGENT}: a host runs a few nodes); a node is served by one agent only. Empty only for an agent with provisioning`,
    ),
  provisioning: AgentProvisioningSchema.optional(),
});
export type AgentEndpoint = z.infer<typeof AgentEndpointSchema>;

/** Whether an agent of the settings serves node `nodeId`: listed in its nodeIds, or in its provisioning range. */
export function agentServes(agent: Pick<AgentEndpoint, "nodeIds" | "provisioning">, nodeId: number): boolean {
  const range = agent.provisioning?.nodeIds;
  return agent.nodeIds.includes(nodeId) || (range !== undefined && nodeId >= range.from && nodeId <= range.to);
}

/**
 * `settings.agents` of a cluster whose provider is `agent`: which agent serves which node ids. Required with that
 * provider and refused with the others (checkProviderSettings). An agent id, and a node id, appear once across the list (stated
 * in the description: JSON Schema cannot say it of nested fields).
 */
export const AgentsSettingSchema = z
  .array(AgentEndpointSchema)
  .min(1)
  .max(MAX_AGENTS_PER_CLUSTER)
  .superRefine((agents, ctx) => {
    const agentIds = new Set<string>();
    const servedBy = new Map<number, string>();
    const ranges: { agentId: string; from: number; to: number }[] = [];
    agents.forEach((agent, index) => {
      if (agent.nodeIds.length === 0 && !agent.provisioning)
        ctx.addIssue({
          code: "custom",
          path: [index, "nodeIds"],
          message: "is empty: an agent without nodes needs provisioning",
        });
      const range = agent.provisioning?.nodeIds;
      if (range) {
        const overlap = ranges.find((r) => r.from <= range.to && range.from <= r.to);
        if (overlap)
          ctx.addIssue({
            code: "custom",
            path: [index, "provisioning", "nodeIds"],
            message: `overlaps the provisioning range of agent ${overlap.agentId}`,
          });
        ranges.push({ agentId: agent.agentId, ...range });
      }
      if (agentIds.has(agent.agentId))
        ctx.addIssue({ code: "custom", path: [index, "agentId"], message: `repeats agent ${agent.agentId}` });
      agentIds.add(agent.agentId);
      for (const nodeId of agent.nodeIds) {
        const other = servedBy.get(nodeId);
        if (other !== undefined && other !== agent.agentId)
          ctx.addIssue({
            code: "custom",
            path: [index, "nodeIds"],
            message: `node ${nodeId} is already served by agent ${other}`,
          });
        servedBy.set(nodeId, agent.agentId);
      }
    });
    agents.forEach((agent, index) => {
      for (const nodeId of agent.nodeIds) {
        const range = ranges.find((r) => r.agentId !== agent.agentId && nodeId >= r.from && nodeId <= r.to);
        if (range)
          ctx.addIssue({
            code: "custom",
            path: [index, "nodeIds"],
            message: `node ${nodeId} is in the provisioning range of agent ${range.agentId}`,
          });
      }
    });
  })
  .describe(
    `Which node agent serves which Kafka node ids (provider agent only, and required there): at most ${MAX_AGENTS_PER_CLUSTER} agents, each asked at every collection. Each agentId appears ` +
      "once, and each node id in one agent's nodeIds or provisioning range only.",
  );

/** Provider settings. Known keys are checked; others are kept for the provider. */
export const SettingsSchema = z
  .looseObject({
    agents: AgentsSettingSchema.optional(),
    container: ContainerSettingSchema.optional(),
    kubernetes: KubernetesSettingSchema.optional(),
    version: z.string().max(64).optional().describe("Broker software version (container and agent clusters)"),
    portBase: Int32Schema.min(1).max(65000).optional().describe("First port of a container cluster's nodes"),
    collectionIntervalSeconds: z
      .number()
      .int()
      .min(5)
      .max(3600)
      .optional()
      .describe("How often the collector reads the cluster (default 30)"),
  })
  .superRefine((settings, ctx) => {
    for (const key of Object.keys(settings))
      if (!reservedKeyRefused(key)) ctx.addIssue({ code: "custom", path: [key], message: "is a reserved name" });
  })
  .meta({ propertyNames: { not: { enum: [...RESERVED_KEYS] } } });
export type Settings = z.infer<typeof SettingsSchema>;

/** What the profile's rules read of it (the parsed body: `provider` and `security` have their defaults). */
type ProfileFacts = { provider: string; security: { protocol: string; saslMechanism: string } };

const mechanismIs = (values: readonly string[]): FieldCondition => ({
  path: ["security", "saslMechanism"],
  oneOf: values,
});

/** The security settings each secret is used with (a provider kind's own secrets are used with that kind only). */
const SECRET_USE: Partial<Record<SecretName, FieldCondition>> = {
  password: mechanismIs(PASSWORD_MECHANISM_LIST),
  tlsClientCertPem: { path: ["security", "protocol"], oneOf: TLS_PROTOCOL_LIST },
  tlsClientKeyPem: { path: ["security", "protocol"], oneOf: TLS_PROTOCOL_LIST },
  cloudAccessKeyId: mechanismIs(["CLOUD_IAM"]),
  cloudSecretAccessKey: mechanismIs(["CLOUD_IAM"]),
  cloudSessionToken: mechanismIs(["CLOUD_IAM"]),
  oauthToken: mechanismIs(["OAUTHBEARER"]),
};

/**
 * A secret given where it is not used is refused rather than stored: one rule per secret, in SECRET_NAMES order
 * (neighbours used alike share one). The secrets a provider kind owns (PROVIDER_TRAITS) are used with it only.
 */
function secretUseRules(): FieldRule<ProfileFacts>[] {
  const rules: (FieldRule<ProfileFacts> & { when: FieldCondition; key: string })[] = [];
  for (const name of SECRET_NAMES) {
    const owners = PROVIDERS.filter((provider) => PROVIDER_TRAITS[provider].secrets.includes(name));
    const use = owners.length > 0 ? { path: ["provider"], oneOf: owners } : SECRET_USE[name];
    if (!use) continue;
    const message: RuleMessage<ProfileFacts> =
      owners.length > 0
        ? `is only used by provider ${owners[0]}`
        : ({ security }) => `is not used with protocol ${security.protocol} and mechanism "${security.saslMechanism}"`;
    const key = JSON.stringify(use);
    const previous = rules.at(-1);
    const requirement = previous?.require[0];
    if (previous?.key === key && requirement && "absent" in requirement)
      previous.require = [{ ...requirement, absent: [...requirement.absent, ["secrets", name]] }];
    else rules.push({ key, when: { ...use, not: true }, require: [{ absent: [["secrets", name]], message }] });
  }
  return rules.map(({ key: _, ...rule }) => rule);
}

/**
 * The secrets a profile needs and those it refuses, by its security settings and provider: the password of PLAIN and
 * SCRAM, the token of OAUTHBEARER; nothing a setting does not use (SECRET_USE).
 */
const PROFILE_SECRET_RULES: readonly FieldRule<ProfileFacts>[] = [
  {
    when: mechanismIs(PASSWORD_MECHANISM_LIST),
    require: [
      { given: ["secrets", "password"], message: ({ security }) => `is required with ${security.saslMechanism}` },
    ],
  },
  {
    when: mechanismIs(["OAUTHBEARER"]),
    require: [{ given: ["secrets", "oauthToken"], message: "is required with OAUTHBEARER" }],
  },
  ...secretUseRules(),
];

function checkSecrets(profile: ProfileFacts, ctx: z.RefinementCtx): void {
  checkRules(PROFILE_SECRET_RULES)(profile, ctx);
  checkRules(SECRET_PAIR_RULES, ["secrets"])(profile, ctx);
}

/** Settings keys that belong to one provider, which needs them; the other providers refuse them (PROVIDER_TRAITS). */
const PROVIDER_SETTINGS_RULES: readonly FieldRule<ProfileFacts>[] = PROVIDERS.flatMap((provider) => {
  const settings = PROVIDER_TRAITS[provider].settings;
  if (!settings) return [];
  return [
    {
      when: { path: ["provider"], oneOf: [provider] },
      require: settings.needs.map((needed) => ({
        given: ["settings", needed],
        message: `is required with provider ${provider}: ${settings.why}`,
      })),
      otherwise: [{ absent: [["settings", settings.key]], message: `is only used by provider ${provider}` }],
    },
  ];
});

const profileFields = {
  name: ClusterNameSchema,
  provider: ProviderSchema.default("external"),
  flavor: FlavorSchema.default("oss"),
  bootstrapServers: z.array(BootstrapServerSchema).min(1, "give at least one host:port").max(64),
  security: SecuritySchema.default({ protocol: "PLAINTEXT", saslMechanism: "" }),
  secrets: SecretsSchema.optional(),
  labels: LabelsSchema.default({}),
  settings: SettingsSchema.default({}),
};

/**
 * Request body of register (4) and test (5). The secrets rules also hold for a stored profile merged with a patch:
 * parse the merged profile (with its decrypted secrets) through this schema.
 */
export const ConnectionProfileSchema = z
  .strictObject({
    ...profileFields,
    skipTest: z.boolean().default(false).describe("Register without testing the connection first"),
  })
  .superRefine(checkSecrets)
  .superRefine(checkRules(PROVIDER_SETTINGS_RULES))
  .meta(jsonRules([...PROFILE_SECRET_RULES, ...PROVIDER_SETTINGS_RULES]));
export type ConnectionProfile = z.infer<typeof ConnectionProfileSchema>;

/** A patch changes something: skipTest and keepSecrets alone change nothing. */
const PATCH_RULES: readonly FieldRule<unknown>[] = [
  {
    require: [
      {
        anyGiven: ["name", "provider", "flavor", "bootstrapServers", "security", "secrets", "labels", "settings"].map(
          (field) => [field],
        ),
        message: "give at least one field to change",
      },
    ],
  },
];

/** PATCH /clusters/{id}: every field optional; secrets given replace the stored ones, null removes one. */
export const ClusterPatchSchema = z
  .strictObject({
    name: ClusterNameSchema.optional(),
    provider: ProviderSchema.optional(),
    flavor: FlavorSchema.optional(),
    bootstrapServers: profileFields.bootstrapServers.optional(),
    security: SecuritySchema.optional(),
    secrets: SecretsPatchSchema.optional(),
    labels: LabelsSchema.optional(),
    settings: SettingsSchema.optional(),
    skipTest: z.boolean().default(false).describe("Save without testing the changed connection first"),
    keepSecrets: z
      .boolean()
      .default(false)
      .describe(
        "Admin only: keep the stored secrets although the change moves where or how the cluster is reached " +
          "(bootstrap servers, security, provider, settings.kubernetes.context). Refused when the change weakens " +
          "how the secrets travel; no connection test runs (docs/api.md, Clusters).",
      ),
  })
  .superRefine(checkRules(PATCH_RULES))
  .meta(jsonRules(PATCH_RULES));
export type ClusterPatch = z.infer<typeof ClusterPatchSchema>;

/** The security object as returned: no secrets, no cross-field checks. */
export const SecurityViewSchema = z.object({ ...securityFields, saslMechanism: SaslMechanismSchema.optional() });

export const ClusterSchema = z.object({
  id: IdSchema,
  name: z.string(),
  provider: ProviderSchema,
  flavor: FlavorSchema,
  bootstrapServers: z.array(z.string()),
  security: SecurityViewSchema,
  labels: StringMapSchema.optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  brokerClusterId: z.string().describe("The cluster id Kafka reports"),
  secretsSet: z.array(z.enum(SECRET_NAMES)).describe("Which secrets are stored; their values are never returned"),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type Cluster = z.infer<typeof ClusterSchema>;

/** What a cluster record keeps of a profile of provider kind `K` besides name, labels and settings: secret names only. */
export interface StoredProfileOf<K extends Provider> {
  provider: K;
  flavor: Flavor;
  bootstrapServers: string[];
  security: Security;
  secretsSet: SecretName[];
}

/**
 * The profile a cluster record keeps, one variant per provider kind (`provider` tells which): what the registry writes
 * (`newClusterRecord`) and every reader of a record reads, without a cast.
 */
export type StoredProfile = { [K in Provider]: StoredProfileOf<K> }[Provider];

/** DELETE /clusters/{id}: what was forgotten. */
export const DeleteClusterResponseSchema = z.object({ deleted: z.object({ id: IdSchema, name: z.string() }) });

/** Result of test (5): also returned (200) for a failed connection, then with `ok: false` and `error`. */
export const ConnectionTestResultSchema = z.object({
  ok: z.boolean(),
  brokers: z.number().int().min(0).describe("How many brokers answered"),
  clusterId: z.string().optional(),
  error: z.string().optional(),
});
export type ConnectionTestResult = z.infer<typeof ConnectionTestResultSchema>;
