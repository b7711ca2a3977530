import type { Quorum } from "@kcp/shared";
import { metadataV12 } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { kafkaErrorNames, toKafkaAppError } from "../errors.js";
import { addRaftVoterV0 } from "../protocol/add-raft-voter-v0.js";
import { removeRaftVoterV0 } from "../protocol/remove-raft-voter-v0.js";
import { fromKafkaUuid } from "../protocol/uuid.js";
import { readQuorum } from "../snapshot/quorum.js";

export interface VoterRef {
  nodeId: number;
  /** Kafka's form: 22 characters of base64url. */
  directoryId: string;
}

export interface NewVoter extends VoterRef {
  endpoints: { name: string; host: string; port: number }[];
}

const ADD_VOTER_TIMEOUT_MS = 60_000;

async function clusterIdOf(client: KafkaClient): Promise<string> {
  const metadata = await metadataV12.api.async(await client.anyConnection(), [], false, false);
  if (!metadata.clusterId) throw new Error("The cluster did not tell its id");
  return metadata.clusterId;
}

const isVoter = (quorum: Quorum, voter: VoterRef) =>
  quorum.voters.some((v) => v.nodeId === voter.nodeId && v.directoryId === voter.directoryId);

export async function describeQuorum(client: KafkaClient): Promise<Quorum> {
  try {
    return await readQuorum(client);
  } catch (error) {
    throw toKafkaAppError(error, "describing the metadata quorum");
  }
}

/** AddRaftVoter, unless the node already is a voter with that directory (safe to run twice). */
export async function addVoter(client: KafkaClient, voter: NewVoter): Promise<{ added: boolean }> {
  if (isVoter(await describeQuorum(client), voter)) return { added: false };
  try {
    await addRaftVoterV0.async(await client.anyConnection(), {
      clusterId: await clusterIdOf(client),
      timeoutMs: ADD_VOTER_TIMEOUT_MS,
      voterId: voter.nodeId,
      voterDirectoryId: fromKafkaUuid(voter.directoryId),
      listeners: voter.endpoints,
    });
    return { added: true };
  } catch (error) {
    throw toKafkaAppError(error, `adding voter ${voter.nodeId}`);
  }
}

/** RemoveRaftVoter, unless the node is no longer a voter (safe to run twice). */
export async function removeVoter(client: KafkaClient, voter: VoterRef): Promise<{ removed: boolean }> {
  if (!isVoter(await describeQuorum(client), voter)) return { removed: false };
  try {
    await removeRaftVoterV0.async(await client.anyConnection(), {
      clusterId: await clusterIdOf(client),
      voterId: voter.nodeId,
      voterDirectoryId: fromKafkaUuid(voter.directoryId),
    });
    return { removed: true };
  } catch (error) {
    // A retry of a removal that Kafka had committed before the worker died.
    if (kafkaErrorNames(error).includes("VOTER_NOT_FOUND")) return { removed: false };
    throw toKafkaAppError(error, `removing voter ${voter.nodeId}`);
  }
}
