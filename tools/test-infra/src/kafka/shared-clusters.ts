import { sharedInstance } from "../common/index.js";
import type { AgentKafkaCluster } from "./agents.js";
import { type KafkaCluster, startCluster } from "./cluster.js";
import type { Topology } from "./spec.js";
import { DEFAULT_KAFKA_VERSION, type KafkaVersion } from "./versions.js";

/**
 * The run's cluster of a topology and version, started on first use and shared by every test that asks for it
 * (stopped by the mocha root hook). The shared `3c3b` also runs controller 7 as an observer, ready for AddRaftVoter.
 * A test that changes a shared cluster (stops a broker, changes the quorum) restores it before it ends; a test that
 * breaks a cluster for good starts its own with `startCluster`.
 */
export function getSharedCluster(topology: Topology, options: { version?: KafkaVersion } = {}): Promise<KafkaCluster> {
  const version = options.version ?? DEFAULT_KAFKA_VERSION;
  return sharedInstance(`kafka:${topology}:${version}`, () =>
    startCluster({ topology, version, name: `shared-${topology}-${version}`, extraController: topology === "3c3b" }),
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
