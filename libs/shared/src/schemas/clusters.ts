import { z } from "zod";
import { DateTime, IdSchema, Int32, StringMap } from "./common.js";

export const PROVIDERS = ["external", "agent", "container", "operator-managed"] as const;
export const FLAVORS = ["oss", "managed-a", "managed-b", "managed-c"] as const;
export const SECURITY_PROTOCOLS = ["PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL"] as const;
export const SASL_MECHANISMS = ["", "PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "CLOUD_IAM", "OAUTHBEARER"] as const;
export const SECRET_NAMES = [
  "password",
  "tlsClientCertPem",
  "tlsClientKeyPem",
  "cloudAccessKeyId",
  "cloudSecretAccessKey",
  "cloudSessionToken",
  "oauthToken",
] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

export const ProviderSchema = z.enum(PROVIDERS);
export const FlavorSchema = z.enum(FLAVORS);
export type Provider = z.infer<typeof ProviderSchema>;
export type Flavor = z.infer<typeof FlavorSchema>;

const TLS_PROTOCOLS = new Set(["SSL", "SASL_SSL"]);
const SASL_PROTOCOLS = new Set(["SASL_PLAINTEXT", "SASL_SSL"]);
const PASSWORD_MECHANISMS = new Set(["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"]);

const pem = (kind: string) =>
  z
    .string()
    .max(64 * 1024)
    .regex(/-----BEGIN [A-Z ]+-----/, `must be ${kind} in PEM form`);

export const SecuritySchema = z
  .strictObject({
    protocol: z.enum(SECURITY_PROTOCOLS),
    saslMechanism: z.enum(SASL_MECHANISMS).default(""),
    username: z.string().min(1).max(256).optional(),
    tlsServerName: z
      .string()
      .min(1)
      .max(253)
      .optional()
      .describe("Host name to verify the brokers' certificates against"),
    tlsInsecureSkipVerify: z.boolean().optional().describe("Do not verify the brokers' certificates (tests only)"),
    tlsCaCertPem: pem("a CA certificate").optional(),
    cloudRegion: z
      .string()
      .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, "must be a cloud region such as eu-west-1")
      .optional(),
  })
  .superRefine((security, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const sasl = SASL_PROTOCOLS.has(security.protocol);
    if (sasl && security.saslMechanism === "") issue("saslMechanism", `is required with ${security.protocol}`);
    if (!sasl && security.saslMechanism !== "")
      issue("saslMechanism", `is only allowed with SASL_PLAINTEXT or SASL_SSL`);
    if (PASSWORD_MECHANISMS.has(security.saslMechanism) && !security.username) {
      issue("username", `is required with ${security.saslMechanism}`);
    }
    if (security.saslMechanism === "CLOUD_IAM") {
      if (!security.cloudRegion) issue("cloudRegion", "is required with CLOUD_IAM");
      if (security.protocol !== "SASL_SSL") issue("protocol", "must be SASL_SSL with CLOUD_IAM");
    }
    if (!TLS_PROTOCOLS.has(security.protocol)) {
      for (const field of ["tlsServerName", "tlsInsecureSkipVerify", "tlsCaCertPem"] as const) {
        if (security[field] !== undefined) issue(field, "is only allowed with SSL or SASL_SSL");
      }
    }
  });
export type Security = z.infer<typeof SecuritySchema>;

export const SecretsSchema = z.strictObject({
  password: z.string().min(1).max(1024).optional(),
  tlsClientCertPem: pem("a certificate").optional(),
  tlsClientKeyPem: pem("a private key").optional(),
  cloudAccessKeyId: z.string().min(1).max(256).optional(),
  cloudSecretAccessKey: z.string().min(1).max(1024).optional(),
  cloudSessionToken: z.string().min(1).max(8192).optional(),
  oauthToken: z
    .string()
    .min(1)
    .max(16 * 1024)
    .optional(),
});
export type Secrets = z.infer<typeof SecretsSchema>;

/** Cluster names are typed back to confirm irreversible operations: no spaces, 1–128 characters. */
export const ClusterNameSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/,
    "must be 1-128 letters, digits, '.', '_' or '-', starting with a letter or digit",
  );

export const BootstrapServerSchema = z
  .string()
  .regex(/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/, "must be host:port")
  .refine((server) => {
    const port = Number(server.slice(server.lastIndexOf(":") + 1));
    return port >= 1 && port <= 65535;
  }, "port must be 1-65535");

export const LabelsSchema = z
  .record(
    z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{0,62}$/, "label keys: 1-63 letters, digits, '.', '_', '/', '-'"),
    z.string().max(256),
  )
  .refine((labels) => Object.keys(labels).length <= 32, "at most 32 labels");

/** Provider settings. Known keys are checked; others are kept for the provider. */
export const SettingsSchema = z.looseObject({
  version: z.string().max(64).optional().describe("Broker software version (container and agent clusters)"),
  portBase: Int32.min(1).max(65000).optional().describe("First port of a container cluster's nodes"),
  collectionIntervalSeconds: z
    .number()
    .int()
    .min(5)
    .max(3600)
    .optional()
    .describe("How often the collector reads the cluster (default 30)"),
});

function requireSecretsForMechanism(
  profile: { security: Security; secrets?: Secrets | undefined },
  ctx: z.RefinementCtx,
): void {
  const mechanism = profile.security.saslMechanism;
  const secrets = profile.secrets ?? {};
  const issue = (name: SecretName, message: string) =>
    ctx.addIssue({ code: "custom", path: ["secrets", name], message });
  if (PASSWORD_MECHANISMS.has(mechanism) && !secrets.password) issue("password", `is required with ${mechanism}`);
  if (mechanism === "OAUTHBEARER" && !secrets.oauthToken) issue("oauthToken", "is required with OAUTHBEARER");
  if ((secrets.tlsClientCertPem === undefined) !== (secrets.tlsClientKeyPem === undefined)) {
    issue(secrets.tlsClientCertPem ? "tlsClientKeyPem" : "tlsClientCertPem", "client certificate and key go together");
  }
}

const profileFields = {
  name: ClusterNameSchema,
  provider: ProviderSchema.default("external"),
  flavor: FlavorSchema.default("oss"),
  bootstrapServers: z.array(BootstrapServerSchema).min(1).max(64),
  security: SecuritySchema.default({ protocol: "PLAINTEXT", saslMechanism: "" }),
  secrets: SecretsSchema.optional(),
  labels: LabelsSchema.default({}),
  settings: SettingsSchema.default({}),
};

/** Request body of register (4) and test (5). */
export const ConnectionProfileSchema = z
  .strictObject({ ...profileFields, skipTest: z.boolean().default(false) })
  .superRefine(requireSecretsForMechanism);
export type ConnectionProfile = z.infer<typeof ConnectionProfileSchema>;

/** PATCH /clusters/{id}: every field optional; secrets given replace the stored ones, absent ones are kept. */
export const ClusterPatchSchema = z
  .strictObject({
    name: ClusterNameSchema.optional(),
    provider: ProviderSchema.optional(),
    flavor: FlavorSchema.optional(),
    bootstrapServers: profileFields.bootstrapServers.optional(),
    security: SecuritySchema.optional(),
    secrets: SecretsSchema.optional(),
    labels: LabelsSchema.optional(),
    settings: SettingsSchema.optional(),
    skipTest: z.boolean().default(false),
  })
  .refine((patch) => Object.keys(patch).some((key) => key !== "skipTest"), "give at least one field to change");
export type ClusterPatch = z.infer<typeof ClusterPatchSchema>;

export const ClusterSchema = z.object({
  id: IdSchema,
  name: z.string(),
  provider: ProviderSchema,
  flavor: FlavorSchema,
  bootstrapServers: z.array(z.string()),
  security: z.object({
    protocol: z.enum(SECURITY_PROTOCOLS),
    saslMechanism: z.enum(SASL_MECHANISMS).optional(),
    username: z.string().optional(),
    tlsServerName: z.string().optional(),
    tlsInsecureSkipVerify: z.boolean().optional(),
    tlsCaCertPem: z.string().optional(),
    cloudRegion: z.string().optional(),
  }),
  labels: StringMap.optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  brokerClusterId: z.string(),
  secretsSet: z.array(z.enum(SECRET_NAMES)).describe("Which secrets are stored; their values are never returned"),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type Cluster = z.infer<typeof ClusterSchema>;

export const ConnectionTestResultSchema = z.object({
  ok: z.boolean(),
  brokers: z.number().int(),
  clusterId: z.string().optional(),
  error: z.string().optional(),
});
export type ConnectionTestResult = z.infer<typeof ConnectionTestResultSchema>;
