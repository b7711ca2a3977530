import { type paths, unwrap } from "@kcp/api-client";
import { FLAVORS, PROVIDERS, type SASL_MECHANISMS, SECURITY_PROTOCOLS } from "@kcp/shared/lists";
import { type Body, commaList, flag, keyValues, list, positional, text } from "../args.js";
import { type Context, clusterNamed, print, readMapping, readSecret, typedBack } from "../context.js";
import { UsageError } from "../exit-codes.js";
import { table } from "../output.js";
import type { Args, CommandSpec, OptionSpec } from "../spec.js";
import { CLUSTER_LIST_OPTIONS, clusters as listClusters } from "./reads.js";

type Profile = Body<"/api/v1/clusters", "post">;
type Patch = Body<"/api/v1/clusters/{id}", "patch">;

/** The SASL mechanisms in the order the help lists them (the contract's, without the empty one). */
const MECHANISMS = [
  "PLAIN",
  "SCRAM-SHA-256",
  "SCRAM-SHA-512",
  "OAUTHBEARER",
  "CLOUD_IAM",
] as const satisfies readonly (typeof SASL_MECHANISMS)[number][];

/** The connection options register, change and test share; none of them carries a secret. */
const PROFILE_OPTIONS: Record<string, OptionSpec> = {
  bootstrap: { type: "string", value: "HOST:PORT,..", help: "the bootstrap servers, comma-separated" },
  provider: {
    type: "string",
    value: "P",
    values: PROVIDERS,
    help: "how its nodes are run",
  },
  flavor: {
    type: "string",
    value: "F",
    values: FLAVORS,
    help: "the distribution",
  },
  protocol: { type: "string", value: "P", values: SECURITY_PROTOCOLS, help: "the security protocol" },
  "sasl-mechanism": { type: "string", value: "M", values: MECHANISMS, help: "the SASL mechanism" },
  "sasl-username": { type: "string", value: "USER", help: "the SASL username (PLAIN, SCRAM)" },
  label: { type: "string", multiple: true, value: "K=V", help: "a label (change: the labels replace all of them)" },
  "profile-file": {
    type: "string",
    value: "FILE",
    help: "a YAML or JSON connection profile (any field, secrets too: password, tlsClientKeyPem, ..); - is stdin",
  },
  "password-stdin": { type: "boolean", help: "the SASL password from standard input (else $KCP_SASL_PASSWORD)" },
  "skip-test": { type: "boolean", help: "save without testing the connection first" },
};

/**
 * The profile the options and files describe: the profile file first (it may hold secrets), the options over it, and
 * the SASL password from standard input (--password-stdin) or $KCP_SASL_PASSWORD. No secret comes from an argument.
 */
async function profileFrom(context: Context, args: Args): Promise<Record<string, unknown>> {
  const file = text(args, "profile-file");
  let profile: Record<string, unknown> = {};
  if (file) profile = await readMapping(context, file, "a connection profile");
  const bootstrap = text(args, "bootstrap");
  if (bootstrap) profile.bootstrapServers = commaList(bootstrap);
  for (const [option, field] of [
    ["provider", "provider"],
    ["flavor", "flavor"],
  ] as const) {
    const value = text(args, option);
    if (value) profile[field] = value;
  }
  const security = { ...((profile.security as Record<string, unknown> | undefined) ?? {}) };
  const protocol = text(args, "protocol");
  const mechanism = text(args, "sasl-mechanism");
  const username = text(args, "sasl-username");
  if (protocol) security.protocol = protocol;
  if (mechanism) security.saslMechanism = mechanism;
  if (username) security.username = username;
  if (Object.keys(security).length > 0) profile.security = security;
  const labels = list(args, "label");
  if (labels.length > 0) profile.labels = keyValues(labels, "--label");
  if (flag(args, "skip-test")) profile.skipTest = true;
  if (flag(args, "password-stdin") && file === "-")
    throw new UsageError("Standard input holds the profile file: put the password in it instead of --password-stdin");
  // $KCP_SASL_PASSWORD applies only where the profile names a mechanism with a password (PLAIN, SCRAM): exported
  // in a shell, it must not make a PLAINTEXT registration carry a secret the service refuses.
  const withPassword = /^(PLAIN|SCRAM-SHA-256|SCRAM-SHA-512)$/.test(String(security.saslMechanism ?? ""));
  const password = flag(args, "password-stdin")
    ? await readSecret(context, "SASL password", {})
    : withPassword
      ? context.env.KCP_SASL_PASSWORD
      : undefined;
  if (password) profile.secrets = { ...((profile.secrets as object | undefined) ?? {}), password };
  return profile;
}

type View = paths["/api/v1/clusters/{id}"]["get"]["responses"][200]["content"]["application/json"];

function describeCluster(v: View): string {
  const { cluster, health } = v;
  const n = (value: number | undefined) => (value === undefined ? "-" : String(value));
  const lines = [
    `${cluster.name} (${cluster.id}): ${health.status}`,
    `  bootstrap:   ${cluster.bootstrapServers.join(",")}`,
    `  provider:    ${cluster.provider} (${cluster.flavor})`,
    `  security:    ${cluster.security.protocol}${cluster.security.saslMechanism ? ` ${cluster.security.saslMechanism}` : ""}${cluster.security.username ? ` as ${cluster.security.username}` : ""}`,
    `  secrets set: ${cluster.secretsSet.join(", ") || "none"}`,
    `  labels:      ${
      Object.entries(cluster.labels ?? {})
        .map(([k, l]) => `${k}=${l}`)
        .join(",") || "-"
    }`,
    `  kafka id:    ${cluster.brokerClusterId || "-"}`,
    `  brokers ${n(health.brokersAlive)}/${n(health.brokers)} alive, ${n(health.topics)} topics, ${n(health.partitions)} partitions: ${n(health.offlinePartitions)} offline, ${n(health.underReplicated)} under-replicated, ${n(health.underMinIsr)} under min ISR`,
    `  metadata version ${health.metadataVersion ?? "-"}, collected ${v.updatedAt}`,
  ];
  if (health.issues.length > 0)
    lines.push(
      table(
        ["SEVERITY", "ISSUE", "MESSAGE"],
        health.issues.map((i) => [i.severity, i.code, i.message]),
      ),
    );
  else lines.push("No issues.");
  for (const note of v.capabilities.notes) lines.push(`Not offered: ${note}`);
  return lines.join("\n");
}

async function show(context: Context, args: Args) {
  const { id } = await clusterNamed(context, positional(args, 0));
  const view = unwrap(
    await context.client.GET("/api/v1/clusters/{id}", { params: { path: { id }, query: { snapshot: "none" } } }),
  );
  print(context, view, () => describeCluster(view));
  return undefined;
}

async function overview(context: Context) {
  const answer = unwrap(await context.client.GET("/api/v1/overview"));
  const sum = (pick: (health: View["health"]) => number | undefined) =>
    answer.clusters.reduce((total, view) => total + (pick(view.health) ?? 0), 0);
  print(context, answer, () =>
    [
      table(
        ["NAME", "STATUS", "BROKERS", "TOPICS", "PARTITIONS", "OFFLINE", "UNDER-REPLICATED", "ISSUES"],
        answer.clusters.map(({ cluster, health }) => [
          cluster.name,
          health.status,
          `${health.brokersAlive ?? "-"}/${health.brokers ?? "-"}`,
          String(health.topics ?? "-"),
          String(health.partitions ?? "-"),
          String(health.offlinePartitions ?? "-"),
          String(health.underReplicated ?? "-"),
          String(health.issues.length),
        ]),
      ),
      `${answer.clusters.length} clusters: ${sum((h) => h.brokersAlive)}/${sum((h) => h.brokers)} brokers alive, ${sum((h) => h.topics)} topics, ${sum((h) => h.offlinePartitions)} offline and ${sum((h) => h.underReplicated)} under-replicated partitions`,
    ].join("\n"),
  );
  return undefined;
}

async function register(context: Context, args: Args) {
  const profile = await profileFrom(context, args);
  const name = text(args, "name");
  if (name) profile.name = name;
  if (!profile.name || !profile.bootstrapServers)
    throw new UsageError("Name it and its bootstrap servers: --name NAME --bootstrap HOST:PORT (or a --profile-file)");
  const view = unwrap(await context.client.POST("/api/v1/clusters", { body: profile as Profile }));
  print(context, view, () => `Registered ${view.cluster.name} (${view.cluster.id}): ${view.health.status}`);
  return undefined;
}

async function testConnection(context: Context, args: Args) {
  const profile = await profileFrom(context, args);
  profile.name = text(args, "name") ?? profile.name ?? "connection-test";
  if (!profile.bootstrapServers) throw new UsageError("Name its bootstrap servers: --bootstrap HOST:PORT");
  delete profile.skipTest;
  const result = unwrap(await context.client.POST("/api/v1/clusters/test", { body: profile as Profile }));
  print(context, result, () =>
    result.ok
      ? `Reached ${result.brokers} broker(s) of Kafka cluster ${result.clusterId ?? "-"}`
      : `Not reached: ${result.error ?? "no broker answered"}`,
  );
  return result.ok ? undefined : 2;
}

async function change(context: Context, args: Args) {
  const { id } = await clusterNamed(context, positional(args, 0));
  const patch = await profileFrom(context, args);
  const rename = text(args, "rename");
  if (rename) patch.name = rename;
  if (flag(args, "keep-secrets")) patch.keepSecrets = true;
  const view = unwrap(
    await context.client.PATCH("/api/v1/clusters/{id}", {
      params: { path: { id } },
      body: patch as Patch,
    }),
  );
  print(context, view, () => `Changed ${view.cluster.name} (${view.cluster.id}): ${view.health.status}`);
  return undefined;
}

async function forget(context: Context, args: Args) {
  const cluster = await clusterNamed(context, positional(args, 0));
  await typedBack(context, "cluster", cluster.name, text(args, "name"));
  const answer = unwrap(await context.client.DELETE("/api/v1/clusters/{id}", { params: { path: { id: cluster.id } } }));
  print(context, answer, () => `Forgot ${answer.deleted.name} (${answer.deleted.id}); its Kafka is left as it is`);
  return undefined;
}

async function refresh(context: Context, args: Args) {
  const { id } = await clusterNamed(context, positional(args, 0));
  const view = unwrap(await context.client.POST("/api/v1/clusters/{id}/refresh", { params: { path: { id } } }));
  print(context, view, () => describeCluster(view));
  return undefined;
}

async function confirmIdentity(context: Context, args: Args) {
  const { id } = await clusterNamed(context, positional(args, 0));
  const view = unwrap(
    await context.client.POST("/api/v1/clusters/{id}/confirm-identity", {
      params: { path: { id } },
      body: { brokerClusterId: positional(args, 1) },
    }),
  );
  print(context, view, () => `${view.cluster.name} now expects Kafka cluster ${view.cluster.brokerClusterId}`);
  return undefined;
}

const SECRETS_RULE =
  "Secrets never come from an argument: the SASL password from standard input (--password-stdin) or " +
  "$KCP_SASL_PASSWORD; any other secret (TLS key, OAuth token, kubeconfig) in the --profile-file.";

export const clusterCommands: CommandSpec[] = [
  {
    path: ["clusters"],
    positionals: [],
    options: CLUSTER_LIST_OPTIONS,
    summary: "the clusters with their health and how old each view is; filtered, sorted and paged as asked",
    details: [
      "With no option: every cluster by name. The last line counts the matching clusters by health (ignoring " +
        "--health) and the stale ones: a view is stale when older than twice its collection interval plus the " +
        "collection timeout (the collectors are not keeping up, or none runs).",
    ],
    examples: [
      "kcp clusters",
      "kcp clusters --labels env=prod,team!=payments --health critical,warning --sort worst",
      "kcp clusters --stale true --sort stalest",
      "kcp clusters --name pay --provider agent --limit 20 --offset 20 --json",
    ],
    run: async (context, args) => {
      await listClusters(context, args);
      return undefined;
    },
  },
  {
    path: ["clusters", "list"],
    positionals: [],
    options: CLUSTER_LIST_OPTIONS,
    summary: "the clusters with their health (as kcp clusters, same options)",
    examples: ["kcp clusters list", "kcp clusters list --health critical --sort worst"],
    run: async (context, args) => {
      await listClusters(context, args);
      return undefined;
    },
  },
  {
    path: ["overview"],
    positionals: [],
    options: {},
    summary: "every cluster's health, with the totals across them",
    examples: ["kcp overview"],
    run: overview,
  },
  {
    path: ["clusters", "show"],
    positionals: ["CLUSTER"],
    options: {},
    summary: "one cluster: its connection, health, issues and what it does not offer",
    examples: ["kcp clusters show prod"],
    run: show,
  },
  {
    path: ["clusters", "register"],
    positionals: [],
    options: { name: { type: "string", value: "NAME", help: "the cluster's name" }, ...PROFILE_OPTIONS },
    summary: "registers a cluster (its connection tested first unless --skip-test)",
    details: [SECRETS_RULE],
    examples: [
      "kcp clusters register --name prod --bootstrap kafka-1:9092,kafka-2:9092 --label env=prod",
      "printf '%s\\n' \"$PW\" | kcp clusters register --name prod --bootstrap kafka-1:9093 --protocol SASL_SSL \\\n" +
        "      --sasl-mechanism SCRAM-SHA-512 --sasl-username kcp --password-stdin",
      "kcp clusters register --name prod --profile-file prod.yaml     # name, bootstrapServers, security, secrets, ..",
    ],
    run: register,
  },
  {
    path: ["clusters", "test"],
    positionals: [],
    options: { name: { type: "string", value: "NAME", help: "the cluster's name" }, ...PROFILE_OPTIONS },
    summary: "tests a connection profile without registering it (exit 2 when not reached)",
    details: [SECRETS_RULE],
    examples: ["kcp clusters test --bootstrap kafka-1:9092"],
    run: testConnection,
  },
  {
    path: ["clusters", "change"],
    positionals: ["CLUSTER"],
    options: {
      rename: { type: "string", value: "NAME", help: "its new name" },
      ...PROFILE_OPTIONS,
      "keep-secrets": {
        type: "boolean",
        help: "admin: keep the stored secrets although where or how it is reached changes",
      },
    },
    summary: "changes a cluster's name, connection or labels (what is not named stays)",
    details: [SECRETS_RULE],
    examples: [
      "kcp clusters change prod --label env=prod --label team=core",
      "kcp clusters change prod --rename prod-eu",
    ],
    run: change,
  },
  {
    path: ["clusters", "forget"],
    positionals: ["CLUSTER"],
    options: { name: { type: "string", value: "NAME", help: "the cluster's name typed back" } },
    summary: "deregisters a cluster (its Kafka is untouched); its name typed back, as in the console",
    details: ["Without --name, the name is asked at a terminal; a script names it with --name."],
    examples: ["kcp clusters forget staging --name staging"],
    run: forget,
  },
  {
    path: ["clusters", "refresh"],
    positionals: ["CLUSTER"],
    options: {},
    summary: "collects the cluster now and shows its health",
    examples: ["kcp clusters refresh prod"],
    run: refresh,
  },
  {
    path: ["clusters", "confirm-identity"],
    positionals: ["CLUSTER", "KAFKA_CLUSTER_ID"],
    options: {},
    summary: "accepts the Kafka cluster id the cluster now reports (after its identity_changed issue)",
    examples: ["kcp clusters confirm-identity prod Mk3OEYBSD34fcwNTJENDM2Qk"],
    run: confirmIdentity,
  },
];
