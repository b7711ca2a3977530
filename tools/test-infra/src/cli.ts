import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { CHROMIUM_PATH, ensureChromium } from "./browser/chromium.js";
import { ensurePrerequisites, probePrerequisites } from "./common/index.js";
import { CONTAINER_TEST_VERSIONS, ensureKafkaImages, kafkaImage } from "./container/images.js";
import { startPodman } from "./container/podman.js";
import { ensureHelm, helmBuilt } from "./helm/helm.js";
import { type AgentClusterDescription, startAgentCluster, stopDescribedAgentCluster } from "./kafka/agents.js";
import { type ClusterDescription, startCluster } from "./kafka/cluster.js";
import { resolveKafka } from "./kafka/maven.js";
import { forgetCluster, isAlive, listClusters, loadCluster, saveCluster, stopProcesses } from "./kafka/registry.js";
import { TOPOLOGIES, type Topology } from "./kafka/spec.js";
import { DEFAULT_KAFKA_VERSION, isKafkaVersion, KAFKA_VERSIONS } from "./kafka/versions.js";
import { ensureKubernetesBinaries, KUBERNETES_VERSION, kubernetesBinariesBuilt } from "./kubernetes/binaries.js";
import { ensureKubernetesNodeParts, kubernetesNodePartsBuilt, startKubernetesNode } from "./kubernetes/node.js";
import { NODE, nodeLeftovers, removeNode } from "./kubernetes/node-host.js";
import { STRIMZI_VERSION, strimziCrds } from "./kubernetes/strimzi-crds.js";
import { ensureSlapd } from "./ldap/slapd-binary.js";
import { ensureFerretDb, ferretDbBuilt } from "./mongo/ferretdb-binary.js";
import { ensurePromlint, promlintBuilt } from "./prometheus/promlint.js";
import { ensurePromtool, promtoolBuilt } from "./prometheus/promtool.js";
import { ensureRedisServer } from "./redis/redis-binary.js";
import { ensureSchemathesis, SCHEMATHESIS_VERSION } from "./schemathesis/index.js";

const USAGE = `usage:
  npm run kafka -- up --topology <${TOPOLOGIES.join("|")}> [--version <${KAFKA_VERSIONS.join("|")}>] [--name NAME] [--extra-controller] [--agents]
  npm run kafka -- down --name NAME
  npm run kafka -- status
  npm run kafka -- k8s up|down|status   (a real single-node Kubernetes in the network namespace ${NODE.netns}: up prints its
                                 API server, kubeconfig file and addresses; down removes everything it made on the host)
  npm run kafka -- check        (before anything is built: every prerequisite missing named at once, with how to get it;
                                 Debian's redis-server and chromium installed where the harness may)
  npm run kafka -- install      (what the tests run on: Kafka jars of every version, redis-server, FerretDB, Chromium, promlint, promtool, helm,
                                 the Kubernetes node's binaries and pause image, Strimzi's CRDs, Podman and the Kafka images of the
                                 container tests)
'up' prints one JSON object (on one line when piped: use 'npm run -s kafka -- up ... | jq'); the cluster runs until 'down'.
'--agents': every node run by its own node agent serving HTTPS (not with secure); the JSON adds provider,
settings.agents (the profile's), the agents' pids and folders, signingKeyFile (the private key the agents trust, mode
0600), caFile (the CA their certificates chain to) and serviceEnv: the service's AGENT_SIGNING_KEY_FILE, AGENT_URLS
and AGENT_CA_FILE, ready to export. The key itself is never printed.`;

/** The agents of a cluster started with `--agents` (none for the others). */
function agentsOf(description: ClusterDescription | undefined): AgentClusterDescription["agents"] {
  return (description as Partial<AgentClusterDescription> | undefined)?.agents ?? [];
}

function print(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, process.stdout.isTTY ? 2 : undefined)}\n`);
}

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

async function up(values: Record<string, string | boolean | undefined>): Promise<void> {
  const topology = String(values.topology ?? "");
  if (!(TOPOLOGIES as readonly string[]).includes(topology)) fail(`unknown or missing --topology: "${topology}"`);
  const version = String(values.version ?? DEFAULT_KAFKA_VERSION);
  if (!isKafkaVersion(version)) fail(`unsupported --version ${version}`);
  const name = String(values.name ?? topology);
  const existing = await loadCluster(name);
  if (existing?.nodes.some((n) => isAlive(n.pid)) || agentsOf(existing).some((a) => isAlive(a.pid)))
    fail(`a cluster named ${name} is running; 'down --name ${name}' first`);
  const agents = values.agents === true;
  if (agents && topology === "secure") fail("--agents does not run the secure topology");
  process.stderr.write(`starting ${topology} Kafka ${version} as "${name}"${agents ? " (node agents)" : ""}\n`);
  const options = {
    topology: topology as Topology,
    version,
    name,
    detached: true,
    extraController: values["extra-controller"] === true,
  };
  const cluster = agents ? await startAgentCluster(options) : await startCluster(options);
  const description = cluster.describe();
  await saveCluster(description);
  print(description);
}

async function down(values: Record<string, string | boolean | undefined>): Promise<void> {
  if (typeof values.name !== "string") fail("down needs --name");
  const description = await loadCluster(values.name);
  if (!description) fail(`no cluster named ${values.name}`);
  if ("provider" in description && description.provider === "agent") {
    await stopDescribedAgentCluster(description as AgentClusterDescription);
  }
  await stopProcesses(description);
  await forgetCluster(values.name);
  print({ name: values.name, stopped: true });
}

async function status(): Promise<void> {
  const clusters = await listClusters();
  print({
    clusters: clusters.map((c) => ({
      name: c.name,
      topology: c.topology,
      version: c.version,
      bootstrapServers: c.bootstrapServers,
      nodes: c.nodes.map((n) => ({ id: n.id, roles: n.roles, pid: n.pid, alive: isAlive(n.pid) })),
      ...(agentsOf(c).length === 0
        ? {}
        : { agents: agentsOf(c).map((a) => ({ agentId: a.agentId, url: a.url, pid: a.pid, alive: isAlive(a.pid) })) }),
    })),
  });
}

/**
 * Installs every real component the tests start, once, before mocha runs: a first install (Maven downloads, the
 * FerretDB build) takes minutes, more than any single test's time limit should allow.
 */
async function install(): Promise<void> {
  for (const version of KAFKA_VERSIONS) await resolveKafka(version);
  await ensureRedisServer();
  await ensureSlapd();
  if (!process.env.MONGO_URL?.trim()) await ensureFerretDb();
  await ensureChromium();
  await ensurePromlint();
  await ensurePromtool();
  await ensureHelm();
  await ensureKubernetesBinaries();
  await ensureKubernetesNodeParts();
  await strimziCrds();
  await ensureSchemathesis();
  const podman = await startPodman();
  try {
    await ensureKafkaImages(podman, CONTAINER_TEST_VERSIONS);
  } finally {
    await podman.stop();
  }
  print({
    installed: {
      kafka: KAFKA_VERSIONS,
      redis: true,
      ferretdb: !process.env.MONGO_URL?.trim(),
      chromium: true,
      promlint: true,
      promtool: true,
      helm: true,
      kubernetes: KUBERNETES_VERSION,
      strimziCrds: STRIMZI_VERSION,
      schemathesis: SCHEMATHESIS_VERSION,
      kafkaImages: CONTAINER_TEST_VERSIONS.map(kafkaImage),
    },
  });
}

/** The machine's prerequisites, checked before `npm test` builds anything (see ensurePrerequisites). */
async function check(): Promise<void> {
  const needGo =
    (!process.env.MONGO_URL?.trim() && !(await ferretDbBuilt())) ||
    !(await promlintBuilt()) ||
    !(await promtoolBuilt()) ||
    !(await helmBuilt()) ||
    !(await kubernetesBinariesBuilt()) ||
    !(await kubernetesNodePartsBuilt());
  await ensurePrerequisites(await probePrerequisites({ chromiumPresent: existsSync(CHROMIUM_PATH), needGo }));
}

/** `k8s up|down|status`: the harness's Kubernetes node by hand (tests start their own: see getSharedKubernetesNode). */
async function kubernetes(action: string | undefined): Promise<void> {
  if (action === "up") {
    const node = await startKubernetesNode({ detached: true });
    print({
      url: node.url,
      kubeconfigFile: node.kubeconfigFile,
      node: node.nodeName,
      nodeAddress: node.nodeAddress,
      hostAddress: node.hostAddress,
      podCidr: node.podCidr,
      serviceCidr: node.serviceCidr,
      dir: node.dir,
      netns: NODE.netns,
    });
  } else if (action === "down") {
    await removeNode();
    print({ removed: true, leftovers: await nodeLeftovers() });
  } else if (action === "status") print({ running: (await nodeLeftovers()).length > 0, parts: await nodeLeftovers() });
  else fail(`unknown k8s action "${action ?? ""}"`);
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      topology: { type: "string" },
      version: { type: "string" },
      name: { type: "string" },
      "extra-controller": { type: "boolean" },
      agents: { type: "boolean" },
    },
  });
  const command = positionals[0];
  if (command === "up") await up(values);
  else if (command === "down") await down(values);
  else if (command === "status") await status();
  else if (command === "check") await check();
  else if (command === "install") await install();
  else if (command === "k8s") await kubernetes(positionals[1]);
  else fail(`unknown command "${command ?? ""}"`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
