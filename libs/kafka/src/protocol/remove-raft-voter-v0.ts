import { createAPI, Writer } from "@platformatic/kafka";
import { parseRaftVoterResponse, type RaftVoterResponse } from "./raft-voter-response.js";

/**
 * RemoveRaftVoter v0 (KIP-853, Kafka 3.9+), which @platformatic/kafka lacks: removes a voter from a dynamic quorum
 * (the controller keeps running as an observer). Any broker forwards it to the active controller.
 *
 * Request (Version: 0) => cluster_id voter_id voter_directory_id TAG_BUFFER
 */
export interface RemoveRaftVoterArgs {
  clusterId: string | null;
  voterId: number;
  /** The directory id as hyphenated hex (as @platformatic/kafka reads Uuids). */
  voterDirectoryId: string;
}

function createRequest(args: RemoveRaftVoterArgs): Writer {
  return Writer.create()
    .appendString(args.clusterId)
    .appendInt32(args.voterId)
    .appendUUID(args.voterDirectoryId)
    .appendTaggedFields();
}

export const removeRaftVoterV0 = createAPI<[args: RemoveRaftVoterArgs], RaftVoterResponse>(
  81,
  0,
  createRequest,
  parseRaftVoterResponse,
);
