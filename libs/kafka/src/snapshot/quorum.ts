import type { Quorum, QuorumNode } from "@kcp/shared";
import { describeQuorumV2 } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { toKafkaUuid } from "../protocol/uuid.js";

const METADATA_TOPIC = "__cluster_metadata";

/** DescribeQuorum v2: the metadata quorum's leader, voters and observers with lag, directory ids and endpoints. */
export async function readQuorum(client: KafkaClient): Promise<Quorum> {
  const response = await describeQuorumV2.api.async(await client.anyConnection(), [
    { topicName: METADATA_TOPIC, partitions: [{ partitionIndex: 0 }] },
  ]);
  const partition = response.topics[0]?.partitions[0];
  if (!partition) throw new Error("DescribeQuorum returned no partition");
  const endpoints = new Map(response.nodes.map((n) => [n.nodeId, n.listeners]));
  const leaderEnd = partition.currentVoters.find((v) => v.replicaId === partition.leaderId)?.logEndOffset ?? -1n;
  const node = (replica: describeQuorumV2.DescribeQuorumResponseVoter, voter: boolean): QuorumNode => {
    const directoryId = toKafkaUuid(replica.replicaDirectoryId);
    return {
      nodeId: replica.replicaId,
      ...(directoryId ? { directoryId } : {}),
      role: !voter ? "observer" : replica.replicaId === partition.leaderId ? "leader" : "follower",
      logEndOffset: Number(replica.logEndOffset),
      lag: leaderEnd >= 0n && replica.logEndOffset >= 0n ? Math.max(0, Number(leaderEnd - replica.logEndOffset)) : -1,
      lastFetchTimestamp: Number(replica.lastFetchTimestamp),
      lastCaughtUpTimestamp: Number(replica.lastCaughtUpTimestamp),
      endpoints: (endpoints.get(replica.replicaId) ?? []).map((l) => ({ name: l.name, host: l.host, port: l.port })),
    };
  };
  return {
    leaderId: partition.leaderId,
    leaderEpoch: partition.leaderEpoch,
    highWatermark: Number(partition.highWatermark),
    voters: partition.currentVoters.map((v) => node(v, true)),
    observers: partition.observers.map((o) => node(o, false)),
  };
}
