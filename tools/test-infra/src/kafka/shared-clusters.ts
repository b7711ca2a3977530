import { sharedInstance } from "../common/index.js";
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
