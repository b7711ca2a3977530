import { sharedInstance } from "../common/index.js";
import type { AgentKafkaCluster } from "./agents.js";
import type { SaslPasswordMechanism } from "./clients.js";
import { type KafkaCluster, startCluster } from "./cluster.js";
import { withAdmin } from "./helpers.js";
import type { Topology } from "./spec.js";
import { DEFAULT_KAFKA_VERSION, type KafkaVersion } from "./versions.js";

/**
 * The run's cluster of a topology and version, started on first use and shared by every test that asks for it
 * (stopped by the mocha root hook). The shared `3c3b` also runs controller 7 as an observer, ready for AddRaftVoter.
 * A test that changes a shared cluster (stops a broker, changes the quorum) restores it before it ends; a test that
 * breaks a cluster for good starts its own with `startCluster`.
 */
export async function getSharedCluster(
  topology: Topology,
  options: { version?: KafkaVersion } = {},
): Promise<KafkaCluster> {
  const version = options.version ?? DEFAULT_KAFKA_VERSION;
  const key = `kafka:${topology}:${version}`;
  const cluster = await sharedInstance(key, () =>
    startCluster({ topology, version, name: `shared-${topology}-${version}`, extraController: topology === "3c3b" }),
  );
  if (topology === "secure") await checkSuperUserLogins(cluster, key);
  return cluster;
}

/** The test files of this process that were handed each shared `secure` cluster, in order. */
const secureHandouts = new Map<string, string[]>();
const CURRENT_FILE = Symbol.for("kcp.test-infra.current-file");
const SUPER_USER_MECHANISMS: SaslPasswordMechanism[] = ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"];

/**
 * A shared `secure` cluster is handed out again only while its super user still logs in with every password
 * mechanism: every file after the one that changed a credential or a listener's SASL settings would otherwise fail on
 * a login with no hint of the cause. The error names the refused mechanisms and the files handed the cluster before.
 */
async function checkSuperUserLogins(cluster: KafkaCluster, key: string): Promise<void> {
  const file = (globalThis as Record<symbol, string | undefined>)[CURRENT_FILE] ?? "(no test file)";
  const before = secureHandouts.get(key) ?? [];
  secureHandouts.set(key, [...before, file]);
  if (before.length === 0) return;
  const superUser = cluster.spec.credentials?.superUser;
  if (!superUser) return;
  const refused = (
    await Promise.all(
      SUPER_USER_MECHANISMS.map((mechanism) =>
        withAdmin(cluster, (admin) => admin.metadata({ topics: [] }), {
          listener: "SASL_PLAINTEXT",
          mechanism,
          ...superUser,
        }).then(
          () => undefined,
          (error: unknown) => `${mechanism} (${(error as Error).message})`,
        ),
      ),
    )
  ).filter((entry) => entry !== undefined);
  if (refused.length === 0) return;
  const earlier = [...new Set(before)].join(", ");
  throw new Error(
    `the shared cluster ${cluster.name} refuses its super user ${superUser.username}'s login with ${refused.join(", ")}: a file handed it earlier in this process left it changed (${earlier})`,
  );
}

/**
 * The run's cluster of a topology and version whose every node is run by its own node agent (as `startCluster({
 * agents: true })`: the cluster's version installed, no spare agent, no controller 7), started on first use and shared
 * by every test that asks for it. A test may stop, start, kill or roll its nodes through the agents and the control
 * plane, and leaves every node running again (on the same version) before it ends; a test that changes what a later
 * one would notice for good (a version, the quorum, the installed versions, a node's configuration) starts its own.
 */
export function getSharedAgentCluster(
  topology: Exclude<Topology, "secure">,
  options: { version?: KafkaVersion } = {},
): Promise<AgentKafkaCluster> {
  const version = options.version ?? DEFAULT_KAFKA_VERSION;
  // The key names the topology second, as every shared Kafka cluster's does (the test runner reads its start cost).
  return sharedInstance(`kafka:${topology}:${version}:agents`, () =>
    startCluster({ topology, version, name: `shared-agents-${topology}-${version}`, agents: true }),
  );
}
